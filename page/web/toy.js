// uses: util.js, client.js, notice.js
// The toy graph, stepped by hand before the puzzle (issue 49, after Red Blob Games and VisuAlgo):
// eight nodes and the crate's breadth-first search on them (`lesson::toy`, common::stepper). The
// student presses the node they think the search takes next; the page says right or wrong, and
// why, from the search's own queue.
'use strict';

// Where each node is drawn (the graph's own units); a node's circle is a 44 px target at the
// phone's width.
const TOY_AT = { S: [36, 150], A: [120, 66], B: [112, 244], C: [204, 36], D: [206, 160], E: [300, 44], F: [290, 252], G: [326, 150] };
const TOY_RADIUS = 24;

const toy = {
  data: null,  // the crate's graph and steps
  done: 0,     // the steps taken so far

  async start() {
    if (this.data) return;
    try { this.data = await client.call({ op: 'toy' }); } catch (error) { failed(error); return; }
    this.draw();
  },

  // What the search knows after `done` steps: the nodes taken, in order; the queue, front first.
  known() {
    const steps = this.data.steps, taken = steps.slice(0, this.done).map((step) => step.board);
    return { taken, queue: this.done === 0 ? [steps[0].board] : steps[this.done - 1].queue };
  },

  draw() {
    const svg = $('toy'), { taken, queue } = this.known(), steps = this.data.steps;
    const parent = new Map(), last = taken[taken.length - 1];
    for (const step of steps.slice(0, this.done)) for (const next of step.neighbours) if (next.new) parent.set(next.board, step.board);
    svg.replaceChildren();
    const marker = el('marker', { id: 'toy-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' }, el('defs', {}, svg));
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#1d5e32' }, marker);
    for (const [a, b] of this.data.edges) {
      // A parent link is drawn as an arrow from the node to its parent; other edges plain.
      const [from, to] = parent.get(a) === b ? [a, b] : parent.get(b) === a ? [b, a] : [a, b], linked = parent.get(from) === to;
      const [x1, y1] = TOY_AT[from], [x2, y2] = TOY_AT[to], length = Math.hypot(x2 - x1, y2 - y1), cut = (TOY_RADIUS + 2) / length;
      el('line', { x1: x1 + (x2 - x1) * cut, y1: y1 + (y2 - y1) * cut, x2: x2 - (x2 - x1) * cut, y2: y2 - (y2 - y1) * cut, class: linked ? 'edge parent' : 'edge',
        stroke: linked ? '#1d5e32' : '#888', 'stroke-width': linked ? 3 : 1.5, 'marker-end': linked ? 'url(#toy-arrow)' : 'none', 'data-from': from, 'data-to': to }, svg);
    }
    for (const name of this.data.nodes) {
      const [x, y] = TOY_AT[name], where = taken.includes(name) ? 'taken' : queue.includes(name) ? 'queued' : 'unseen';
      const g = el('g', { class: `toy-node ${where}${name === last ? ' last' : ''}`, 'data-node': name, tabindex: 0, role: 'button',
        'aria-label': `node ${name}, ${where === 'unseen' ? 'not seen yet' : where === 'taken' ? 'taken' : 'in the queue'}` }, svg);
      el('circle', { cx: x, cy: y, r: TOY_RADIUS }, g);
      el('text', { x, y: y + 6, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 'bold' }, g, name);
      g.addEventListener('click', () => this.press(name));
      g.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); this.press(name); } });
    }
    $('toy-queue').textContent = queue.length ? queue.join(' ') : 'empty: the search is over';
    $('toy-show').disabled = this.done >= steps.length;
  },

  // The node pressed as the next one taken: right or wrong, and why.
  press(name) {
    const steps = this.data.steps;
    if (this.done >= steps.length) { this.verdict('over', 'Every node has been taken: the queue is empty, and the search is over. Start again to try once more.'); return; }
    const { taken, queue } = this.known(), next = steps[this.done];
    if (name === next.board) { this.take(`Right: ${name} is at the front of the queue.`, 'right'); return; }
    const why = taken.includes(name) ? `${name} was taken already, and a node is taken only once.`
      : queue.includes(name) ? `${name} is in the queue, but ${next.board} is ahead of it: ${next.board} was queued earlier, and the queue is first in, first out.`
        : `${name} is not in the queue: no node taken so far has it as a neighbour, so the search has not seen it.`;
    this.verdict('wrong', `Not ${name}. ${why} The next node taken is at the front: ${queue[0]}.`);
    $('toy').dataset.answer = next.board;
  },

  // One step taken (by a right answer or "show me"): what it did, in words.
  take(opening, verdict) {
    const step = this.data.steps[this.done];
    this.done++;
    const fresh = step.neighbours.filter((n) => n.new).map((n) => n.board), seen = step.neighbours.filter((n) => !n.new).map((n) => n.board);
    const did = `Taking ${step.board} (distance ${step.distance}), the search looks at ${step.neighbours.map((n) => n.board).join(', ')}: ` +
      (fresh.length ? `${fresh.join(', ')} ${fresh.length === 1 ? 'is' : 'are'} new, marked seen and queued at distance ${step.distance + 1}` : 'none is new') +
      (seen.length ? `; ${seen.join(', ')} ${seen.length === 1 ? 'was' : 'were'} seen already and ${seen.length === 1 ? 'is' : 'are'} skipped` : '') + '.';
    const end = this.done === this.data.steps.length ? ' The queue is empty: every node has its distance from S, and its arrow points back along a shortest path.' : '';
    this.verdict(verdict, `${opening} ${did}${end}`);
    this.draw();
  },

  verdict(kind, text) {
    const box = $('toy-verdict');
    box.dataset.verdict = kind;
    box.textContent = text;
  },

  wire() {
    $('toy-show').onclick = () => { if (this.data && this.done < this.data.steps.length) this.take('The next step:', 'shown'); };
    $('toy-again').onclick = () => { if (!this.data) return; this.done = 0; this.verdict('', ''); this.draw(); };
  },
};
