// uses: util.js, client.js, state.js, notice.js
// The study figures the searches draw beside their text: the seen sets' times as bars, the boards
// breadth-first search and A* expanded, IDA*'s iterations, and Colour Hash's start side as a tree.
// Each draws what the crates computed (through the worker); `watch` runs the searches and calls
// these with their results.
'use strict';

const figures = {
  // The space's first layers as a small graph (issue 36: a state space before the whole of one):
  // the start on top, the boards one move from it, those two moves from it, each a node; every
  // move each of the first two layers tries, an edge to the board it makes, solid with an arrow
  // where the search reached that board first (its parent link), dashed where it was seen
  // before (a move back, or a second way in). `steps` are the crate's stepper's first steps.
  // `upTo`: the stepper's step shown; the graph grows with it (the steps after it, and the boards
  // they find, not yet drawn; the board it takes outlined), whole once the stepper is past it.
  smallGraph(steps, upTo) {
    const p = state.puzzle, svg = $('small-graph'), last = Math.min(upTo === undefined ? Infinity : upTo, steps ? steps.length - 1 : 0);
    svg.replaceChildren();
    if (!steps || !steps.length) return;
    const rows = [[steps[0].board]], drawn = new Set(rows[0]);
    for (const step of steps) {
      for (const next of step.neighbours) {
        if (!next.new || drawn.has(next.board)) continue;
        drawn.add(next.board);
        (rows[next.distance] = rows[next.distance] || []).push(next.board);
      }
    }
    const sample = p.mini(steps[0].board.split(','));
    const w = Number(sample.getAttribute('width')), h = Number(sample.getAttribute('height')), gapX = 30, gapY = 70, pad = 18;
    const widest = Math.max(...rows.map((row) => row.length));
    const width = widest * (w + gapX) - gapX + 2 * pad, height = rows.length * (h + gapY) - gapY + 2 * pad;
    for (const [name, value] of [['width', width], ['height', height], ['viewBox', `0 0 ${width} ${height}`]]) svg.setAttribute(name, value);
    const centre = new Map();
    rows.forEach((row, d) => row.forEach((board, i) => {
      const x = (width - (row.length * (w + gapX) - gapX)) / 2 + i * (w + gapX);
      centre.set(board, [x + w / 2, pad + d * (h + gapY) + h / 2]);
    }));
    const marker = el('marker', { id: 'small-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, el('defs', {}, svg));
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#1d5e32' }, marker);
    // Where the segment from `from` towards the centre `to` meets the box around `to`.
    const clip = ([fx, fy], [tx, ty]) => {
      const dx = tx - fx, dy = ty - fy, t = Math.min((w / 2 + 4) / Math.abs(dx || 1e-9), (h / 2 + 4) / Math.abs(dy || 1e-9), 1);
      return [tx - t * dx, ty - t * dy];
    };
    const edges = svg.appendChild(el('g', { class: 'edges' }));
    // What the search has found by step `last`: the start and every board a step up to it queued.
    const found = new Set([steps[0].board]);
    steps.slice(0, last + 1).forEach((step) => step.neighbours.forEach((next) => { if (next.new) found.add(next.board); }));
    for (const step of steps.slice(0, last + 1)) {
      for (const next of step.neighbours) {
        if (!centre.has(next.board)) continue;
        const a = centre.get(step.board), b = centre.get(next.board);
        // A bend to the right of the move's direction, so a move and the one back are two edges.
        const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1, bend = 16;
        const control = [(a[0] + b[0]) / 2 - bend * (b[1] - a[1]) / length, (a[1] + b[1]) / 2 + bend * (b[0] - a[0]) / length];
        const start = clip(control, a), end = clip(control, b);
        const g = el('g', { class: next.new ? 'edge new' : 'edge seen', 'data-from': step.board, 'data-to': next.board, 'data-move': next.move, 'data-new': next.new }, edges);
        el('path', { d: `M${start[0]},${start[1]} Q${control[0]},${control[1]} ${end[0]},${end[1]}`, fill: 'none',
          stroke: next.new ? '#1d5e32' : '#777', 'stroke-width': next.new ? 2.5 : 1.5, 'stroke-dasharray': next.new ? 'none' : '4 3',
          'marker-end': next.new ? 'url(#small-arrow)' : 'none' }, g);
        const mid = [(start[0] + 2 * control[0] + end[0]) / 4, (start[1] + 2 * control[1] + end[1]) / 4];
        el('text', { x: mid[0], y: mid[1] + 5, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 'bold', fill: next.new ? '#1d5e32' : '#555',
          stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke' }, g, next.move);
      }
    }
    for (const [board, [cx, cy]] of centre) {
      if (!found.has(board)) continue;
      const mini = p.mini(board.split(','));
      mini.setAttribute('x', cx - w / 2); mini.setAttribute('y', cy - h / 2);
      const taken = upTo !== undefined && upTo < steps.length && board === steps[upTo].board;
      const g = el('g', { class: taken ? 'node taken' : 'node', 'data-board': board, 'data-layer': rows.findIndex((row) => row.includes(board)) }, svg);
      if (taken) el('rect', { x: cx - w / 2 - 4, y: cy - h / 2 - 4, width: w + 8, height: h + 8, rx: 4, fill: 'none', stroke: '#c4501f', 'stroke-width': 3 }, g);
      g.appendChild(mini);
    }
    const names = rows.map((row) => row.map((board) => board.split(',').join(' ')));
    svg.setAttribute('aria-label', `The first layers of the space: the start ${names[0][0]}; one move away ${names[1] ? names[1].join(', ') : 'nothing'}; ` +
      `two moves away ${count(names[2] ? names[2].length : 0, p.units[0], p.units[1])}. Each move an edge, solid where it first reaches a ${p.units[0]}, dashed where the ${p.units[0]} was seen before.`);
  },

  // The seen sets' times as bars, each as long as its time (the table's, in whole ms) against
  // the longest; once the array (Cantor, run last) is measured, each time as a multiple of it.
  dedupBars(runs) {
    const svg = $('dedup-bars'), width = 280, left = 4, longest = width - 2 * left, row = 40;
    const height = Math.max(40, runs.length * row + 4), most = Math.max(1, ...runs.map((run) => run.ms));
    const array = runs.find((run) => run.name === 'Cantor');
    svg.replaceChildren();
    svg.setAttribute('height', height);
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    if (!runs.length) { el('text', { x: left, y: 24, 'font-size': 13, fill: '#444' }, svg, 'the times, as bars, once measured'); return; }
    const said = runs.map((run, i) => {
      const times = array ? `, ${(run.ms / Math.max(1, array.ms)).toFixed(1)}× the array's` : '';
      const y = i * row + 16;
      el('text', { x: left, y, 'font-size': 13, fill: '#222' }, svg, `${run.name}: ${run.ms} ms${times}`);
      el('rect', { x: left, y: y + 6, width: Math.max(1, longest * run.ms / most), height: 12, rx: 2, class: 'seen-bar',
        fill: run.name === 'Cantor' ? '#1d5e32' : '#8a5a2a', 'data-name': run.name, 'data-ms': run.ms, 'data-times': array ? (run.ms / Math.max(1, array.ms)).toFixed(1) : '' }, svg);
      return `${run.name} ${run.ms} ms${times}`;
    });
    svg.setAttribute('aria-label', `The seen sets' times as bars: ${said.join('; ')}.`);
  },


  // Side by side, the boards breadth-first search and A* expanded, on the picture of every board
  // grouped by distance to the goal (the table's, the whole of it).
  async racePictures(tokens) {
    const box = $('race-pictures');
    box.replaceChildren();
    for (const [search, name] of [['bfs', 'breadth-first search'], ['astar', 'A*']]) {
      try {
        const made = await client.call({ op: 'race_picture', method: search, board: tokens.join(',') });
        const canvas = html('canvas', { width: made.width, height: made.height });
        canvas.getContext('2d').putImageData(new ImageData(made.pixels, made.width, made.height), 0, 0);
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `The ${count(made.expanded, 'board')} ${name} expanded, dark among all the solvable boards grouped by distance to the goal`);
        canvas.dataset.expanded = made.expanded;
        box.appendChild(html('figure', { dataset: { method: search } }, canvas, html('figcaption', { textContent: `${name}: ${count(made.expanded, 'board')} expanded` })));
      } catch (error) { failed(error); return; }
    }
  },


  // IDA*'s work, which no picture of boards shows (it keeps no list): a bar per iteration, its
  // bound under it and its height the boards it expanded (linear: the last iteration dominates,
  // as it does in the count), the numbers in the bar's title and the figure's name.
  iterations(run) {
    const width = 280, height = 200, left = 56, right = 8, top = 12, bottom = 160, n = run.bounds.length;
    const svg = el('svg', { id: 'ida-bars', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img' });
    const most = Math.max(1, ...run.expanded), band = (width - left - right) / n;
    el('line', { x1: left, y1: bottom, x2: width - right, y2: bottom, stroke: '#555' }, svg);
    run.bounds.forEach((bound, i) => {
      const tall = Math.max(1, (bottom - top) * run.expanded[i] / most), x = left + i * band;
      const bar = el('rect', { x: x + band * 0.15, y: bottom - tall, width: band * 0.7, height: tall, class: 'iteration', fill: '#8a5a2a',
        'data-bound': bound, 'data-expanded': run.expanded[i] }, svg);
      el('title', {}, bar, `bound ${bound}: ${count(run.expanded[i], 'board')} expanded`);
      el('text', { x: x + band / 2, y: bottom + 16, 'text-anchor': 'middle', 'font-size': 12 }, svg, bound);
    });
    el('text', { x: left - 4, y: top + 10, 'text-anchor': 'end', 'font-size': 12 }, svg, grouped(most));
    el('text', { x: left - 4, y: bottom, 'text-anchor': 'end', 'font-size': 12 }, svg, '0');
    el('text', { x: left + (width - left - right) / 2, y: bottom + 34, 'text-anchor': 'middle', 'font-size': 13 }, svg, 'bound of each iteration');
    svg.setAttribute('aria-label', `IDA*'s iterations: ` + run.bounds.map((bound, i) => `bound ${bound}, ${count(run.expanded[i], 'board')} expanded`).join('; ') + '.');
    return html('figure', { dataset: { method: 'ida' } }, svg,
      html('figcaption', { textContent: `IDA*: ${count(run.expansions, 'expansion')} over ${count(n, 'iteration')}, no list kept` }));
  },


  // colour-hash: one length of the start side's search drawn as a tree: the case at the root,
  // each visit (the crate's, colour_hash::study::start_side, the first few dozen) a node under the
  // one it extends, leaves left to right in the order tried; an ancestor the list leaves out (the
  // meeting is listed even past the first few dozen) drawn dashed.
  startTree() {
    const svg = $('start-tree'), length = Number($('start-length').value), G = state.goalDepth;
    const nodes = new Map([['', { path: '', children: [], listed: true, meets: null }]]);
    const add = (path, visit) => {
      if (nodes.has(path)) { if (visit) Object.assign(nodes.get(path), { listed: true, meets: visit.meets }); return; }
      add(path.slice(0, -1), null);
      const node = { path, children: [], listed: Boolean(visit), meets: visit ? visit.meets : null };
      nodes.set(path, node);
      nodes.get(path.slice(0, -1)).children.push(node);
    };
    for (const visit of (state.visits || []).filter((v) => v.length === length)) add(visit.path, visit);
    const gap = 24, pad = 14, rowHeight = 46, r = 10;
    let leaves = 0;
    const place = (node, depth) => {
      node.y = pad + r + depth * rowHeight;
      if (!node.children.length) node.x = pad + r + gap * leaves++;
      else {
        node.children.forEach((child) => place(child, depth + 1));
        node.x = (node.children[0].x + node.children[node.children.length - 1].x) / 2;
      }
    };
    place(nodes.get(''), 0);
    const width = Math.max(120, 2 * (pad + r) + gap * (leaves - 1), nodes.get('').x + 22 + pad), height = 2 * (pad + r) + length * rowHeight;
    svg.replaceChildren();
    for (const [name, value] of [['width', width], ['height', height], ['viewBox', `0 0 ${width} ${height}`]]) svg.setAttribute(name, value);
    for (const node of nodes.values()) {
      if (node.path) {
        const parent = nodes.get(node.path.slice(0, -1));
        el('line', { x1: parent.x, y1: parent.y + r, x2: node.x, y2: node.y - r, stroke: '#777', 'stroke-width': 1.5, 'stroke-dasharray': node.listed ? 'none' : '3 3' }, svg);
      }
      const fill = node.meets === true ? '#9fd8a8' : node.meets === false ? '#f3c1c1' : '#fff';
      const g = el('g', { class: 'node', 'data-path': node.path, 'data-listed': node.listed, 'data-meets': String(node.meets) }, svg);
      if (!node.path) el('rect', { x: node.x - 22, y: node.y - r, width: 44, height: 2 * r, rx: 6, fill, stroke: '#555' }, g);
      else el('circle', { cx: node.x, cy: node.y, r, fill, stroke: node.meets === true ? '#1d5e32' : '#555',
        'stroke-width': node.meets === true ? 2.5 : 1.2, 'stroke-dasharray': node.listed ? 'none' : '3 2' }, g);
      el('text', { x: node.x, y: node.y + 4.5, 'text-anchor': 'middle', 'font-size': node.path ? 13 : 12, fill: '#222' }, g, node.path ? node.path.slice(-1) : 'case');
    }
    const listed = [...nodes.values()].filter((node) => node.path && node.listed), met = listed.find((node) => node.meets === true);
    svg.setAttribute('aria-label', `The search of length ${length}: ${count(listed.length, 'node')} listed, ` +
      listed.map((node) => node.path).join(', ') + (met ? `; ${met.path} ends exactly ${G} from the goal, the meeting.` : `; no bottom node is ${G} from the goal here.`));
  },
};
