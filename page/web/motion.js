// uses:
// Moves animated: after a board is drawn, each tile or square slides from where it was drawn
// before (matched by its number: the squares and tiles are all different), and a turned wheel of
// Colour Hash rotates into place with its moving pieces outlined. Nothing moves when the person
// asks for reduced motion, and an animation never changes what is drawn at its end.
'use strict';

const motion = {
  turn: null,      // the move just made, for a wheel's rotation: {move, sign: 1 forward, -1 back}

  still: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,

  // Where each numbered piece ([data-key]) of the drawing is now, in the drawing's own units.
  positions(svg) {
    const found = new Map();
    for (const node of svg.querySelectorAll('[data-key]')) {
      const box = node.getBBox();
      found.set(node.dataset.key, [box.x, box.y]);
    }
    return found;
  },

  // Slides each piece drawn anew from its old place to its new one.
  slide(svg, before) {
    if (this.still() || !before || !before.size) return;
    const moving = [];
    for (const node of svg.querySelectorAll('[data-key]')) {
      const old = before.get(node.dataset.key);
      if (!old) continue;
      const box = node.getBBox(), dx = old[0] - box.x, dy = old[1] - box.y;
      if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
      node.style.transition = 'none';
      node.style.transform = `translate(${dx}px, ${dy}px)`;
      moving.push(node);
    }
    if (!moving.length) return;
    svg.getBoundingClientRect();  // the start positions take effect before the transition
    for (const node of moving) {
      node.style.transition = 'transform .25s ease';
      node.style.transform = '';
    }
  },

  // Rotates the group of a turned wheel (drawn by the puzzle as `.turning` with its centre and
  // angle) from where it stood before the move.
  rotate(svg) {
    const group = svg.querySelector('.turning');
    if (!group) return;
    if (this.still()) { group.classList.remove('turning'); return; }
    const { cx, cy, angle } = group.dataset;
    group.style.transformOrigin = `${cx}px ${cy}px`;
    group.style.transition = 'none';
    group.style.transform = `rotate(${-Number(angle)}deg)`;
    svg.getBoundingClientRect();
    group.style.transition = 'transform .3s ease';
    group.style.transform = '';
    setTimeout(() => group.classList.remove('turning'), 320);
  },
};
