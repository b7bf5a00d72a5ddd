// uses: util.js
// Magic Squares: how the page draws, describes and explains it. Its moves, ranks and distances
// come from the crate (msquare::study, msquare::plain) through the worker; nothing here moves a
// square.
'use strict';

const MSQUARE_COLOURS = ['#e6194b', '#f58231', '#ffe119', '#3cb44b', '#42d4f4', '#4363d8', '#911eb4', '#f032e6'];

const msquare = {
  name: 'msquare', code: 0, title: 'Magic Squares',
  // The described puzzle (`describe`): its basic state is `goal`.
  about: (described) => 'Magic Squares (USACO 3.2): eight coloured squares in a 2×4 board, read clockwise from the top left. ' +
    'The judge wants the shortest sequence of A (swap the rows), B (shift right), C (turn the middle four) ' +
    `that builds the typed board from ${msquare.rows(described.goal.split(','))}, the first in dictionary order. ` +
    'Press A, B, C to build a board: it becomes the case.',
  moveTitles: { A: 'A: exchange the top and bottom rows', B: 'B: shift every column right', C: 'C: turn the middle four clockwise' },
  hintLabel: 'hint: each move\'s distance from the basic state',
  order: 'A < B < C',
  units: ['board', 'boards'],
  axis: 'moves from the basic state',
  picture: true,
  panels: [],              // the extra panels it has (ids), beyond those every puzzle has
  stateName: 'Board',
  // "Watch the search": how a board is remembered, and what this search's tree has to do with
  // the answer (here: it is the answer, read back from the case).
  watchMemory: 'A board is remembered by its Cantor rank: for each cell, how many later cells hold a smaller value (its Lehmer digit), ' +
    'times the factorial of the cells after it; the ranks number the boards 0, 1, 2, … without a gap, so one array of flags says what has been seen.',
  watchTie: 'The tie rule shows here. This search starts at the basic state, the board every answer builds from, and trying A, B, C ' +
    'in order, a board is first reached by the smallest move of the earliest board of the layer before. So the search\'s tree, read ' +
    'back from the case (the case\'s parent, then its parent, up to the start), is the answer the judge wants. The button runs the ' +
    'search until it takes the case and draws that chain.',
  chain: true,  // "Watch" can run to the case and draw its parent chain (watch.chain)
  // The study column's sections in the order a student meets the ideas.
  reading: [['small', 'start small: breadth-first search by hand'], ['watch', 'the same search on the puzzle, step by step'],
    ['cantor-box', 'the Cantor rank of a board'], ['table-heading', 'the state space, layer by layer'],
    ['method-heading', 'the whole space, a pixel a board'], ['why-heading', 'the tie rule: why this answer']],
  searchFrom: 'the basic state',  // where its breadth-first search starts, as the pseudocode's first line names it
  // The judge's input of one case, its tokens space-separated in `judged`.
  input: (judged) => judged + '\n',
  answer(stdout) {
    const lines = stdout.split('\n');
    if (!/^\d+$/.test(lines[0])) return null;
    return lines.slice(1).join('').split('');
  },
  acceptRandom: () => true,
  describe(tokens) {
    return `Magic Squares board: top row ${tokens.slice(0, 4).join(' ')}, bottom row ${tokens.slice(4).reverse().join(' ')}.`;
  },
  // Playback runs from the basic state to the case: the answer builds the case.
  // The board's two rows as the judge reads them: the top left to right, the bottom right to left.
  rows: (tokens) => tokens.slice(0, 4).join(' ') + ' / ' + tokens.slice(4).reverse().join(' '),
  // `start`: the playback's first board, the basic state.
  stepText(step, n, moves, start) {
    if (step === 0) return `step 0 of ${n}: the basic state ${this.rows(start)}; ${count(n, 'move')} to the case`;
    return `step ${step} of ${n}: move ${moves[step - 1]}; ${count(n - step, 'move')} to the case` + (step === n ? ' (the case is built)' : '');
  },
  draw(svg, entry) {
    svg.setAttribute('viewBox', '0 0 400 236');
    const size = 80, left = 40, top = 16;
    const place = (i) => i < 4 ? [left + size * i, top] : [left + size * (7 - i), top + size + 10];
    entry.tokens.forEach((colour, i) => {
      const [x, y] = place(i);
      const fill = MSQUARE_COLOURS[Number(colour) - 1] || '#fff';
      const g = el('g', { class: 'cell', 'data-position': i, 'data-key': 'colour-' + colour }, svg);
      el('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 8, fill, stroke: '#333' }, g);
      el('text', { x: x + size / 2, y: y + size / 2 + 10, 'text-anchor': 'middle', 'font-size': 30, fill: textOn(fill), 'font-weight': 'bold' }, g, colour);
    });
    el('text', { x: 200, y: 226, 'text-anchor': 'middle', 'font-size': 15, fill: '#444' }, svg,
      'read clockwise: 1 2 3 4 on top, 8 7 6 5 below');
  },
  // A small board for the search's pictures (the queue, the board taken and its neighbours): the
  // 2×4 squares in their colours, read clockwise as the big one; no text (it would be under 12 px).
  mini(tokens) {
    const size = 13, svg = el('svg', { width: 4 * size + 2, height: 2 * size + 2, viewBox: `0 0 ${4 * size + 2} ${2 * size + 2}`, class: 'mini', 'aria-hidden': 'true' });
    tokens.forEach((colour, i) => {
      const column = i < 4 ? i : 7 - i, row = i < 4 ? 0 : 1;
      el('rect', { x: 1 + size * column, y: 1 + size * row, width: size, height: size, fill: MSQUARE_COLOURS[Number(colour) - 1] || '#fff', stroke: '#333', 'data-token': colour, 'data-position': i }, svg);
    });
    return svg;
  },
  histogramSummary: (total, data) => `${count(total, 'board')} in ${count(data.layers.length, 'layer')} (diameter ${data.layers.length - 1}), all 8! reached from the basic state`,
  method: (ctx) => `<p>Breadth-first search from the basic state over all 8! = ${grouped(ctx.figures.states)} boards, ` +
    'trying A, B, C in that order: each board is first reached from the earliest board of the layer before by the smallest move, ' +
    'so following the parents back gives the shortest answer that comes first in dictionary order. ' +
    'Below, every board is one pixel, the layers one under the other, coloured by distance; the ring marks the board shown.</p>' +
    '<p class="source">source: <code>msquare::Solver</code>, <code>msquare::plain</code></p>',
  pictureLayer: (layer, size) => `layer ${layer}: ${count(size, 'board')} first reached at distance ${layer}`,
  choices: true,           // "why this answer" shows the moves tried at each step (method.choices)
  answerEnd: 'the case',
  // method.choices at the answer's i-th board. The answer builds the case from the basic state, so
  // the distances are to the case: a move permutes positions and the colours are only labels, so
  // the moves from a board to the case are those from the basic state to the case relabelled by
  // the board (each colour written as the position the board holds it at; page/src/square.rs),
  // and the crate's distance of that relabelled board is the distance (the `to_case` export).
  // `call` asks the worker.
  async choicesAt(boards, i, call) {
    const next = Object.entries(boards[i].next);
    const found = await call({ op: 'to_case', boards: [boards[i].board, ...next.map(([, board]) => board)].join(';'), target: boards[boards.length - 1].board });
    return { distance: found.distances[0], after: Object.fromEntries(next.map(([move], j) => [move, found.distances[j + 1]])) };
  },
  why: () => 'Why the BFS prints this one: boards are reached layer by layer, and within a layer in the order of their own answers; ' +
    'trying A, B, C in order, the first time a board is reached is by the smallest answer.',
};
