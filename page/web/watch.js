// uses: util.js, client.js, state.js, notice.js, plots.js, compare.js, lesson.js, tree.js, toy.js
// Watching the search run: the plain breadth-first search a board at a time (its steps come from
// common::stepper over the crates' plain rules through the worker), its pseudocode lit, the queue
// and the step's neighbours, drawn with lesson.js (one step on one screen) and tree.js (the tree
// so far); Magic Squares' parent chain. The searches compared on the case
// (the seen sets, the race, Colour Hash's start side) are compare.js.
'use strict';

const watch = {
  k: 0,            // the step shown: the (k+1)-th board taken from the queue
  asked: 0,        // increases with each step asked for; an older step's result is dropped
  playing: false,  // the search plays: each step asked for once the one before is drawn
  timer: null,     // while it plays, the wait before the next step is asked for
  shown: null,     // the step's JSON

  stop() {
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = null;
    $('bfs-play').textContent = 'play';
    $('line-note').setAttribute('aria-live', 'polite');
  },

  // The panels that belong to the puzzle shown.
  show() {
    const p = state.puzzle;
    for (const id of ['dedup', 'race', 'start-side', 'mitm-box']) $(id).hidden = !p.panels.includes(id);
    $('watch-side').textContent = p.side || '';
    $('watch-memory').textContent = p.watchMemory;
    $('watch-tie').textContent = p.watchTie;
    $('chain-box').hidden = !p.chain;
    if (!this.shown || this.shown.puzzle !== p.name) this.go(0);
    this.small();
  },

  // The puzzle's words in the lesson's prose; the toy graph (once), the puzzle's tree.
  small() {
    const p = state.puzzle;
    for (const node of document.querySelectorAll('#small .unit, #watch .unit')) node.textContent = p.units[0];
    for (const node of document.querySelectorAll('#small .units, #watch .units')) node.textContent = p.units[1];
    toy.start();
    tree.load();
  },

  // The (k+1)-th board taken. `k` is checked here, as a JS number, before it reaches the module
  // (which takes 32 bits): a step beyond the search's boards gets a message, not a wrapped step.
  async go(k) {
    const p = state.puzzle, data = state.layers[p.name];
    const boards = data ? data.layers.reduce((a, b) => a + b, 0) : null, asked = ++this.asked;
    if (!Number.isSafeInteger(k) || k < -1 || (boards !== null && k >= boards)) {
      this.stop();
      $('bfs-text').textContent = `There is no step ${String(k).slice(0, 24)}: the search takes ` +
        (boards === null ? 'its boards one at a time, from 0.' : `${count(boards, 'board')}, steps 0 to ${grouped(boards - 1)}.`);
      return;
    }
    this.k = Math.max(0, k);
    this.inFlight = (this.inFlight || 0) + 1;
    try {
      const step = await client.call({ op: 'bfs', code: p.code, k: this.k }).finally(() => { this.inFlight--; });
      if (state.puzzle !== p || asked !== this.asked) return;
      if (step.error) { this.stop(); $('bfs-text').textContent = `The search ends before board ${k + 1}: ${step.error}.`; return; }
      step.puzzle = p.name;
      this.shown = step;
      this.draw(step);
    } catch (error) { failed(error); }
  },

  // Colour Hash's rank line: no rank, a hash map; what the method's table holds at its G.
  unranked() {
    const facts = figuresOf(state.puzzle), G = state.goalDepth, at = (facts.depths || []).indexOf(G);
    return 'none: each configuration reached is kept in a hash map, not an array by rank' +
      (at < 0 ? '' : `; the method's table holds the ${grouped(facts.tables[at])} configurations within G = ${G} moves of the goal`);
  },

  // The case changed: what was worked out for the case before (the race, its pictures, the start
  // side, the parent chain) is cleared, and a run still going for it is dropped when it ends.
  caseChanged() {
    takeTicket('chain');
    compare.cleared();
    $('chain').replaceChildren();
    $('chain-text').textContent = '';
  },

  // Magic Squares: the search run until it takes the case (the crate's stepper, in the worker,
  // noting each new board's parent), that step shown, and the parents read back from the case to
  // the start drawn: the chain of boards and the move into each.
  async chain() {
    const p = state.puzzle, tokens = state.tokens, ticket = takeTicket('chain');
    if (!p.chain || !tokens) { $('chain-text').textContent = 'Give a board first.'; return; }
    try {
      const found = await client.call({ op: 'chain', board: tokens.join(',') });
      if (!current('chain', ticket) || state.puzzle !== p) return;
      if (found.error) { $('chain-text').textContent = found.error; return; }
      this.stop();
      await this.go(found.index);
      const moves = found.chain.map((link) => link.move).join('');
      $('chain').replaceChildren(...found.chain.map((link, i) => html('li', { dataset: { board: link.board, move: link.move }, className: i === found.chain.length - 1 ? 'next' : '' },
        html('span', { className: 'move', textContent: link.move ? `${link.move} →` : 'start' }), p.mini(link.board.split(',')), html('span', { textContent: this.judge(link.board) }))));
      $('chain').dataset.moves = moves;
      $('chain-text').textContent = `The search takes the case at step ${grouped(found.index)} (shown below). Its parents read back to the start: ` +
        (moves ? `${count(moves.length, 'move')}, ${moves}, the answer the binary prints.` : 'none: the case is the basic state, the answer is empty.');
    } catch (error) { failed(error); }
  },

  // Judge tokens, space-separated.
  judge: (board) => board.split(',').join(' '),

  // The rank worked out: each Lehmer digit times its factorial.
  worked(digits) {
    const n = digits.length, factorial = (m) => (m <= 1 ? 1 : m * factorial(m - 1));
    return digits.map((d, i) => `${d}·${n - 1 - i}!`).join(' + ') + ' = ' + grouped(digits.reduce((sum, d, i) => sum + d * factorial(n - 1 - i), 0));
  },

  draw(step) {
    const p = state.puzzle, ranked = step.digits.length > 0;
    $('bfs-k').value = step.index;
    $('bfs-board').textContent = this.judge(step.board);
    $('bfs-rank').textContent = ranked ? grouped(step.rank) : this.unranked();
    $('bfs-worked').hidden = !ranked;
    $('bfs-distance').textContent = step.distance;
    $('bfs-queued').textContent = grouped(step.queued);
    $('bfs-seen').textContent = grouped(step.seen);
    $('bfs-digits').textContent = ranked ? this.worked(step.digits) : '';
    $('bfs-link').href = `#${p.name}&bfs=${step.index}`;
    plots.markStep(step.rank);
    const rows = step.neighbours.map((n) => html('tr', { className: n.new ? 'new' : 'seen' },
      html('td', { textContent: n.move }), html('td', { textContent: this.judge(n.board), className: 'tokens' }),
      html('td', { textContent: ranked ? grouped(n.rank) : '—', title: ranked ? this.worked(n.digits) : '' }),
      html('td', { textContent: n.new ? `new: queued at distance ${n.distance}, parent the board taken` : `seen before (distance ${n.distance})` })));
    $('bfs-neighbours').querySelector('tbody').replaceChildren(...rows);
    // Each queued board drawn small, its tokens under it (the text is what a screen reader reads).
    // Each with its distance: the queue holds the boards in the order found, so the j-th waiting
    // board is the (index + 1 + j)-th found, whose layer the crate's layer sizes give. The queue
    // never holds more than two layers: the one being taken and the next.
    const layers = (state.layers[p.name] || {}).layers || [], layerOf = (order) => {
      let before = 0;
      for (let d = 0; d < layers.length; d++) { before += layers[d]; if (order < before) return d; }
      return null;
    };
    $('bfs-queue').replaceChildren(...step.queue.map((board, i) => {
      const d = layerOf(step.index + 1 + i);
      return html('li', { className: i === 0 ? 'next' : '', dataset: { board, distance: d === null ? '' : d } },
        p.mini(board.split(',')), html('span', { textContent: this.judge(board) }), html('small', { className: 'distance', textContent: d === null ? '' : `distance ${d}` }));
    }));
    this.tree(step);
    const fresh = step.neighbours.filter((n) => n.new).map((n) => n.move);
    const what = p.stateName;
    $('bfs-text').textContent = `${what} ${grouped(step.index + 1)} taken from the queue: ${this.judge(step.board)}, ${ranked ? `rank ${grouped(step.rank)}, ` : ''}` +
      `distance ${step.distance}. ` + (fresh.length ? `New: ${fresh.join(', ')}, queued in that order. ` : 'No new neighbour. ') +
      `${count(step.queued, 'board')} waiting, ${count(step.seen, 'board')} seen.`;
    say('bfs-said', $('bfs-text').textContent, this.playing);
    this.code(step);
    this.paintSearch(step);
    lesson.arrived(step);
  },

  // The whole space painted by the search's progress at `step` (the worker paints, from the
  // crate's order of finding): what it has taken, what waits in its queue, what it has not found.
  async paintSearch(step) {
    const p = state.puzzle, canvas = $('search-picture');
    $('search-figure').hidden = !p.picture;
    if (!p.picture) return;
    const asked = this.asked;
    const made = await client.call({ op: 'search_picture', code: p.code, taken: step.index, seen: step.seen });
    if (state.puzzle !== p || asked !== this.asked) return;
    canvas.width = made.width; canvas.height = made.height;
    canvas.getContext('2d').putImageData(new ImageData(made.pixels, made.width, made.height), 0, 0);
    canvas.dataset.taken = made.taken;
    canvas.dataset.queued = made.queued;
    canvas.setAttribute('aria-label', `Every ${p.units[0]} as one pixel: ${count(made.taken, p.units[0], p.units[1])} taken from the queue, ` +
      `${grouped(made.queued)} waiting in it, the rest not found yet.`);
  },

  // The pseudocode beside the stepper, each line this step performed lit and what it did written
  // after it: the board taken, the moves tried, those seen before (skipped), those new (marked,
  // linked to the board taken, queued). The first line ran once, before step 0.
  code(step) {
    const fresh = step.neighbours.filter((n) => n.new).map((n) => n.move), seen = step.neighbours.filter((n) => !n.new).map((n) => n.move);
    const notes = {
      start: step.index === 0 ? 'done just before this step' : '',
      while: `${count(step.queued - fresh.length + 1, state.puzzle.units[0], state.puzzle.units[1])} waiting before this step`,
      take: this.judge(step.board),
      for: step.neighbours.map((n) => n.move).join(', '),
      move: step.neighbours.length ? `${step.neighbours.length} tried` : '',
      seen: seen.length ? `skipped ${seen.join(', ')}` : '',
      mark: fresh.join(', '), parent: fresh.length ? `distance ${step.distance + 1}` : '', enqueue: fresh.join(', '),
    };
    for (const line of $('bfs-code').children) {
      const note = notes[line.dataset.line];
      line.classList.toggle('lit', Boolean(note));
      line.dataset.note = note || '';
    }
  },

  // The board taken drawn small above its neighbours, a line for each move tried: solid, with an
  // arrow back to the board taken, for a new neighbour (the parent link it is queued with);
  // dashed for one seen before (no link: it keeps the parent that reached it first).
  tree(step) {
    const p = state.puzzle, svg = $('bfs-tree'), pad = 4, gap = 14;
    svg.replaceChildren();
    const parent = p.mini(step.board.split(','));
    const w = Number(parent.getAttribute('width')), h = Number(parent.getAttribute('height')), n = step.neighbours.length;
    const width = Math.max(w, n * w + (n - 1) * gap) + 2 * pad, childTop = pad + h + 46, height = childTop + h + 22;
    for (const [name, value] of [['width', width], ['height', height], ['viewBox', `0 0 ${width} ${height}`]]) svg.setAttribute(name, value);
    const marker = el('marker', { id: 'bfs-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, el('defs', {}, svg));
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#1d5e32' }, marker);
    const px = width / 2;
    parent.setAttribute('x', px - w / 2); parent.setAttribute('y', pad); parent.classList.add('taken');
    svg.appendChild(parent);
    step.neighbours.forEach((next, i) => {
      const x = pad + i * (w + gap) + (width - 2 * pad - (n * w + (n - 1) * gap)) / 2, cx = x + w / 2;
      const g = el('g', { class: 'child', 'data-move': next.move, 'data-new': next.new, 'data-board': next.board }, svg);
      el('line', { x1: cx, y1: childTop - 18, x2: px, y2: pad + h + 2, class: next.new ? 'parent-link' : 'seen-link', 'data-move': next.move,
        stroke: next.new ? '#1d5e32' : '#777', 'stroke-width': next.new ? 2.5 : 1.5, 'stroke-dasharray': next.new ? 'none' : '4 3',
        'marker-end': next.new ? 'url(#bfs-arrow)' : 'none' }, g);
      el('text', { x: cx, y: childTop - 4, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 'bold', fill: '#222' }, g, next.move);
      const board = p.mini(next.board.split(','));
      board.setAttribute('x', x); board.setAttribute('y', childTop);
      g.appendChild(board);
      el('text', { x: cx, y: childTop + h + 16, 'text-anchor': 'middle', 'font-size': 13, fill: next.new ? '#1d5e32' : '#555' }, g, next.new ? 'new' : 'seen');
    });
    const fresh = step.neighbours.filter((next) => next.new), seen = step.neighbours.filter((next) => !next.new);
    svg.setAttribute('aria-label', `The board taken, ${this.judge(step.board)}, and its neighbours: ` +
      (fresh.length ? `new by ${fresh.map((next) => next.move).join(', ')}, each linked back to it as its parent` : 'none new') +
      (seen.length ? `; seen before by ${seen.map((next) => next.move).join(', ')}, no link` : '') + '.');
  },

  // The first step of layer `d`: the boards of the layers before it, counted.
  async layer(d) {
    const data = state.layers[state.puzzle.name];
    if (!data) return;
    const before = data.layers.slice(0, Math.max(0, Math.min(d, data.layers.length - 1))).reduce((a, b) => a + b, 0);
    this.stop();
    await this.go(before);
  },

  // The search played: the next step asked for, and the one after only once it is drawn, a step
  // every 1/speed s at most. A step the worker is slow to answer is waited for, never skipped.
  async playNext() {
    const started = performance.now();
    await this.go(this.k + 1);
    if (!this.playing) return;
    const wait = 1000 / Number($('bfs-speed').value) - (performance.now() - started);
    this.timer = setTimeout(() => this.playNext(), Math.max(0, wait));
  },

  toggle() {
    // Paused: the step shown is said, now, or when the step still on its way is drawn (it is
    // said then, the search no longer playing).
    if (this.playing) { this.stop(); if (!this.inFlight) say('bfs-said', $('bfs-text').textContent); return; }
    this.playing = true;
    $('bfs-play').textContent = 'pause';
    // The line note changes with every step: a live region only while the search stands still
    // (bfs-said speaks for the playing search, once a second).
    $('line-note').setAttribute('aria-live', 'off');
    this.playNext();
  },

  wire() {
    $('bfs-back').onclick = () => { this.stop(); lesson.stepped(); this.go(this.k - 1); };
    $('bfs-forward').onclick = () => { this.stop(); lesson.stepped(); this.go(this.k + 1); };
    lesson.wire((k) => this.go(k), () => this.stop());
    toy.wire();
    $('bfs-play').onclick = () => { lesson.stepped(); this.toggle(); };
    $('bfs-k').onchange = () => { this.stop(); this.go(Number($('bfs-k').value) || 0); };
    $('bfs-layer').onchange = () => this.layer(Number($('bfs-layer').value) || 0);
    $('chain-run').onclick = () => this.chain();
    // The search's own keys while the focus is inside "Watch": ← → step it, Home goes to its
    // start, Space plays and pauses; fields keep their keys and a button still takes Space and Enter.
    $('watch').addEventListener('keydown', (event) => {
      const target = event.target;
      if (event.ctrlKey || event.altKey || event.metaKey || !(target instanceof Element) || target.closest('input, textarea, select')) return;
      if (target.closest('button, a[href], summary') && (event.key === ' ' || event.key === 'Enter')) return;
      const keys = {
        ArrowLeft: () => { this.stop(); lesson.stepped(); this.go(this.k - 1); }, ArrowRight: () => { this.stop(); lesson.stepped(); this.go(this.k + 1); },
        Home: () => { this.stop(); this.go(0); }, ' ': () => this.toggle(),
      };
      if (!keys[event.key]) return;
      event.preventDefault();
      keys[event.key]();
    });
    // G moved: the rank line names the new table (the start side searched for the old G goes:
    // compare.js).
    $('g').addEventListener('input', () => {
      if (this.shown && !this.shown.digits.length) $('bfs-rank').textContent = this.unranked();
    });
  },
};
