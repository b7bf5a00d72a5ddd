// uses: util.js, client.js, state.js, notice.js, tree.js
// One step of the puzzle's search on one screen (issue 49): the pseudocode stepped a line at a
// time as well as a board at a time, the board taken drawn as large as the case's board (the
// big board follows the search while it is stepped), its neighbours new or seen, and the tree so
// far (tree.js); and the reason a board is marked when it is queued, with the crates' counts.
// watch.js fetches each step from the crate's stepper and hands it here to be drawn.
'use strict';

const lesson = {
  step: null,        // the step shown (watch.js's JSON of it)
  line: null,        // the line of `lines(step)` being performed, or null: the whole step shown
  followed: null,    // the solve during which the person stepped the search: the big board follows it until the next
  pushes: null,      // the crates' counts of the queue's pushes under each marking
  pushesAsked: null, // the call that counts them, while it runs

  // The lines the step performs, in order, each with what it does there: the first line only
  // before the first board; then the loop's test, the take, and for each move tried the move,
  // the test of seen, and for a new board the mark, its parent and distance, and the push.
  lines(step) {
    const p = state.puzzle, board = step.board.split(',').join(' '), out = [];
    if (step.index === 0) out.push({ line: 'start', note: `the queue holds ${p.searchFrom}, marked seen` });
    out.push({ line: 'while', note: `${count(step.queued - step.neighbours.filter((n) => n.new).length + 1, p.units[0], p.units[1])} waiting` });
    out.push({ line: 'take', note: `${board}, at distance ${step.distance}` });
    out.push({ line: 'for', note: `${count(step.neighbours.length, 'move')}: ${step.neighbours.map((n) => n.move).join(', ')}` });
    step.neighbours.forEach((next, i) => {
      out.push({ line: 'move', neighbour: i, note: `move ${next.move}` });
      out.push({ line: 'seen', neighbour: i, note: next.new ? 'not seen: go on' : `seen before, at distance ${next.distance}: skipped` });
      if (!next.new) return;
      out.push({ line: 'mark', neighbour: i, note: `${next.move}'s ${p.units[0]} marked seen` });
      out.push({ line: 'parent', neighbour: i, note: `its parent is the ${p.units[0]} taken; distance ${next.distance}` });
      out.push({ line: 'enqueue', neighbour: i, note: `queued at the back` });
    });
    return out;
  },

  // The step drawn, the whole of it (a board stepped) or up to `line` (a line stepped).
  show(step, line) {
    this.step = step;
    this.line = line === undefined ? null : line;
    const p = state.puzzle, lines = this.lines(step), now = this.line === null ? null : lines[Math.min(this.line, lines.length - 1)];
    for (const li of $('bfs-code').children) li.classList.toggle('now', Boolean(now) && li.dataset.line === now.line);
    const number = now ? [...$('bfs-code').children].findIndex((li) => li.dataset.line === now.line) + 1 : 0;
    $('step-where').textContent = `Step ${grouped(step.index)}` + (now ? `, action ${this.line + 1} of ${lines.length}:` : ': the whole step.');
    $('line-what').textContent = now ? `line ${number}, ${now.note}` : 'Step a line at a time with ◀ line and line ▶.';
    for (const node of document.querySelectorAll('#watch .search-from')) node.textContent = p.searchFrom;
    // Whose step the pseudocode shows (the browser test waits for it after switching puzzles).
    $('bfs-code').dataset.puzzle = p.name;
    // The neighbours, drawn small with their move and new or seen; those the line stepping has
    // not reached yet are left faint and unnamed.
    const reached = now ? (now.neighbour === undefined ? -1 : now.neighbour) : Infinity;
    $('bfs-next').replaceChildren(...step.neighbours.map((next, i) => html('li', {
      className: `${next.new ? 'new' : 'seen'}${i > reached ? ' pending' : ''}${i === reached ? ' trying' : ''}`,
      dataset: { move: next.move, board: next.board, new: next.new },
    }, p.mini(next.board.split(',')), html('small', { textContent: `${next.move} ${i > reached || (i === reached && now.line === 'move') ? '…' : next.new ? 'new' : 'seen'}` }))));
    this.drawBoard(step);
    // The tree as far as the lines performed: the board not yet taken before its take, and of
    // its new neighbours only those already put in the queue.
    const order = lines.indexOf(now), pushed = now ? lines.filter((l, i) => l.line === 'enqueue' && i <= order).length : null;
    tree.draw(step.index, now ? { taken: order >= lines.findIndex((l) => l.line === 'take'), pushed } : null);
  },

  // The board taken, drawn by the puzzle's own view at the case board's size: in the step screen
  // (a picture, shown where the big board is out of sight, page.css), and on the big board itself
  // while the person steps the search.
  drawBoard(step) {
    const p = state.puzzle, tokens = step.board.split(','), copy = $('step-board');
    const entry = { board: step.board, tokens, next: {}, distance: null };
    const ui = { act: () => {}, hints: null, info: null, caseTokens: null, moveNames: (state.described[p.name] || {}).moves || [], turn: null, pairs: false, heuristic: false };
    copy.replaceChildren();
    p.draw(copy, entry, ui);
    copy.onclick = null;
    for (const node of copy.querySelectorAll('[tabindex], [id], [role], [data-move], [data-focus]')) {
      for (const name of ['tabindex', 'id', 'role', 'data-move', 'data-focus']) node.removeAttribute(name);
    }
    if (!this.following()) return;
    const board = $('board'), said = `The ${p.units[0]} the search takes at step ${grouped(step.index)}: ${p.describe(tokens)}`;
    board.replaceChildren();
    board.onclick = null; board.oncontextmenu = null;
    p.draw(board, entry, ui);
    for (const node of board.querySelectorAll('[tabindex]')) node.removeAttribute('tabindex');
    $('board-text').textContent = said;
    board.setAttribute('role', 'img');
    board.setAttribute('aria-label', said);
  },

  // A line forward (+1) or back (−1); past the step's last line, the next step's first, and
  // before its first, the step before's last (`go` fetches it, then `arrived` places it).
  async moveLine(by, go) {
    const step = this.step;
    if (!step) return;
    this.stepped();
    const at = this.line === null ? (by > 0 ? -1 : this.lines(step).length) : this.line, next = at + by;
    if (next >= 0 && next < this.lines(step).length) { this.show(step, next); return; }
    if (step.index + by < 0) { this.show(step, 0); return; }
    this.wantLine = by > 0 ? 'first' : 'last';
    await go(step.index + by);
  },

  // watch.js drew step `step`: the lesson's parts follow, at the line a line step asked for.
  arrived(step) {
    const wanted = this.wantLine;
    this.wantLine = null;
    this.show(step, wanted === 'first' ? 0 : wanted === 'last' ? this.lines(step).length - 1 : undefined);
    this.whyMark();
  },

  // A step the person asked for: the big board follows the search from now until the case is
  // solved again (a new case, a link, another puzzle) or the answer's playback is used.
  stepped() { this.followed = state.solved; },
  following() { return this.followed === state.solved; },
  released() { this.followed = null; },

  // Why a board is marked when it is queued: the queue's pushes both ways, counted by the crates
  // over Magic Squares' and Eight's whole spaces.
  async whyMark() {
    // Asked once: the counts are four whole searches, and every step drawn reaches here.
    if (!this.pushes) {
      this.pushesAsked = this.pushesAsked || client.call({ op: 'pushes' });
      try { this.pushes = await this.pushesAsked; } catch (error) { this.pushesAsked = null; failed(error); return; }
    }
    const { msquare: m, eight: e } = this.pushes, p = state.puzzle;
    $('why-mark').textContent = `Why a ${p.units[0]} is marked when it is queued, not when it is taken: marked late, a ${p.units[0]} ` +
      'reached again while its first copy still waits in the queue would be queued again, and taken twice. Counted now by the crates: ' +
      `searching all of Magic Squares' boards queues ${grouped(m.onQueue)} of them marking on queueing, ${grouped(m.onTake)} marking on ` +
      `taking; searching all of Eight's solvable boards queues ${grouped(e.onQueue)} and ${grouped(e.onTake)}.`;
    $('why-mark').dataset.counts = [m.onQueue, m.onTake, e.onQueue, e.onTake].join(',');
  },

  // `go` fetches and draws a step, `stop` pauses the search's play (watch.js's).
  wire(go, stop) {
    $('line-forward').onclick = () => { stop(); this.moveLine(1, go); };
    $('line-back').onclick = () => { stop(); this.moveLine(-1, go); };
    // The playback of the answer and a new case give the big board back to the case.
    for (const id of ['first', 'back', 'playpause', 'forward', 'last', 'scrubber', 'solve', 'scramble', 'reset']) {
      $(id).addEventListener('click', () => this.released(), true);
    }
    $('scrubber').addEventListener('input', () => this.released(), true);
  },
};
