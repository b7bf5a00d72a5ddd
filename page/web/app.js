// uses: util.js, client.js, state.js, notice.js, motion.js, playback.js, plots.js, method.js, watch.js, compare.js, board-view.js, input-box.js
// The controller (PathFinding.js's shape: this, the views in puzzles/, board-view.js and plots,
// the panels): choosing a puzzle, the case and its answer from the binary's own `run`, the moves
// made on the board, and the history (one entry per case). input-box.js holds what Solve reads,
// links.js reads the fragment, main.js starts.
'use strict';

const SHOWN_LINES = 1000;
// Colour Hash's layers counted when it is first shown; the deeper ones, each a few times the one
// before, are counted on request, to the module's `deepest`.
const FIRST_LAYERS = 12;
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

  // A move made by the person: the board shown, moved by the crate, becomes the case.
  move(move) {
    const entry = this.displayed();
    if (!entry || !entry.next[move]) return;
    motion.turn = { move, sign: 1 };
    this.setCase(entry.next[move].split(','), 'push');
  },

  // The binary's output, its first SHOWN_LINES lines drawn (laying out more would freeze the page;
  // the worker found where they end and counted the rest), all of it a download away.
  showOutput(result) {
    update({ output: result });
    $('stdout').textContent = result.stdout.slice(0, result.shownEnd);
    $('stderr').textContent = result.stderr;
    const more = $('more');
    URL.revokeObjectURL(more.dataset.url || '');
    more.replaceChildren();
    if (result.moreLines) {
      // The file is made when asked for: making it at once waits on the browser's own process,
      // which a long link (a megabyte of URL) keeps busy for a while after it opens.
      const name = state.puzzle.name + '.out';
      more.append(`… and ${count(result.moreLines, 'more line')} not drawn here: `, html('button', { type: 'button', textContent: 'download the whole output', onclick: () => {
        URL.revokeObjectURL(more.dataset.url || '');
        more.dataset.url = URL.createObjectURL(new Blob([result.stdout], { type: 'text/plain' }));
        html('a', { href: more.dataset.url, download: name }).click();
      } }));
    }
  },

  // The case `tokens` (one board: a move, a scramble, the goal, the sample) put in the box and solved.
  setCase(tokens, history) {
    return this.setInput({ text: state.puzzle.input(tokens.join(' ')), from: 'The case' }, history);
  },

  // The case `given` ({text, from, tokens}: input-box.js's `set`) made the input and solved.
  async setInput(given, history) {
    await inputBox.set(given.text, given.from, given.tokens);
    return this.solve(history);
  },

  // Runs the binary's own `run` on the input and shows everything that follows from it.
  // `history`: 'push' a new entry for the case, 'replace' the current one, or 'keep' it.
  async solve(history) {
    const p = state.puzzle, text = inputBox.text(), ticket = takeTicket('solve');
    update({ solvedInput: null });
    playback.stop();
    try {
      const result = await client.call({ op: 'run', code: p.code, text, shownLines: SHOWN_LINES });
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
      // The link names the whole input (`run`'s `link`: many boards packed, page/src/link.rs),
      // or the puzzle alone where no board is drawn.
      const fragment = '#' + p.name + (result.link !== null ? '=' + result.link : '');
      // The address read once: a link's is up to a megabyte, and each read copies it.
      const here = location.hash;
      if (history === 'push' && fragment !== here) window.history.pushState(null, '', fragment);
      if (history === 'replace') window.history.replaceState(null, '', fragment);
      update({ fragment: history === 'keep' ? here : fragment });
      $('permalink').href = fragment;
      method.explain(result);
      boardView.showStep(false);
      announce(`${result.stderr.includes(': error: ') ? 'The binary reports an error' : 'Answer: ' + (result.stdout.slice(0, ANNOUNCED_CHARS).split('\n')[0] || 'nothing')}. ${$('board-text').textContent}`);
      plots.histogram();
      method.draw();
      method.why();
      update({ solved: state.solved + 1, solvedInput: text });
    } catch (error) { this.failed(error); }
  },

  // Shows `puzzle`, building its tables in the worker the first time, and solves `given` (a
  // link's case, as setInput takes it; the problem's sample, from the module, when null).
  async choose(puzzle, given, history) {
    // A link whose case is the one solved and shown (only its options differ: `&race`, `&yours=…`)
    // is not solved again.
    if (puzzle === state.puzzle && given && state.solvedInput !== null && inputBox.text() === state.solvedInput
        && given.text === state.solvedInput) return;
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
    boardView.buildMoveButtons();
    const canvas = $('frontier');
    canvas.getContext('2d').clearRect(0, 0, canvas.width, canvas.height);
    $('ring').hidden = true;
    await (given ? this.setInput(given, history) : this.setCase(state.described[puzzle.name].sample.split(','), history));
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
    boardView.onMove = (move) => this.move(move);
    inputBox.onTaken = () => this.solve('push');
    inputBox.wire();
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
    $('hint').onchange = () => boardView.refreshHints();
    $('pairs').onchange = () => boardView.draw(false);
    $('h-tiles').onchange = () => boardView.draw(false);
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
    playback.wire((speak) => boardView.showStep(speak));
    method.wire();
    watch.wire();
    compare.wire();
  },
};
