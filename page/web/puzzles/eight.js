// uses: util.js
// Eight: how the page draws, describes and explains it. Its moves, ranks, parity, distances and
// IDA*'s bounds come from the crate (eight::Board, eight::study) through the worker; the tiles
// that can slide are those the crate's moves list for the board shown.
'use strict';

const EIGHT_MOVE_WORDS = { u: 'down', l: 'right', d: 'up', r: 'left' };

const eight = {
  name: 'eight', code: 1, title: 'Eight',
  // The described puzzle (`describe`): its `goal`, row by row.
  about: (described) => 'Eight (POJ 1077 and others): slide the tiles of a 3×3 frame into ' +
    [0, 3, 6].map((row) => described.goal.split(',').slice(row, row + 3).join(' ')).join(' / ') + '. ' +
    'The answer names where the blank goes: u, l, d, r; the judge wants a shortest one, the first in u < l < d < r order. ' +
    'Click a tile next to the blank, or focus it and press Enter, to slide it.',
  moveTitles: { u: 'u: the blank moves up', l: 'l: the blank moves left', d: 'd: the blank moves down', r: 'r: the blank moves right' },
  hintLabel: 'hint: each move\'s distance to the goal',
  order: 'u < l < d < r',
  units: ['board', 'boards'],
  axis: 'moves to the goal',
  picture: true,
  panels: ['dedup', 'race', 'parity-box', 'h-box'],
  stateName: 'Board',
  watchMemory: 'A board is remembered by its Cantor rank: for each cell, how many later cells hold a smaller value (its Lehmer digit), ' +
    'times the factorial of the cells after it; the ranks number the boards 0, 1, 2, … without a gap, so one array of flags says what has been seen: ' +
    'a byte for each of the 9! boards, two for each board that can be reached (the other seen sets\' bytes are counted in "three ways to remember what was seen").',
  // This search runs from the goal: its parents are shortest paths, not the judge's tie rule.
  watchTie: 'This search starts at the goal, so what it measures is each board\'s distance to the goal. Its parent links do lead ' +
    'from any board to the goal by a shortest path, but not always by the judge\'s answer: its ties are broken from the goal, the ' +
    'judge\'s from the case. The answer is walked from the case instead: at each board take the first move, in the order ' +
    'u < l < d < r, that comes one closer to the goal (the tie rule, drawn in "Why this answer").',
  reading: [['small', 'start small: breadth-first search by hand'], ['watch', 'the same search on the puzzle, then the Cantor rank'],
    ['table-heading', 'the state space, layer by layer'], ['dedup', 'three ways to remember what was seen'], ['why-heading', 'the tie rule: why this answer'],
    ['method-heading', 'parity, and IDA* with its heuristic'], ['race', 'the methods raced']],
  searchFrom: 'the goal',  // where its breadth-first search starts, as the pseudocode's first line names it
  // The judge's input of one case, its tokens space-separated in `judged`.
  input: (judged) => judged + '\n',
  answer(stdout) {
    const line = stdout.slice(0, stdout.indexOf('\n') + 1 || undefined).trim();
    if (line === 'unsolvable') return 'unsolvable';
    return /^[uldr]*$/.test(line) && stdout.length ? line.split('') : null;
  },
  // Most random cases are solvable; one in six is not, to show parity.
  acceptRandom: (entry) => entry.distance !== null || Math.random() < 0.17,
  describe(tokens) {
    const rows = [0, 1, 2].map((r) => tokens.slice(3 * r, 3 * r + 3).map((t) => t === 'x' ? 'blank' : t).join(' '));
    return `Eight board, row by row: ${rows.join('; ')}.`;
  },
  stepText(step, n, moves) {
    if (step === 0) return `step 0 of ${n}: the case; ${count(n, 'move')} to the goal`;
    return `step ${step} of ${n}: move ${moves[step - 1]}; ${count(n - step, 'move')} to the goal` + (step === n ? ' (solved)' : '');
  },
  draw(svg, entry, ui) {
    svg.setAttribute('viewBox', '0 0 400 300');
    // `ui.info` is the crate's inspect() of the case, `ui.caseTokens` the case: their pairs and
    // heuristic are drawn only on the case itself.
    const onCase = ui.info && ui.caseTokens && entry.board === ui.caseTokens.join(',');
    const pairs = (entry.distance === null || ui.pairs) && onCase && ui.info.pairs ? ui.info.pairs : null;
    const size = 88, left = 68, top = 12;
    el('rect', { x: left - 8, y: top - 8, width: 3 * size + 16, height: 3 * size + 16, rx: 10, fill: '#864', stroke: '#532' }, svg);
    el('rect', { x: left, y: top, width: 3 * size, height: 3 * size, fill: '#432' }, svg);
    const tokens = entry.tokens;
    // The move that slides a tile: the crate's move whose board has the blank where the tile was.
    const slides = {};
    for (const [move, next] of Object.entries(entry.next)) slides[next.split(',').indexOf('x')] = move;
    tokens.forEach((tile, cell) => {
      if (tile === 'x') return;
      const x = left + size * (cell % 3), y = top + size * Math.floor(cell / 3);
      const move = slides[cell];
      const g = el('g', { class: 'tile', 'data-tile': tile, 'data-cell': cell, 'data-focus': 'tile-' + tile, 'data-key': 'tile-' + tile }, svg);
      el('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 8, fill: '#f4e4c4', stroke: '#853' }, g);
      el('text', { x: x + size / 2, y: y + size / 2 + 12, 'text-anchor': 'middle', 'font-size': 36, fill: '#532', 'font-weight': 'bold' }, g, tile);
      if (!move) return;
      g.setAttribute('data-move', move);
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', `tile ${tile}: slide it ${EIGHT_MOVE_WORDS[move]} (move ${move})`);
      // The tile slides when the board is drawn again (motion.js), as every move's tiles do.
      const slide = () => ui.act(move);
      g.addEventListener('click', slide);
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); slide(); }
      });
      if (ui.hints && ui.hints[move] !== undefined) {
        el('text', { x: x + size - 10, y: y + 24, 'text-anchor': 'end', 'font-size': 16, fill: '#8a3300', class: 'hint-badge', 'aria-hidden': 'true' }, svg,
          ui.hints[move] === null ? '—' : ui.hints[move]);
      }
    });
    if (pairs) this.drawPairs(svg, tokens, pairs);
    if (ui.heuristic && onCase && ui.info.manhattan) this.drawHeuristic(svg, ui.info, tokens);
  },
  // IDA*'s heuristic on the case's tiles (method.heuristic): each tile's Manhattan distance at its
  // lower left, +2 at its lower right for a tile a linear conflict sends out of its line, and an
  // arc joining each pair in conflict.
  drawHeuristic(svg, info, tokens) {
    const size = 88, left = 68, top = 12;
    const layer = el('g', { class: 'heuristic', 'aria-hidden': 'true' }, svg);
    const centre = (cell) => [left + size * (cell % 3) + size / 2, top + size * Math.floor(cell / 3) + size / 2];
    for (const pair of info.conflicts) {
      const [a, b] = pair.split(' ').map(Number), [[x1, y1], [x2, y2]] = [centre(a), centre(b)];
      // Bowed off the line through the centres so pairs along one row or column stay apart.
      const bow = 0.3, mx = (x1 + x2) / 2 + bow * (y2 - y1), my = (y1 + y2) / 2 - bow * (x2 - x1);
      el('path', { d: `M ${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`, fill: 'none', stroke: '#1f4e8c', 'stroke-width': 3, 'stroke-dasharray': '6 4', class: 'conflict', 'data-cells': pair }, layer);
    }
    info.manhattan.forEach((steps, cell) => {
      if (tokens[cell] === 'x') return;
      const x = left + size * (cell % 3), y = top + size * Math.floor(cell / 3);
      el('text', { x: x + 10, y: y + size - 10, 'font-size': 16, fill: '#1f4e8c', class: 'manhattan', 'data-cell': cell }, layer, steps);
      if (info.detours[cell]) el('text', { x: x + size - 10, y: y + size - 10, 'text-anchor': 'end', 'font-size': 16, fill: '#8a2846', class: 'detour', 'data-cell': cell }, layer, '+' + info.detours[cell]);
    });
  },
  // Lines joining the tiles of each pair out of order, drawn over an unsolvable case, and over any
  // case when the parity switch asks for them.
  drawPairs(svg, tokens, pairs) {
    const size = 88, left = 68, top = 12;
    const centre = (tile) => { const cell = tokens.indexOf(tile); return [left + size * (cell % 3) + size / 2, top + size * Math.floor(cell / 3) + size / 2]; };
    const layer = el('g', { class: 'pairs', 'aria-hidden': 'true' }, svg);
    for (const pair of pairs) {
      const [[x1, y1], [x2, y2]] = pair.split(' ').map(centre);
      el('line', { x1, y1, x2, y2, stroke: '#c4501f', 'stroke-width': 3, 'stroke-opacity': 0.7, 'stroke-linecap': 'round' }, layer);
    }
  },
  // A small board for the search's pictures: the 3×3 frame, tiles numbered at 13 px, the blank dark.
  mini(tokens) {
    const size = 20, svg = el('svg', { width: 3 * size + 2, height: 3 * size + 2, viewBox: `0 0 ${3 * size + 2} ${3 * size + 2}`, class: 'mini', 'aria-hidden': 'true' });
    tokens.forEach((tile, i) => {
      const x = 1 + size * (i % 3), y = 1 + size * Math.floor(i / 3);
      el('rect', { x, y, width: size, height: size, fill: tile === 'x' ? '#432' : '#f4e4c4', stroke: '#853', 'data-token': tile, 'data-position': i }, svg);
      if (tile !== 'x') el('text', { x: x + size / 2, y: y + 15, 'text-anchor': 'middle', 'font-size': 13, fill: '#532' }, svg, tile);
    });
    return svg;
  },
  histogramSummary: (total, data) => `${count(total, 'solvable board')} of ${grouped(data.states)}, diameter ${data.layers.length - 1} ` +
    '(OEIS A089473); the other half is unsolvable',
  method(ctx) {
    let text = '<p><b>Parity first:</b> read the tiles row by row without the blank and count the pairs out of order. A move left or ' +
      'right changes none, a move up or down carries one tile past two others, so the count\'s parity never changes: the boards with ' +
      'an odd count, half of the 9!, never reach the goal (an unsolvable case shows its pairs joined on the board).</p>' +
      `<p>The table: a breadth-first search from the goal over the ${grouped(ctx.figures.solvable)} solvable boards, ` +
      'each board keeping its distance and its answer\'s first move; one pixel per board below, layer by layer.</p>' +
      '<p class="source">source: <code>eight::Solver</code>, <code>eight::plain</code></p>';
    const info = ctx.info;
    if (info && info.bounds && ctx.moves.length > 0) {
      const rows = info.bounds.map((bound, i) => `<tr><td>${bound}</td><td>${grouped(info.expanded[i])}</td></tr>`).join('');
      text += `<p id="ida"><b>Which method answered:</b> with the judges' options a run of one board is answered by ` +
        `<b>IDA*</b>, iterative-deepening A*: no board needs as many expansions (boards taken and their moves tried) as the run's budget of ${grouped(ctx.figures.budget)}, so the table is not built. ` +
        'A <dfn>heuristic</dfn> is a quick estimate of a board\'s distance to the goal that never overestimates it; here the Manhattan distance ' +
        `(how far each tile is from its place, in rows plus columns) plus 2 for each tile a linear conflict sends out of its line and back. It gives this board h = ${info.heuristic}. ` +
        'IDA* searches depth first from the board, cutting a path off as soon as its moves so far, g, plus h exceed a <dfn>bound</dfn>; ' +
        'when a search finds nothing, the bound becomes the smallest g + h that was cut off, and it searches again. ' +
        'A move changes the Manhattan part by 1 and the conflicts by an even number, so h by an odd number and g by 1: g + h keeps its parity, and ' +
        `the bounds go up by 2: <b>${info.bounds.join(', ')}</b> — ${count(info.bounds.length, 'iteration')}, the last one finding the answer, ` +
        `after <b id="expansions">${grouped(info.expansions)}</b> ${info.expansions === 1 ? 'expansion' : 'expansions'} in all ` +
        '(the crate\'s own search). A longer run switches to the table once the budget is spent; both give the same string.' +
        (ctx.boardsInInput > 1 ? ' This input holds several boards: the page draws the first; the later ones may be answered by the table.' : '') + '</p>' +
        `<table class="numbers"><caption>IDA*'s iterations on this board</caption><thead><tr><th scope="col">bound</th><th scope="col">boards expanded</th></tr></thead><tbody>${rows}</tbody></table>` +
        '<p class="source">source: <code>eight::study::budget</code>, <code>eight::study::heuristic</code>, <code>eight::study::iterations</code></p>';
    } else if (ctx.answerKind === 'unsolvable') {
      text += '<p id="ida"><b>Which method answered:</b> parity alone, before any search (see the explanation on the left).</p>';
    }
    return text;
  },
  pictureLayer: (layer, size) => `layer ${layer}: ${count(size, 'board')} at distance ${layer}`,
  choices: true,           // "why this answer" shows the moves tried at each step (method.choices)
  answerEnd: 'the goal',
  // method.choices at the answer's i-th board: its distance to the goal and each move's, from the
  // crate's table through `inspect` (null: that move's board is not in the table).
  async choicesAt(boards, i, call) {
    const info = await call({ op: 'inspect', code: this.code, board: boards[i].board });
    return { distance: boards[i].distance, after: Object.fromEntries((info.moves || []).map((m) => [m.move, m.distance])) };
  },
  // The first board of a run is answered by IDA* (module text above), so "why" explains its order.
  why: () => 'Why IDA* prints this one: its last iteration, with the bound equal to the distance, keeps every shortest path, ' +
    'and its depth-first search tries u, l, d, r in that order, so the first path that reaches the goal is the first shortest answer ' +
    'in u < l < d < r order. (The table, for longer runs, walks the same answer: each board keeps its smallest first move one step closer.)',
  unsolvable: (info) => `Unsolvable: read the tiles row by row without the blank; this board has ${count(info.inversions, 'pair')} out of order ` +
    `(${info.pairs.map((pair) => pair.replace(' ', ' before ')).join(', ')}; joined by lines on the board), ` +
    'an odd number. A move left or right changes no pair; a move up or down carries a tile past two others, ' +
    'changing 0 or 2 pairs. So the parity never changes, and the goal has 0: no sequence of moves reaches it (half of the 9! boards).',
};
