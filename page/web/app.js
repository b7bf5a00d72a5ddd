// uses: util.js, client.js, state.js, notice.js, motion.js, playback.js, plots.js, method.js, watch.js, compare.js
// The controller (PathFinding.js's shape: this, the views in puzzles/ and plots, the panels):
// choosing a puzzle, the case and its answer from the binary's own `run`, the board and its move
// buttons, and the history (one entry per case). links.js reads the fragment, main.js starts.
'use strict';

const SHOWN_LINES = 1000;
// The most of a case's input the box is given (a link can carry 60,000 boards, a megabyte that the
// browser would lay out in one long task); the rest is kept in `state.input` for Solve.
const INPUT_SHOWN_CHARS = 8000;
// Colour Hash's layers counted when it is first shown; the deeper ones, each a few times the one
// before, are counted on request, to the module's `deepest`.
const FIRST_LAYERS = 12;
// Where the board goes when there is none: the drawing's size and its message's letters.
const NO_BOARD = { width: 400, height: 240, fontSize: 16 };
// How much of the answer a screen reader hears when a case is solved.
const ANNOUNCED_CHARS = 200;
// The pointer over the picture is looked up at most once in this many ms; the plots are drawn
// again this many ms after the window stops resizing.
const POINTER_EVERY_MS = 60;
const RESIZE_AFTER_MS = 150;

// The study column's parts as index.html writes them.
const STUDY_PARTS = ['reading', 'small', 'part-table', 'part-method', 'part-why', 'watch', 'start-side', 'dedup', 'race'];

const app = {
  displayed,  // state.js's (the tests call app.displayed)

  // A replay entry with its tokens.
  entries: (boards) => boards.map((b) => ({ ...b, tokens: b.board.split(',') })),

  failed,     // notice.js's (the tests call app.failed)
  notice,

  // The board, its description (also read out when `announce`), the move buttons and the hints.
  drawBoard(speak) {
    const svg = $('board'), p = state.puzzle, entry = this.displayed();
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#board [data-focus]');
    const focusKey = focused ? focused.dataset.focus : null;
    const before = motion.positions(svg);
    const turn = motion.turn;
    motion.turn = null;
    svg.replaceChildren();
    svg.onclick = null; svg.oncontextmenu = null;
    if (!entry) {
      el('text', { x: NO_BOARD.width / 2, y: NO_BOARD.height / 2, 'text-anchor': 'middle', 'font-size': NO_BOARD.fontSize, fill: '#444' }, svg, 'no board to draw: see the binary\'s output');
      svg.setAttribute('viewBox', `0 0 ${NO_BOARD.width} ${NO_BOARD.height}`);
      $('board-text').textContent = 'No board: the input is not one case of the puzzle.';
    } else {
      p.draw(svg, entry, { act: (move) => this.move(move), hints: state.hints, info: state.info, caseTokens: state.tokens, moveNames: state.described[p.name].moves, turn, pairs: $('pairs').checked, heuristic: $('h-tiles').checked });
      $('board-text').textContent = p.describe(entry.tokens);
      motion.slide(svg, before);
      motion.rotate(svg);
    }
    svg.setAttribute('role', svg.querySelector('[tabindex]') ? 'group' : 'img');
    svg.setAttribute('aria-label', $('board-text').textContent);
    if (focusKey) { const again = svg.querySelector(`[data-focus="${focusKey}"][tabindex]`); if (again) again.focus(); }
    for (const button of $('moves').querySelectorAll('button')) {
      const move = button.dataset.move, possible = Boolean(entry && entry.next[move]);
      button.setAttribute('aria-disabled', String(!possible));
      const hint = state.hints && move in state.hints ? ` → ${state.hints[move] === null ? '—' : state.hints[move]}` : '';
      button.querySelector('.hint').textContent = hint;
      button.title = p.moveTitles[move] + (possible ? '' : ' (not possible here)');
    }
    if (speak && (!playback.timer || saidWhilePlaying(state.step, Number($('speed').value)))) announce($('step').textContent + '. ' + $('board-text').textContent);
    this.copyBoard();
  },

  // A copy of the board beside each switch that draws on it (the pairs, the heuristic), shown on
  // a phone only (page.css), where the board is a screen away from the switch: a picture, not a
  // control (no focus, no ids, hidden from screen readers, which have the board's text).
  copyBoard() {
    const svg = $('board');
    for (const copy of document.querySelectorAll('svg.board-copy')) {
      copy.setAttribute('viewBox', svg.getAttribute('viewBox'));
      copy.replaceChildren(...[...svg.childNodes].map((node) => node.cloneNode(true)));
      for (const node of copy.querySelectorAll('[tabindex], [id], [role], [data-move], [data-focus]')) {
        for (const name of ['tabindex', 'id', 'role', 'data-move', 'data-focus']) node.removeAttribute(name);
      }
    }
  },

  buildMoveButtons() {
    const p = state.puzzle, box = $('moves');
    box.replaceChildren(...state.described[p.name].moves.map((move) => {
      const button = html('button', { type: 'button', title: p.moveTitles[move] }, move, html('span', { className: 'hint' }));
      button.dataset.move = move;
      button.onclick = () => this.move(move);
      return button;
    }));
    $('hint-label').textContent = p.hintLabel;
  },

  // A move made by the person: the board shown, moved by the crate, becomes the case.
  move(move) {
    const entry = this.displayed();
    if (!entry || !entry.next[move]) return;
    motion.turn = { move, sign: 1 };
    this.setCase(entry.next[move].split(','), 'push');
  },

  async refreshHints() {
    const entry = this.displayed(), p = state.puzzle;
    update({ hints: null });
    if (!$('hint').checked || !entry) { this.drawBoard(); return; }
    try {
      const info = await client.call({ op: 'inspect', code: p.code, board: entry.board });
      if (entry !== this.displayed()) return;
      update({ hints: Object.fromEntries((info.moves || []).map((m) => [m.move, m.distance])) });
      this.drawBoard();
    } catch (error) { this.failed(error); }
  },

  showStep(speak) {
    const n = state.moves.length, p = state.puzzle;
    $('scrubber').max = n;
    $('scrubber').value = state.step;
    $('scrubber').setAttribute('aria-valuetext', `step ${state.step} of ${n}`);
    $('step').textContent = !state.boards.length ? 'no board' : !n ? 'no answer to play' : p.stepText(state.step, n, state.moves, state.boards[0].tokens);
    update({ hints: null });
    this.drawBoard(speak);
    if ($('hint').checked) this.refreshHints();
    plots.mark();
    watch.cantor(this.displayed());
  },

  // The binary's output, its first SHOWN_LINES lines drawn (laying out more would freeze the page),
  // all of it a download away.
  showOutput(result) {
    update({ output: result });
    let end = -1;
    for (let line = 0; line < SHOWN_LINES && end < result.stdout.length; line++) {
      end = result.stdout.indexOf('\n', end + 1);
      if (end < 0) end = result.stdout.length;
    }
    const shown = result.stdout.slice(0, end + 1);
    $('stdout').textContent = shown;
    $('stderr').textContent = result.stderr;
    const more = $('more');
    URL.revokeObjectURL(more.dataset.url || '');
    more.replaceChildren();
    if (shown.length < result.stdout.length) {
      let lines = 0;
      for (let at = shown.length; at < result.stdout.length; at = result.stdout.indexOf('\n', at) + 1 || result.stdout.length) lines++;
      // The file is made when asked for: making it at once waits on the browser's own process,
      // which a long link (a megabyte of URL) keeps busy for a while after it opens.
      const name = state.puzzle.name + '.out';
      more.append(`… and ${count(lines, 'more line')} not drawn here: `, html('button', { type: 'button', textContent: 'download the whole output', onclick: () => {
        URL.revokeObjectURL(more.dataset.url || '');
        more.dataset.url = URL.createObjectURL(new Blob([result.stdout], { type: 'text/plain' }));
        html('a', { href: more.dataset.url, download: name }).click();
      } }));
    }
  },

  // The case `tokens` put in the box and solved. A long one (a link's) is kept whole in the state
  // and the box shows its start, cut after a token, with a note saying so: the box's value stays
  // bounded whatever the link holds, and Solve still reads all of it while the box is unedited.
  setCase(tokens, history) {
    const text = state.puzzle.input(tokens);
    if (text.length <= INPUT_SHOWN_CHARS) {
      $('input').value = text;
      this.inputEdited();
    } else {
      const cut = text.slice(0, INPUT_SHOWN_CHARS), end = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'));
      const shown = cut.slice(0, end > 0 ? end : cut.length).trimEnd() + '\n';
      const shownTokens = shown.split(/\s+/).filter(Boolean).length;
      update({ input: text, inputShown: shown });
      $('input').value = shown;
      $('input-note').textContent = `The link holds ${count(tokens.length, 'token')} (${count(text.length, 'character')}); the box shows ` +
        `the first ${grouped(shownTokens)} of them, and Solve reads them all. Edit the box to replace them with what you type.`;
      $('input-note').hidden = false;
    }
    return this.solve(history);
  },

  // The box is the input again (typed into, or given a short case): a long case kept aside is dropped.
  inputEdited() {
    if (state.input === null) return;
    update({ input: null, inputShown: null });
    $('input-note').hidden = true;
    $('input-note').textContent = '';
  },

  // What Solve reads: the long case kept aside while the box still shows its start, else the box.
  inputText() {
    const box = $('input').value;
    return state.input !== null && box === state.inputShown ? state.input : box;
  },

  // Runs the binary's own `run` on the input and shows everything that follows from it.
  // `history`: 'push' a new entry for the case, 'replace' the current one, or 'keep' it.
  async solve(history) {
    const p = state.puzzle, text = this.inputText(), ticket = takeTicket('solve');
    playback.stop();
    try {
      const result = await client.call({ op: 'run', code: p.code, text });
      if (!current('solve', ticket)) return;
      this.showOutput(result);
      // The first case as the crate's reader reads it (`run` brings it; eight's layout rule): the
      // page draws that board or none, never one the binary did not read.
      const tokens = result.first.tokens ? result.first.tokens.split(',') : null, answer = p.answer(result.stdout);
      const start = tokens ? await client.call({ op: 'replay', code: p.code, board: tokens.join(',') }) : { error: 'no case' };
      const caseTokens = start.error ? null : tokens;
      const moves = caseTokens && Array.isArray(answer) ? answer : [];
      const from = state.described[p.name].start === 'case' ? tokens : state.described[p.name].start.split(',');
      const path = moves.length ? await client.call({ op: 'replay', code: p.code, board: from.join(','), moves: moves.join('') }) : start;
      const info = caseTokens ? await client.call({ op: 'inspect', code: p.code, board: tokens.join(',') }) : null;
      if (!current('solve', ticket)) return;
      update({ tokens: caseTokens, moves, answerKind: Array.isArray(answer) ? 'moves' : answer, info,
        boards: path.error ? [] : this.entries(path.boards), step: state.described[p.name].start === 'case' ? 0 : moves.length });
      watch.caseChanged();
      const fragment = '#' + p.name + (tokens ? '=' + tokens.join(',') : '');
      if (history === 'push' && fragment !== location.hash) window.history.pushState(null, '', fragment);
      if (history === 'replace') window.history.replaceState(null, '', fragment);
      update({ fragment: location.hash });
      $('permalink').href = fragment;
      method.explain(result);
      this.showStep(false);
      announce(`${result.stderr.includes(': error: ') ? 'The binary reports an error' : 'Answer: ' + (result.stdout.slice(0, ANNOUNCED_CHARS).split('\n')[0] || 'nothing')}. ${$('board-text').textContent}`);
      plots.histogram();
      method.draw();
      method.why();
      update({ solved: state.solved + 1 });
    } catch (error) { this.failed(error); }
  },

  // Shows `puzzle`, building its tables in the worker the first time, and solves `tokens` (the
  // problem's sample, from the module, when null).
  async choose(puzzle, tokens, history) {
    if (puzzle !== state.puzzle) { playback.stop(); plots.stop(); watch.stop(); plots.picture = null; update({ hints: null }); }
    update({ puzzle });
    for (const a of document.querySelectorAll('#tabs a')) {
      if (a.dataset.puzzle === puzzle.name) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
    }
    $('reading-list').replaceChildren(...puzzle.reading.map(([id, title]) => html('li', {}, html('a', { href: '#' + id, textContent: title, onclick: (event) => {
      // In-page links, not fragments: the fragment names the case.
      event.preventDefault();
      const target = $(id);
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');  // focusable by script only
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    } }))));
    this.layOut(puzzle);
    $('board-heading').textContent = puzzle.title;
    try {
      if (!state.described[puzzle.name]) update({ described: { ...state.described, [puzzle.name]: await client.call({ op: 'describe', code: puzzle.code }) } });
    } catch (error) { this.failed(error); return; }
    const facts = figuresOf(puzzle);
    $('about').textContent = puzzle.about(state.described[puzzle.name]);
    // The prose of index.html names the crates' figures by `data-figure`, filled in here.
    for (const node of document.querySelectorAll(`[data-figure^="${puzzle.name}."]`)) node.textContent = facts[node.dataset.figure.slice(puzzle.name.length + 1)];
    method.prepare(facts);
    this.buildMoveButtons();
    const canvas = $('frontier');
    canvas.getContext('2d').clearRect(0, 0, canvas.width, canvas.height);
    $('ring').hidden = true;
    await this.setCase(tokens || state.described[puzzle.name].sample.split(','), history);
    if (state.puzzle !== puzzle) return;
    try {
      if (!state.layers[puzzle.name]) {
        update({ layers: { ...state.layers, [puzzle.name]: await client.call({ op: 'layers', code: puzzle.code, depth: FIRST_LAYERS }) } });
        if (state.puzzle === puzzle) { plots.histogram(); method.draw(); }
      }
      if (state.puzzle === puzzle) { watch.show(); await plots.paint(); }
    } catch (error) { this.failed(error); }
  },

  // The study column laid out in the puzzle's reading order (the order Tab and a screen reader
  // follow too): the parts its reading list names, in that order, then the others as written.
  layOut(puzzle) {
    const study = $('study'), parts = { 'table-heading': 'part-table', 'method-heading': 'part-method', 'why-heading': 'part-why' };
    const named = ['reading', 'small', ...puzzle.reading.map(([id]) => parts[id] || id)].filter((id) => $(id) && $(id).parentElement === study);
    const written = [...study.children].map((child) => child.id).sort((a, b) => STUDY_PARTS.indexOf(a) - STUDY_PARTS.indexOf(b));
    for (const id of [...new Set([...named, ...written])]) study.appendChild($(id));
  },

  wire() {
    for (const a of document.querySelectorAll('#tabs a')) {
      a.addEventListener('click', (event) => {
        event.preventDefault();
        this.notice('');
        this.choose(PUZZLES.get(a.dataset.puzzle), null, 'push');
      });
    }
    $('solve').onclick = () => this.solve('push');
    $('input').addEventListener('input', () => this.inputEdited());
    $('scramble').onclick = async () => {
      const p = state.puzzle;
      try {
        for (;;) {
          const tokens = (await client.call({ op: 'random', code: p.code, high: random32(), low: random32() })).split(',');
          const entry = await client.call({ op: 'replay', code: p.code, board: tokens.join(',') });
          if (p.acceptRandom(entry.boards[0])) return this.setCase(tokens, 'push');
        }
      } catch (error) { this.failed(error); }
    };
    $('reset').onclick = () => this.setCase(state.described[state.puzzle.name].goal.split(','), 'push');
    $('hint').onchange = () => this.refreshHints();
    $('pairs').onchange = () => this.drawBoard(false);
    $('h-tiles').onchange = () => this.drawBoard(false);
    $('log').onchange = () => plots.histogram();
    $('bfs').onclick = () => plots.playLayers();
    let pointed = 0;
    $('frontier').addEventListener('mousemove', (event) => {
      if (performance.now() - pointed < POINTER_EVERY_MS) return;  // a few looks a second are enough
      pointed = performance.now();
      plots.point(event).catch((error) => this.failed(error));
    });
    // The board drawing pointed at or focused: its pixel in the picture of all states, lit.
    for (const [type, on] of [['pointerenter', true], ['pointerleave', false], ['focusin', true], ['focusout', false]]) {
      $('board').addEventListener(type, () => plots.light(on));
    }
    $('cancel').onclick = () => client.cancel().catch((error) => this.failed(error));
    let resized = null;
    window.addEventListener('resize', () => {
      clearTimeout(resized);
      resized = setTimeout(() => { plots.histogram(); method.draw(); plots.mark(); }, RESIZE_AFTER_MS);
    });
    playback.wire((speak) => this.showStep(speak));
    method.wire();
    watch.wire();
    compare.wire();
  },
};
