// uses: util.js, client.js, state.js, notice.js
// "Your answer": a link's `&yours=<moves>` (as `judge run` and `judge stress` print it under a
// failure) drawn beside the page's answer, both stepped, with the first move where the two part
// and why there: the move does not exist on that board, the tie rule's table at that board (the
// first move in the judge's order that comes closer is the judge's), yours goes on past the end,
// or yours stops short. Every board and distance comes from the crate (replay, inspect, and the
// puzzle's `choicesAt`); this script only compares the two move strings and draws.
'use strict';

// The longest answer a link may carry: the judge's links stop at this many moves (LONGEST in
// judge-tests/src/run/link.rs), and no shortest answer of the three puzzles comes near it.
const YOURS_MOST_MOVES = 64;
// How much of a bad answer a notice quotes.
const YOURS_QUOTED_CHARS = 40;

const yours = {
  // The panel's comparison: your moves and boards, the first that does not exist (`illegal`, with
  // the crate's `why`), whether yours `ends` at the end; the right moves and boards; where the two
  // part, the `reason`, and the tie rule's `table` at that board.
  shown: null,

  hide() {
    takeTicket('yours');  // a comparison still running is dropped
    this.shown = null;
    $('yours').hidden = true;
  },

  // The panel for `value`, the link's answer (letters or digits as the judge writes them; empty:
  // the empty answer), compared with the page's answer of the case shown; a notice instead when
  // the value or the case cannot be compared.
  async show(value) {
    this.hide();
    const p = state.puzzle, letters = state.described[p.name].moves, text = (value || '').trim();
    const quoted = `“${text.slice(0, YOURS_QUOTED_CHARS)}${text.length > YOURS_QUOTED_CHARS ? '…' : ''}”`;
    const unknown = [...text].find((letter) => !letters.includes(letter));
    if (unknown !== undefined) {
      notice(`This link's answer ${quoted} has “${unknown}”, which is not a move of ${p.title} (${letters.join(', ')}): it is not drawn.`);
      return;
    }
    if (text.length > YOURS_MOST_MOVES) {
      notice(`This link's answer has ${count(text.length, 'move')}, more than the ${YOURS_MOST_MOVES} a link carries: it is not drawn.`);
      return;
    }
    if (!state.tokens || !state.boards.length) {
      notice(`This link's answer ${quoted} has no case to be compared with: the input is not one case of ${p.title}.`);
      return;
    }
    this.wire();
    const ticket = takeTicket('yours');
    try {
      const shown = await this.compare([...text]);
      if (!current('yours', ticket)) return;  // another link was followed meanwhile
      this.shown = shown;
    } catch (error) { failed(error); return; }
    this.draw();
    $('yours').hidden = false;
    $('yours').scrollIntoView();
  },

  // Your moves played by the crate from the playback's start, as far as they exist: the boards and
  // the index of the first move that does not (null when all do), with the crate's reason.
  async replayed(moves) {
    const p = state.puzzle, from = this.start().join(',');
    const replay = (n) => client.call({ op: 'replay', code: p.code, board: from, moves: moves.slice(0, n).join('') });
    const whole = await replay(moves.length);
    if (!whole.error) return { boards: whole.boards, illegal: null, why: null };
    // A prefix plays when every move of it exists: the longest that plays, by halving.
    let low = 0, high = moves.length;  // the prefix of `low` moves plays, of `high` does not
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if ((await replay(middle)).error) high = middle; else low = middle;
    }
    const [played, failing] = await Promise.all([replay(low), replay(high)]);
    return { boards: played.boards, illegal: low, why: failing.error };
  },

  // The playback's first board: the case, or for Magic Squares the basic state (its answers build
  // the case).
  start() {
    const described = state.described[state.puzzle.name];
    return described.start === 'case' ? state.tokens : described.start.split(',');
  },

  // Where answers end: the goal, or for Magic Squares the case.
  end() {
    const described = state.described[state.puzzle.name];
    return (described.start === 'case' ? described.goal.split(',') : state.tokens).join(',');
  },

  // Your `moves` against the page's answer of the case shown: where the two first part (a move
  // index; null when they are the same) and the reason, 'illegal', 'longer', 'short', 'tie' or
  // 'farther' (yours is not closer there), or 'no-answer' when the case has no answer of moves.
  async compare(moves) {
    // The case and the page's answer as they are now: the panel keeps them, whatever is shown later.
    const p = state.puzzle, right = state.answerKind === 'moves' ? state.moves : null, rightBoards = state.boards, end = this.end();
    const fixed = { puzzle: p, tokens: state.tokens, moveNames: state.described[p.name].moves, printed: (state.output.stdout.split('\n')[0] || '').trim() };
    const { boards, illegal, why } = await this.replayed(moves);
    const last = boards[boards.length - 1];
    const shown = { ...fixed, moves, boards, illegal, why, right, rightBoards, end, ends: illegal === null && last.board === end };
    if (!right) return { ...shown, parting: 0, reason: 'no-answer' };
    let parting = 0;
    while (parting < moves.length && parting < right.length && moves[parting] === right[parting]) parting++;
    if (parting === moves.length && parting === right.length) return { ...shown, parting: null, reason: 'same' };
    if (parting === illegal) return { ...shown, parting, reason: 'illegal' };
    if (parting === right.length) return { ...shown, parting, reason: 'longer' };
    if (parting === moves.length) return { ...shown, parting, reason: 'short' };
    // The two part on one board: the tie rule's table there, from the crate's distances.
    const call = (message) => client.call(message);
    const table = p.choicesAt ? await p.choicesAt(rightBoards, parting, call) : await this.distancesAt(p, rightBoards[parting].board);
    const closer = table.after[moves[parting]] === table.distance - 1;
    return { ...shown, parting, table, reason: closer ? 'tie' : 'farther' };
  },

  // A board's distance to the goal and each move's, from the crate's `inspect` (for a puzzle
  // whose view has no `choicesAt`).
  async distancesAt(p, board) {
    const info = await client.call({ op: 'inspect', code: p.code, board });
    return { distance: info.distance, after: Object.fromEntries((info.moves || []).map((m) => [m.move, m.distance])) };
  },

  // Why the two part, in words.
  reasonText(s) {
    const p = s.puzzle, at = s.parting === null ? 0 : s.parting + 1, mine = s.moves[s.parting], theirs = s.right ? s.right[s.parting] : null;
    const endName = p.answerEnd || 'the goal';
    const after = s.parting ? `after move ${s.parting}` : 'at the start';
    const total = `Yours has ${count(s.moves.length, 'move')}` + (s.reason === 'illegal' ? '.' :
      s.illegal !== null ? `, and move ${s.illegal + 1} (${s.moves[s.illegal]}) does not exist on its board: ${s.why}.` :
        s.ends ? ` and ends at ${endName}.` : ` and does not end at ${endName}.`);
    switch (s.reason) {
      case 'same': return `Your answer is the page's answer, move for move. ${total}`;
      case 'no-answer': return `This case has no answer of moves (the binary prints “${s.printed}”), so yours parts from it at once. ${total}`;
      case 'illegal': return `The two part at move ${at}: yours plays ${mine}, which does not exist on that board (${s.why}); the right answer plays ${theirs}. ${total}`;
      case 'longer': return `The two part ${after}: the right answer ends there, at ${endName}, with ${count(s.right.length, 'move')}; yours goes on with ${count(s.moves.length - s.right.length, 'more move')}, so it is longer than the shortest. ${total}`;
      case 'short': return `The two part ${after}: yours stops there, but the right answer needs ${count(s.right.length - s.parting, 'more move')} to reach ${endName}. ${total}`;
      case 'tie': return `The two part at move ${at}: from that board, ${count(s.table.distance, 'move')} from ${endName}, both ${theirs} and ${mine} come one closer; ` +
        `the judge's order is ${p.order}, so the first that comes closer, ${theirs}, is the judge's (the tie rule, in the table below). ${total}`;
      default: return `The two part at move ${at}: from that board, ${count(s.table.distance, 'move')} from ${endName}, ${theirs} comes one closer, ` +
        `but yours, ${mine}, leads to ${this.distance(s.table.after[mine])}, so no shortest answer plays it (see the table below). ${total}`;
    }
  },

  // The board a move leads to, in words: how far it is from the end (null: beyond the tables).
  distance: (d) => (d === null || d === undefined ? 'a board beyond the table' : `a board ${count(d, 'move')} away`),

  // The panel: the summary, both answers' strings, the tie table and the stepper at the parting.
  draw() {
    const s = this.shown;
    const box = $('yours');
    box.dataset.parting = s.parting === null ? '' : String(s.parting);
    box.dataset.reason = s.reason;
    box.dataset.yours = s.moves.join('');
    $('yours-text').textContent = this.reasonText(s);
    const right = s.right ? s.right.join('') || '(the empty answer)' : s.printed;
    $('yours-right-moves').textContent = right;
    $('yours-mine-moves').textContent = s.moves.join('') || '(the empty answer)';
    $('yours-case').textContent = s.tokens.join(' ');
    this.table();
    const last = Math.max(s.right ? s.right.length : 0, s.moves.length);
    const slider = $('yours-step');
    slider.max = last;
    this.go(s.parting === null ? 0 : s.parting);
  },

  // The tie rule's table at the parting board (method.choices's columns): its distance and each
  // move's, in the judge's order; the judge's move shaded, yours marked, each that comes closer
  // outlined.
  table() {
    const s = this.shown, p = s.puzzle, holder = $('yours-choices');
    holder.replaceChildren();
    if (!s.table) return;
    const order = Object.keys(p.moveTitles), mine = s.moves[s.parting], theirs = s.right[s.parting];
    const cells = order.map((move) => {
      const after = s.table.after[move];
      const marks = [move === theirs ? 'the judge\'s' : '', move === mine ? 'yours' : ''].filter(Boolean).join(', ');
      return html('td', {
        className: [move === theirs ? 'taken' : '', move === mine ? 'yours' : '', after === s.table.distance - 1 ? 'closer' : ''].filter(Boolean).join(' '),
        dataset: { move }, textContent: (after === undefined ? '—' : after === null ? '?' : after) + (marks ? ` (${marks})` : ''),
      });
    });
    holder.append(html('table', { className: 'numbers' },
      html('caption', { textContent: `The tie rule at the board before move ${s.parting + 1}: its distance to ${p.answerEnd || 'the goal'} and the distance each move leads to, ` +
        `in ${p.order} order; the first one closer is the judge's` }),
      html('thead', {}, html('tr', {}, ...['move', 'distance', ...order].map((t) => html('th', { scope: 'col', textContent: t })))),
      html('tbody', {}, html('tr', {}, html('th', { scope: 'row', textContent: s.parting + 1 }), html('td', { textContent: s.table.distance === null ? '?' : s.table.distance }), ...cells))));
  },

  // Both boards after `step` moves (each answer's last board once it has ended), drawn as the
  // playback draws, without the controls that move the main board.
  go(step) {
    const s = this.shown, p = s.puzzle, slider = $('yours-step');
    step = Math.max(0, Math.min(Number(slider.max), step));
    slider.value = step;
    const rightAt = s.rightBoards.length ? s.rightBoards[Math.min(step, s.rightBoards.length - 1)] : null;
    const mineAt = s.boards[Math.min(step, s.boards.length - 1)];
    const said = [];
    for (const [id, entry, moves, name] of [['yours-right', rightAt, s.right || [], 'the right answer'], ['yours-mine', mineAt, s.moves, 'yours']]) {
      const svg = $(id);
      svg.replaceChildren();
      if (!entry) { svg.setAttribute('aria-label', `${name}: no board`); continue; }
      p.draw(svg, { ...entry, tokens: entry.board.split(',') }, { act: () => {}, hints: null, info: null, caseTokens: null, moveNames: s.moveNames, turn: null, pairs: false, heuristic: false });
      // A picture here, not a control: the board's own buttons stay on the main board.
      for (const node of svg.querySelectorAll('[tabindex], [role=button]')) {
        node.removeAttribute('tabindex'); node.removeAttribute('role'); node.removeAttribute('aria-label');
      }
      const played = Math.min(step, moves.length);
      const where = name === 'yours' && s.illegal !== null && step > s.illegal ? `stuck after ${count(s.illegal, 'move')}: move ${s.illegal + 1} does not exist` : `after ${count(played, 'move')}`;
      const description = `${name}, ${where}: ${p.describe(entry.board.split(','))}`;
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', description);
      said.push(`${name} ${where}`);
    }
    const ends = s.reason === 'longer' || s.reason === 'short';
    const parting = step !== s.parting ? '' : ends ? ' — one of the two ends here' : ' — the two part at the next move';
    $('yours-step-text').textContent = `step ${step} of ${slider.max}: ${said.join('; ')}${parting}`;
    slider.setAttribute('aria-valuetext', `step ${step} of ${slider.max}`);
  },

  wire() {
    const slider = $('yours-step');
    slider.oninput = () => this.go(Number(slider.value));
    $('yours-first').onclick = () => this.go(0);
    $('yours-back').onclick = () => this.go(Number(slider.value) - 1);
    $('yours-forward').onclick = () => this.go(Number(slider.value) + 1);
    $('yours-last').onclick = () => this.go(Number(slider.max));
    $('yours-parting').onclick = () => this.go(this.shown && this.shown.parting !== null ? this.shown.parting : 0);
    $('yours-close').onclick = () => this.hide();
  },
};
