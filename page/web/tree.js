// uses: util.js, client.js, state.js, notice.js
// The search tree that grows as the search is stepped (issue 49, after dgurkaynak's 8-puzzle
// solver): every board taken so far and every board waiting in the queue (the frontier,
// coloured), each with an arrow to its parent, for the search's first whole layers (the crate's
// `lesson::tree` says how many: at least four). The box scrolls beyond what fits, and keeps the
// board taken in sight.
'use strict';

// Where the drawing puts its boards: the gaps between boards in a layer and between layers, and
// the margin, in the boards' own pixels.
const TREE_GAP = { x: 10, y: 34, pad: 8 };

const tree = {
  data: null,     // {puzzle, layers, steps, layout}: the crate's first steps, laid out once
  shownAt: null,  // the step drawn
  drawn: null,    // the `data` whose boards the drawing holds
  nodes: null,    // board -> its drawn group, for `drawn`

  // The crate's first steps for the puzzle shown, laid out as a tidy tree: the boards of the
  // last layer drawn (and those with no child drawn) side by side in the order found, each parent
  // centred over its children, so that the tree never moves as it grows.
  async load() {
    const p = state.puzzle;
    if (this.data && this.data.puzzle === p.name) return;
    let found;
    try { found = await client.call({ op: 'tree', code: p.code }); } catch (error) { failed(error); return; }
    if (state.puzzle !== p) return;
    const children = new Map(), parent = new Map(), layer = new Map([[found.steps[0].board, 0]]), move = new Map();
    for (const step of found.steps) {
      for (const next of step.neighbours) {
        if (!next.new || step.distance + 1 >= found.layers) continue;
        parent.set(next.board, step.board);
        move.set(next.board, next.move);
        layer.set(next.board, step.distance + 1);
        (children.get(step.board) || children.set(step.board, []).get(step.board)).push(next.board);
      }
    }
    const sample = p.mini(found.steps[0].board.split(','));
    const w = Number(sample.getAttribute('width')), h = Number(sample.getAttribute('height'));
    const x = new Map();
    let slot = 0;
    const place = (board) => {
      const kids = children.get(board) || [];
      if (!kids.length) { x.set(board, TREE_GAP.pad + slot++ * (w + TREE_GAP.x)); return; }
      kids.forEach(place);
      x.set(board, (x.get(kids[0]) + x.get(kids[kids.length - 1])) / 2);
    };
    place(found.steps[0].board);
    const width = 2 * TREE_GAP.pad + slot * (w + TREE_GAP.x) - TREE_GAP.x, height = 2 * TREE_GAP.pad + found.layers * (h + TREE_GAP.y) - TREE_GAP.y;
    this.data = { puzzle: p.name, layers: found.layers, steps: found.steps, parent, layer, move, x, w, h, width, height };
    if (this.shownAt !== null) this.draw(this.shownAt, this.partial);
  },

  // The tree at step `k`: the boards steps 0 … k took, and those they queued (waiting), up to
  // the last layer it holds; the board step k took outlined. `partial`, while step k is stepped a
  // line at a time: whether its board is taken yet, and how many of its new neighbours are queued.
  draw(k, partial) {
    this.shownAt = k;
    this.partial = partial || null;
    const d = this.data, p = state.puzzle, svg = $('search-tree');
    if (!d || d.puzzle !== p.name) { svg.replaceChildren(); this.drawn = null; this.load(); return; }
    const last = Math.min(k, d.steps.length - 1), taken = new Set(d.steps.slice(0, last + 1).map((step) => step.board));
    const found = [d.steps[0].board];
    for (const step of d.steps.slice(0, last + 1)) {
      const fresh = step.neighbours.filter((next) => next.new);
      const queued = partial && step === d.steps[k] ? fresh.slice(0, partial.pushed) : fresh;
      for (const next of queued) if (d.parent.get(next.board) === step.board) found.push(next.board);
    }
    if (partial && k < d.steps.length && !partial.taken) taken.delete(d.steps[k].board);
    // The boards drawn are kept from step to step: a step adds the boards it queued and changes
    // the colours, rather than drawing every board again (a step's work stays the size of a step).
    if (this.drawn !== d) {
      this.drawn = d;
      this.nodes = new Map();
      for (const [name, value] of [['width', d.width], ['height', d.height], ['viewBox', `0 0 ${d.width} ${d.height}`]]) svg.setAttribute(name, value);
      svg.replaceChildren();
      const marker = el('marker', { id: 'tree-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' }, el('defs', {}, svg));
      el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#1d5e32' }, marker);
    }
    const current = k < d.steps.length ? d.steps[k].board : null, wanted = new Set(found);
    for (const [board, g] of this.nodes) if (!wanted.has(board)) { g.remove(); this.nodes.delete(board); }
    for (const board of found) {
      const name = `node ${taken.has(board) ? 'taken' : 'frontier'}${board === current ? ' current' : ''}`;
      const g = this.nodes.get(board);
      if (g) { if (g.getAttribute('class') !== name) g.setAttribute('class', name); continue; }
      this.nodes.set(board, this.node(board, name, svg));
    }
    const waiting = found.length - taken.size, beyond = k >= d.steps.length;
    $('tree-note').textContent = `The search tree so far, its first ${count(d.layers, 'layer')}: ${count(taken.size, p.units[0], p.units[1])} taken (dark), ` +
      `${grouped(waiting)} waiting in the queue (orange)` + (beyond ? `; the search goes on below layer ${d.layers - 1}, past what the tree draws.` : '.');
    svg.setAttribute('aria-label', `The search tree at step ${grouped(k)}: ${count(taken.size, p.units[0], p.units[1])} taken and ${grouped(waiting)} waiting, ` +
      `each with an arrow to its parent, over the first ${count(d.layers, 'layer')}.`);
    svg.dataset.taken = taken.size;
    svg.dataset.waiting = waiting;
    this.follow(current);
  },

  // A board of the tree drawn in `svg`, of class `name`: its mini board at its place, and the arrow
  // up to its parent with the move that first reached it.
  node(board, name, svg) {
    const d = this.data, top = (b) => TREE_GAP.pad + d.layer.get(b) * (d.h + TREE_GAP.y);
    const x = d.x.get(board), y = top(board), from = d.parent.get(board);
    const g = el('g', { class: name, 'data-board': board, 'data-layer': d.layer.get(board), 'data-parent': from || '' }, svg);
    if (from !== undefined) {
      const px = d.x.get(from) + d.w / 2, py = top(from) + d.h;
      el('line', { x1: x + d.w / 2, y1: y - 2, x2: px, y2: py + 2, stroke: '#1d5e32', 'stroke-width': 1.5, 'marker-end': 'url(#tree-arrow)', class: 'parent-arrow' }, g);
      el('text', { x: (x + d.w / 2 + px) / 2 + 4, y: (y + py) / 2 + 4, 'font-size': 12, fill: '#1d5e32', stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke' }, g, d.move.get(board));
    }
    el('rect', { x: x - 3, y: y - 3, width: d.w + 6, height: d.h + 6, rx: 3, class: 'halo' }, g);
    const mini = state.puzzle.mini(board.split(','));
    mini.setAttribute('x', x); mini.setAttribute('y', y);
    g.appendChild(mini);
    return g;
  },

  // The box scrolled, inside itself, to the board taken (never the page).
  follow(board) {
    const d = this.data, box = $('tree-box');
    if (!board || !d.x.has(board)) return;
    const scale = box.clientWidth && $('search-tree').getBoundingClientRect().width / d.width || 1;
    const y = TREE_GAP.pad + d.layer.get(board) * (d.h + TREE_GAP.y);
    box.scrollLeft = Math.max(0, (d.x.get(board) + d.w / 2) * scale - box.clientWidth / 2);
    box.scrollTop = Math.max(0, (y + d.h / 2) * scale - box.clientHeight / 2);
  },
};
