// uses: util.js
// Colour Hash: how the page draws, describes and explains it. Its moves, layers and distances
// come from the crate (colour_hash::plain::apply_move, colour_hash::study) through the worker.
'use strict';

const HASH_COLOURS = ['#444444', '#e6194b', '#999999', '#3cb44b', '#bbbbbb', '#4363d8', '#666666', '#ffe119', '#cccccc', '#f58231', '#888888'];
// Two wheels of 12 places each, separators (even places) and triangles (odd places); places
// 10-12 of each wheel (indices 9-11) are the same three pieces.
const HASH_R = 84, HASH_D = HASH_R * Math.sqrt(3);
const HASH_CENTRES = [[210 - HASH_D / 2, 150], [210 + HASH_D / 2, 150]];
function hashPlace(wheel, index) {
  // Left wheel: index grows clockwise, 10 (index 9..11 the shared three) facing right;
  // right wheel: index grows counter-clockwise, 10 facing left. The circles meet exactly at the
  // shared triangles (indices 9 and 11); the shared separator (10) sits between them.
  const [cx, cy] = HASH_CENTRES[wheel];
  if (index === 10) return [210, cy, wheel ? 180 : 0];
  const angle = wheel === 0 ? (index - 10) * 30 : 180 - (index - 10) * 30;
  const radians = angle * Math.PI / 180;
  return [cx + HASH_R * Math.cos(radians), cy + HASH_R * Math.sin(radians), angle];
}

const colourHash = {
  name: 'colour-hash', code: 2, title: 'Colour Hash',
  // The described puzzle (`describe`): its figures give the judge's move limit.
  about: (described) => 'Colour Hash (UVa 704): two wheels share three pieces. Moves 1 and 3 turn the left wheel ' +
    `clockwise and back, 2 and 4 the right one; the judge wants the shortest solution of at most ${described.figures.maxMoves} moves ` +
    'with the smallest number. Click a wheel (or focus it and press Enter) to turn it clockwise, shift-click (Shift+Enter) to turn it back.',
  moveTitles: { 1: '1: left wheel clockwise', 2: '2: right wheel clockwise', 3: '3: left wheel counter-clockwise', 4: '4: right wheel counter-clockwise' },
  hintLabel: 'hint: each move\'s distance to the goal',
  order: '1 < 2 < 3 < 4',
  units: ['configuration', 'configurations'],
  axis: 'moves to the goal',
  picture: false,
  panels: ['mitm-box', 'start-side'],
  stateName: 'Configuration',
  watchMemory: 'Configurations have no rank here: each one reached is kept in a hash map with its distance.',
  watchTie: 'This is the goal side: it starts at the goal, so what it measures is each configuration\'s distance to the goal, ' +
    'up to G, and those within G make the table. The answer\'s last moves are walked from where the start side meets the table: at ' +
    'each configuration take the first move, in the order 1 < 2 < 3 < 4, that comes one closer to the goal.',
  reading: [['small', 'start small: breadth-first search by hand'], ['watch', 'the same search from the goal (the goal side)'],
    ['table-heading', 'the space around the goal'], ['method-heading', 'meet in the middle: two balls'], ['start-side', 'the start side, depth first'],
    ['why-heading', 'the tie rule: why this answer']],
  searchFrom: 'the goal',  // where its breadth-first search starts, as the pseudocode's first line names it
  side: ' (the goal side)',
  orderNote: ' (the smallest number)',
  beyond: (facts) => `this case: beyond ${facts.maxMoves} moves`,
  // The judge's input of one case, its tokens space-separated in `judged`.
  input: (judged) => '1\n' + judged + '\n',
  answer(stdout) {
    const line = stdout.slice(0, stdout.indexOf('\n') + 1 || undefined).trim();
    if (line === 'PUZZLE ALREADY SOLVED') return [];
    if (/^[1-4]+$/.test(line)) return line.split('');
    return line.startsWith('NO SOLUTION') ? 'none' : null;
  },
  acceptRandom: () => true,
  // A small configuration for the search's pictures: each wheel's twelve places as a strip of
  // cells in their colours, the left wheel above the right (the last three of each shared).
  mini(tokens) {
    const width = 6, height = 8, svg = el('svg', { width: 12 * width + 2, height: 2 * height + 4, viewBox: `0 0 ${12 * width + 2} ${2 * height + 4}`, class: 'mini', 'aria-hidden': 'true' });
    tokens.forEach((number, i) => {
      const wheel = i < 12 ? 0 : 1;
      el('rect', { x: 1 + width * (i % 12), y: 1 + (height + 2) * wheel, width, height, fill: HASH_COLOURS[Number(number)] || '#fff', stroke: '#333', 'stroke-width': 0.5, 'data-token': number, 'data-position': i }, svg);
    });
    return svg;
  },
  describe(tokens) {
    return `Colour Hash: left wheel, clockwise from its lowest place: ${tokens.slice(0, 12).join(' ')}; ` +
      `right wheel, counter-clockwise: ${tokens.slice(12).join(' ')}; the last three of each are the shared pieces.`;
  },
  stepText(step, n, moves) {
    if (step === 0) return `step 0 of ${n}: the case; ${count(n, 'move')} to the goal`;
    return `step ${step} of ${n}: move ${moves[step - 1]}; ${count(n - step, 'move')} to the goal` + (step === n ? ' (solved)' : '');
  },
  draw(svg, entry, ui) {
    svg.setAttribute('viewBox', '0 0 420 300');
    const moves = ui.moveNames; // the crate's: left clockwise, right clockwise, left back, right back
    const turn = (wheel, back) => ui.act(moves[wheel + (back ? 2 : 0)]);
    HASH_CENTRES.forEach(([cx, cy], wheel) => {
      const [forward, backward] = [moves[wheel], moves[wheel + 2]];
      const circle = el('circle', { cx, cy, r: HASH_R + 26, fill: wheel ? 'rgba(90,120,200,.10)' : 'rgba(200,120,90,.10)',
        stroke: wheel ? '#568' : '#865', 'stroke-width': 2, class: 'wheel', 'data-wheel': wheel, 'data-focus': 'wheel-' + wheel,
        tabindex: 0, role: 'button' }, svg);
      circle.setAttribute('aria-label', `${wheel ? 'right' : 'left'} wheel: Enter makes move ${forward}, Shift+Enter move ${backward}`);
      circle.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); turn(wheel, event.shiftKey); }
      });
      el('text', { x: cx + (wheel ? 62 : -62), y: 20, 'text-anchor': 'middle', 'font-size': 15, fill: '#444' }, svg,
        `${wheel ? 'right' : 'left'}: ${forward} ↻ ${backward} ↺`);
    });
    // A click where the wheels overlap turns the wheel whose centre is nearer.
    const nearest = (event) => {
      const point = svg.createSVGPoint();
      point.x = event.clientX; point.y = event.clientY;
      const at = point.matrixTransform(svg.getScreenCTM().inverse());
      const distance = ([cx, cy]) => Math.hypot(at.x - cx, at.y - cy);
      const wheel = distance(HASH_CENTRES[0]) <= distance(HASH_CENTRES[1]) ? 0 : 1;
      return distance(HASH_CENTRES[wheel]) <= HASH_R + 26 ? wheel : null;
    };
    svg.onclick = (event) => { const wheel = nearest(event); if (wheel !== null) turn(wheel, event.shiftKey); };
    svg.oncontextmenu = (event) => { const wheel = nearest(event); if (wheel !== null) { event.preventDefault(); turn(wheel, true); } };
    // The wheel just turned is drawn in a group of its own, which motion.js rotates from where
    // it stood: a clockwise move (1, 2) turns it by 60°, a counter-clockwise one (3, 4) back,
    // and a step back in playback the other way.
    const turned = ui.turn ? moves.indexOf(ui.turn.move) : -1;
    const turning = turned < 0 ? -1 : turned % 2;
    const groups = [0, 1].map((wheel) => {
      if (wheel !== turning) return svg;
      const [cx, cy] = HASH_CENTRES[wheel];
      return el('g', { class: 'turning', 'data-cx': cx, 'data-cy': cy, 'data-angle': (turned < 2 ? 60 : -60) * ui.turn.sign }, svg);
    });
    const piece = (wheel, index, number, shared) => {
      const [x, y, angle] = hashPlace(wheel, index);
      const fill = HASH_COLOURS[Number(number)] || '#fff';
      // The shared pieces turn with whichever wheel turns.
      const parent = shared && turning >= 0 ? groups[turning] : groups[wheel];
      const g = el('g', { transform: `translate(${x},${y}) rotate(${angle})`, 'data-place': wheel * 12 + index }, parent);
      const stroke = shared ? '#000' : '#333';
      if (index % 2) {
        el('polygon', { points: '-14,-16 -14,16 17,0', fill, stroke, 'stroke-width': shared ? 2.5 : 1 }, g);
      } else {
        el('rect', { x: -18, y: -8, width: 36, height: 16, rx: 3, fill, stroke, 'stroke-width': shared ? 2.5 : 1 }, g);
      }
      el('text', { x, y: y + 5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 'bold', fill: textOn(fill) }, parent, number);
    };
    const tokens = entry.tokens;
    for (let index = 0; index < 12; index++) piece(0, index, tokens[index], index >= 9);
    for (let index = 0; index < 9; index++) piece(1, index, tokens[12 + index], false);
    el('text', { x: 210, y: 292, 'text-anchor': 'middle', 'font-size': 15, fill: '#444' }, svg,
      'the outlined pieces in the middle belong to both wheels');
  },
  histogramSummary: (total, data) => `${count(total, 'configuration')} within ${data.layers.length - 1} moves, counted by BFS from the goal; ` +
    `${grouped(data.states)} in all (the separators and the triangles each arranged among their places: ` +
    `two multinomials), so ${grouped(data.states - total)} lie farther`,
  method: (ctx) => '<p>Meet in the middle: a table of every configuration within G moves of the goal, ' +
    'built by breadth-first search from it; then a depth-first search from the case, moves in order 1, 2, 3, 4, for the first ' +
    'state the table knows at exactly G. The start side gives the answer\'s first moves, the table walks the last G down to the goal, ' +
    `always by the smallest move that gets one step closer. Any G gives the same answer; the solver uses ${ctx.figures.goalDepth} for the largest runs ` +
    'and picks G from the number of cases.</p><p class="source">source: <code>colour_hash::Solver</code>, <code>colour_hash::study::GoalLayers</code></p>',
  why: () => 'Why: the start side tries 1, 2, 3, 4 in order and stops at the first state the table knows at G; ' +
    'the tail then always takes the smallest move one step closer.',
  none: (facts) => `No solution within ${facts.maxMoves} moves: the judge allows at most ${facts.maxMoves}, and every solution of this configuration is longer ` +
    '(or the numbers are not a configuration of the puzzle: the warning says why).',
};
