// Watching the searches run: the plain breadth-first search a board at a time (its steps come
// from the crates' study::Stepper through the worker), Eight's three "seen" sets compared live,
// and Eight's methods raced on one board.
'use strict';

const watch = {
  k: 0,            // the step shown: the (k+1)-th board taken from the queue
  timer: null,
  shown: null,     // the step's JSON

  stop() { clearInterval(this.timer); this.timer = null; $('bfs-play').textContent = 'play'; },

  // The panels that belong to the puzzle shown.
  show() {
    const p = state.puzzle;
    for (const id of ['dedup', 'race', 'start-side', 'mitm-box']) $(id).hidden = !p.panels.includes(id);
    $('watch-side').textContent = p.side || '';
    if (!this.shown || this.shown.puzzle !== p.name) this.go(0);
  },

  async go(k) {
    const p = state.puzzle;
    this.k = Math.max(0, k);
    try {
      const step = await client.call({ op: 'bfs', code: p.code, k: this.k });
      if (state.puzzle !== p || this.k !== k) return;
      if (step.error) { this.stop(); $('bfs-text').textContent = `The search ends before board ${k + 1}: ${step.error}.`; return; }
      step.puzzle = p.name;
      this.shown = step;
      this.draw(step);
    } catch (error) { app.failed(error); }
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
    $('bfs-rank').textContent = ranked ? grouped(step.rank) : 'none: 6.3 billion configurations are remembered in a hash map, not an array by rank';
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
    $('bfs-queue').replaceChildren(...step.queue.map((board, i) => html('li', { textContent: this.judge(board), className: i === 0 ? 'next' : '' })));
    const fresh = step.neighbours.filter((n) => n.new).map((n) => n.move);
    const what = p.stateName;
    $('bfs-text').textContent = `${what} ${grouped(step.index + 1)} taken from the queue: ${this.judge(step.board)}, ${ranked ? `rank ${grouped(step.rank)}, ` : ''}` +
      `distance ${step.distance}. ` + (fresh.length ? `New: ${fresh.join(', ')}, queued in that order. ` : 'No new neighbour. ') +
      `${count(step.queued, 'board')} waiting, ${count(step.seen, 'board')} seen.`;
  },

  // The first step of layer `d`: the boards of the layers before it, counted.
  async layer(d) {
    const data = state.layers[state.puzzle.name];
    if (!data) return;
    const before = data.layers.slice(0, Math.max(0, Math.min(d, data.layers.length - 1))).reduce((a, b) => a + b, 0);
    this.stop();
    await this.go(before);
  },

  toggle() {
    if (this.timer) { this.stop(); return; }
    $('bfs-play').textContent = 'pause';
    this.timer = setInterval(() => this.go(this.k + 1), 1000 / Number($('bfs-speed').value));
  },

  // Eight's whole space three times, one seen set each, timed in the worker as it runs.
  async dedup() {
    const body = $('dedup-table').querySelector('tbody');
    body.replaceChildren();
    $('dedup-run').disabled = true;
    try {
      for (const kind of [0, 1, 2]) {
        const run = await client.call({ op: 'seen', kind });
        body.appendChild(html('tr', { dataset: { name: run.name } }, html('th', { scope: 'row', textContent: run.name }),
          html('td', { textContent: grouped(run.boards) }), html('td', { textContent: run.depth }),
          html('td', { textContent: `${run.ms.toFixed(0)} ms`, className: 'ms' })));
      }
    } catch (error) { app.failed(error); }
    $('dedup-run').disabled = false;
  },

  // The methods on the case shown, each its answer's length, its expansions and its time.
  async race() {
    const tokens = state.tokens, body = $('race-table').querySelector('tbody');
    body.replaceChildren();
    if (!tokens || !state.puzzle.panels.includes('race')) { $('race-text').textContent = 'Give a board first.'; return; }
    $('race-run').disabled = true;
    const methods = [['bfs', 'breadth-first search from the board'], ['astar', 'A* with IDA*\'s heuristic'], ['ida', 'IDA* (eight::ida)'], ['table', 'the table, built afresh']];
    const runs = [];
    try {
      for (const [method, name] of methods) {
        const run = await client.call({ op: 'race', text: method + '|' + tokens.join(',') });
        runs.push([method, name, run]);
      }
    } catch (error) { app.failed(error); $('race-run').disabled = false; return; }
    const most = Math.max(1, ...runs.map(([, , run]) => run.expansions || 0));
    for (const [method, name, run] of runs) {
      const width = run.expansions ? Math.max(2, 100 * Math.log10(run.expansions + 1) / Math.log10(most + 1)) : 0;
      const bar = html('div', { className: 'bar-h' });
      bar.style.width = `${width}%`;
      body.appendChild(html('tr', { dataset: { method } }, html('th', { scope: 'row', textContent: name }),
        html('td', { textContent: run.moves === null ? 'unsolvable' : count(run.moves, 'move') }),
        html('td', { textContent: run.expansions === null ? '—' : count(run.expansions, 'expansion'), className: 'expansions' }),
        html('td', { textContent: `${run.ms.toFixed(1)} ms` }), html('td', { className: 'bar-cell' }, bar)));
      if (method === 'ida' && run.bounds && run.bounds.length) {
        $('race-text').textContent = `IDA*'s iterations: bounds ${run.bounds.join(', ')}, expanding ${run.expanded.map(grouped).join(', ')} boards.`;
      }
    }
    await this.racePictures(tokens);
    $('race-run').disabled = false;
  },

  // Side by side, the boards breadth-first search and A* expanded, on the picture of every board
  // grouped by distance to the goal (the table's, the whole of it).
  async racePictures(tokens) {
    const box = $('race-pictures');
    box.replaceChildren();
    for (const [method, name] of [['bfs', 'breadth-first search'], ['astar', 'A*']]) {
      try {
        const made = await client.call({ op: 'race_picture', text: method + '|' + tokens.join(',') });
        const canvas = html('canvas', { width: made.width, height: made.height });
        canvas.getContext('2d').putImageData(new ImageData(made.pixels, made.width, made.height), 0, 0);
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `The ${count(made.expanded, 'board')} ${name} expanded, dark among all the solvable boards grouped by distance to the goal`);
        canvas.dataset.expanded = made.expanded;
        box.appendChild(html('figure', { dataset: { method } }, canvas, html('figcaption', { textContent: `${name}: ${count(made.expanded, 'board')} expanded` })));
      } catch (error) { app.failed(error); return; }
    }
  },

  // colour-hash: the start side's search from the case, node by node, for the G of the method.
  async startSide() {
    const box = $('start-visits'), G = method.goalDepth;
    box.replaceChildren();
    if (!state.tokens || !state.puzzle.panels.includes('start-side')) { $('start-text').textContent = 'Give a configuration first.'; return; }
    try {
      const found = await client.call({ op: 'start_side', text: state.tokens.join(',') + '|' + G });
      if (found.error) { $('start-text').textContent = found.error; return; }
      box.replaceChildren(...found.visits.map((visit) => html('li', {
        className: visit.meets === true ? 'meets' : '',
        textContent: `${visit.path}` + (visit.meets === null ? '' : visit.meets ? `: exactly ${G} from the goal, the meeting` : `: not ${G} from the goal`),
      })));
      const met = found.visits[found.visits.length - 1];
      $('start-text').textContent = found.met ? `The start side meets the table after trying lengths 1 to ${met.length}: its moves ${met.path}, then the table's walk of ${G}.` :
        `No sequence of up to ${16 - G} moves ends exactly ${G} from the goal: no solution within 16.`;
    } catch (error) { app.failed(error); }
  },

  wire() {
    $('start-run').onclick = () => this.startSide();
    $('bfs-back').onclick = () => { this.stop(); this.go(this.k - 1); };
    $('bfs-forward').onclick = () => { this.stop(); this.go(this.k + 1); };
    $('bfs-play').onclick = () => this.toggle();
    $('bfs-k').onchange = () => { this.stop(); this.go(Number($('bfs-k').value) || 0); };
    $('bfs-layer').onchange = () => this.layer(Number($('bfs-layer').value) || 0);
    $('dedup-run').onclick = () => this.dedup();
    $('race-run').onclick = () => this.race();
  },
};
