// uses: util.js, client.js, state.js, notice.js
// The method panels: which method answered and how (with colour-hash's meet-in-the-middle
// split), "why this answer" (every shortest answer counted, the first few listed), and the plain
// explanation under the binary's output.
'use strict';

const method = {
  // How many cases the binary answered, counted to two: its output's answer lines (not blank).
  answered: (stdout) => stdout.slice(0, 4096).split('\n').filter(Boolean).slice(0, 2).length,

  draw() {
    const p = state.puzzle;
    $('frontier-box').hidden = !p.picture;

    $('method').innerHTML = p.method({
      figures: figuresOf(p), info: state.info, moves: state.moves, answerKind: state.answerKind, boardsInInput: state.output ? this.answered(state.output.stdout) : 0,
    });
    $('mitm-box').hidden = !p.panels.includes('mitm-box');
    this.parity();
    this.heuristic();
    if (p.panels.includes('mitm-box')) { this.mitm(); this.balance(); }
  },

  // eight: the case's pairs out of order (the crate's, eight::study::inverted_pairs) counted beside
  // the switch that draws them on the board; the count's parity is the case's fate.
  parity() {
    const box = $('parity-box'), info = state.info;
    box.hidden = !state.puzzle.panels.includes('parity-box');
    if (box.hidden) return;
    if (!info || info.inversions === undefined) { $('parity-text').textContent = 'Give a board to count its pairs.'; return; }
    const listed = info.pairs.length ? ` (${info.pairs.map((pair) => pair.replace(' ', ' before ')).join(', ')})` : '';
    $('parity-text').textContent = `This case has ${count(info.inversions, 'pair')} out of order${listed}: ` +
      (info.distance === null ? 'an odd number, so no move sequence reaches the goal\'s 0.' : 'an even number, like the goal\'s 0, and every even board is reached.');
  },

  // eight: IDA*'s heuristic of the case taken apart (the crate's, eight::study::heuristic_parts):
  // each tile's Manhattan distance and the tiles a linear conflict sends out of their line and
  // back, adding up to h, IDA*'s first bound; the switch draws them on the board.
  heuristic() {
    const box = $('h-box'), info = state.info;
    box.hidden = !state.puzzle.panels.includes('h-box');
    if (box.hidden) return;
    if (!info || info.manhattan === undefined || !state.tokens) { $('h-text').textContent = 'Give a board to take its heuristic apart.'; return; }
    const sum = (values) => values.reduce((a, b) => a + b, 0);
    const tiles = (values) => values.map((v, cell) => [state.tokens[cell], v]).filter(([, v]) => v > 0).map(([tile, v]) => `${tile}: ${v}`).join(', ');
    const manhattan = sum(info.manhattan), detours = sum(info.detours);
    const detoured = info.detours.map((v, cell) => [state.tokens[cell], v]).filter(([, v]) => v > 0).map(([tile, v]) => `+${v} on ${tile}`).join(', ');
    const pairs = info.conflicts.map((pair) => pair.split(' ').map((cell) => state.tokens[Number(cell)]).join(' before '));
    $('h-text').textContent = `h = ${manhattan} + ${detours} = ${info.heuristic}: each tile's rows and columns from its goal cell` +
      (manhattan ? ` (${tiles(info.manhattan)})` : '') + ', plus 2 for each tile that must leave its row or column and come back because a tile of that line ' +
      'stands before it in the wrong order' + (pairs.length ? ` (${pairs.join(', ')}; ${detoured})` : ' (none here)') +
      '. The +2s count tiles, not pairs: in each line the tiles outside a longest run already in goal order leave and come back, ' +
      'and those detours clear every pair of the line, so a tile in conflict with two others is counted once ' +
      `(here ${count(info.conflicts.length, 'pair')} in conflict, ${count(info.detours.reduce((n, v) => n + v / 2, 0), 'detour')} of 2)` +
      '. No move carries a tile more than one step, so h never overestimates' +
      (info.distance === null ? '; this board is unsolvable, so no search runs.' : '; it is IDA*\'s first bound.');
  },

  // colour-hash: the answer split at G moves from the goal, and what each side searched.
  mitm() {
    const svg = $('mitm'), n = state.moves.length, G = state.goalDepth, facts = figuresOf(state.puzzle), most = facts.maxMoves;
    svg.replaceChildren();
    if (!facts.depths) return;
    const table = facts.tables[facts.depths.indexOf(G)];
    const width = Math.max(280, svg.clientWidth || 520);
    svg.setAttribute('viewBox', `0 0 ${width} 150`);
    const lines = [];
    if (!state.boards.length || state.answerKind !== 'moves' || n === 0) {
      lines.push(state.answerKind === 'none' ? `No solution within ${most} moves: the start side searched` : 'Solve a case to see its answer split.');
      if (state.answerKind === 'none') lines.push(`${most} − G = ${most - G} deep and met nothing in the table.`);
      wrap(lines.join(' '), Math.floor((width - 20) / 7.8)).forEach((line, i) => el('text', { x: 10, y: 30 + 20 * i, 'font-size': 14 }, svg, line));
      svg.setAttribute('aria-label', lines.join(' '));
      return;
    }
    const prefix = Math.max(0, n - G);
    const left = 12, cell = Math.min(30, (width - 2 * left) / n);
    el('text', { x: left, y: 18, 'font-size': 13 }, svg, 'start');
    el('text', { x: left + n * cell, y: 18, 'font-size': 13, 'text-anchor': 'end' }, svg, 'goal');
    state.moves.forEach((move, i) => {
      el('rect', { x: left + i * cell, y: 28, width: cell - 2, height: 30, rx: 4, fill: i < prefix ? '#e9a' : '#9be', stroke: '#555' }, svg);
      el('text', { x: left + i * cell + cell / 2 - 1, y: 49, 'text-anchor': 'middle', 'font-size': 14 }, svg, move);
    });
    if (prefix > 0) {
      const x = left + prefix * cell - 1;
      el('line', { x1: x, y1: 22, x2: x, y2: 64, stroke: '#000', 'stroke-width': 2 }, svg);
      el('text', { x: Math.min(Math.max(x, 80), width - 80), y: 82, 'text-anchor': 'middle', 'font-size': 13 }, svg, `meet at G = ${G} from the goal`);
    }
    // The tree drawn under "the start side" is the plain method's, which tries all four moves at
    // every node (4^k leaves at length k); the solver never follows a move by its undoing one.
    const start = prefix ? `Start side: ${count(prefix, 'move')} by depth-first search: the search drawn below tries all 4^${prefix} = ${grouped(facts.sequences[most - prefix])} sequences of that length; ` +
      `the solver never follows a move by the one that undoes it, at most 4·3^${prefix - 1} = ${grouped(facts.leaves[most - prefix])}.` :
      `Start side: nothing; the case lies within G = ${G} of the goal.`;
    const goal = `Goal side: ${count(n - prefix, 'move')} walked down the table of ${count(table, 'configuration')} within ${G}.`;
    // Each sentence in as many lines as the width needs (about 7 px a character at 13 px).
    let y = 108;
    for (const [sentence, fill] of [[start, '#8a2846'], [goal, '#2a4a8a']]) {
      for (const line of wrap(sentence, Math.floor((width - 2 * left) / 7.2))) {
        el('text', { x: left, y, 'font-size': 13, fill }, svg, line);
        y += 18;
      }
    }
    svg.setAttribute('viewBox', `0 0 ${width} ${Math.max(150, y)}`);
    svg.setAttribute('aria-label', `The answer ${state.moves.join('')} split: ${start} ${goal}`);
  },

  // colour-hash: the two searches' sizes for every G from 0 to the limit: the table of every
  // configuration within G of the goal, the start side's at most 4·3^(L−1) leaves L = 16 − G deep
  // (the solver's), and their sum, the total work; the bigger G, the bigger the table and the
  // fewer the leaves. G = 0 is the one-sided search; the sum's lowest point is where meeting pays
  // most. Every point names its value (its title) and has its row in the table under the plot;
  // the two that make the case are written out.
  balance() {
    const svg = $('mitm-plot'), G = state.goalDepth;
    svg.replaceChildren();
    // Every size is the crate's (colour_hash::study::meet, through `describe`).
    const facts = figuresOf(state.puzzle);
    if (!facts.allTables) return;
    const depths = facts.allTables.map((_, g) => g);
    const table = (g) => facts.allTables[g], leaves = (g) => facts.leaves[g], total = (g) => table(g) + leaves(g);
    const best = depths.reduce((a, g) => (total(g) < total(a) ? g : a), 0);
    const width = Math.max(280, svg.clientWidth || 520), height = 230, left = 80, right = 12, top = 24, bottom = 160;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    const values = depths.flatMap((g) => [table(g), leaves(g), total(g)]);
    const low = Math.log10(Math.min(...values)), high = Math.log10(Math.max(...values));
    const x = (g) => left + g / Math.max(1, depths.length - 1) * (width - left - right);
    const y = (v) => bottom - (Math.log10(v) - low) / (high - low || 1) * (bottom - top);
    const series = [[table, '#2a4a8a', 'table'], [leaves, '#8a2846', 'start-side leaves'], [total, '#222', 'total']];
    for (const [size, colour, name] of series) {
      el('polyline', { points: depths.map((g) => `${x(g)},${y(size(g))}`).join(' '), fill: 'none', stroke: colour, 'stroke-width': name === 'total' ? 1.5 : 2, 'stroke-dasharray': name === 'total' ? '5 3' : 'none' }, svg);
      for (const g of depths) {
        const dot = el('circle', { cx: x(g), cy: y(size(g)), r: g === G ? 6 : 3, fill: colour, class: 'point', 'data-g': g, 'data-series': name, 'data-value': size(g), 'data-row': `mitm-g-${g}` }, svg);
        el('title', {}, dot, `G ${g}: ${name} ${grouped(size(g))}`);
      }
    }
    const every = width < 400 ? 2 : 1;
    for (const g of depths) if (g % every === 0) el('text', { x: x(g), y: bottom + 18, 'text-anchor': 'middle', 'font-size': 12 }, svg, g);
    el('text', { x: left + (width - left) / 2, y: bottom + 36, 'text-anchor': 'middle', 'font-size': 13 }, svg, 'G, the table\'s depth (log scale up)');
    el('text', { x: left - 6, y: y(Math.pow(10, high)) + 4, 'text-anchor': 'end', 'font-size': 12 }, svg, grouped(Math.round(Math.pow(10, high))));
    el('text', { x: left - 6, y: y(Math.pow(10, low)) + 4, 'text-anchor': 'end', 'font-size': 12 }, svg, grouped(Math.round(Math.pow(10, low))));
    el('text', { x: left, y: 14, 'font-size': 13, fill: '#2a4a8a' }, svg, 'table');
    el('text', { x: left + 44, y: 14, 'font-size': 13, fill: '#8a2846' }, svg, 'leaves');
    el('text', { x: left + 94, y: 14, 'font-size': 13, fill: '#222' }, svg, 'total (dashed)');
    const said = `One-sided (G = 0): ${grouped(leaves(0))} leaves. Least total at G = ${best}: ${grouped(total(best))}.`;
    // The sentence in as many lines as the width needs (about 7 px a character at 13 px).
    const lines = wrap(said, Math.floor((width - 2 * right) / 7.2));
    const text = el('text', { x: right, y: bottom + 58, 'font-size': 13, fill: '#222', class: 'balance-said', 'data-best': best }, svg);
    lines.forEach((line, i) => el('tspan', { x: right, dy: i ? 17 : 0 }, text, line));
    svg.setAttribute('viewBox', `0 0 ${width} ${bottom + 58 + 17 * lines.length}`);
    svg.setAttribute('aria-label', `Sizes of the two searches and their total for G from 0 to ${depths.length - 1}. ${said} ` +
      'Every point\'s value is in the table under the plot.');
    this.balanceTable(depths, [table, leaves, total], G, best);
  },

  // Every point of the G plot written out, a row for each G under the plot (51 labels on the
  // plot itself would overlap on a phone): its table, its leaves and their total, the G chosen
  // and the least total marked. A point pointed at or tapped lights its row, and a row pointed at
  // lights its three points.
  balanceTable(depths, sizes, G, best) {
    const svg = $('mitm-plot'), body = $('mitm-table').querySelector('tbody');
    const light = (g, on) => {
      const row = $(`mitm-g-${g}`);
      if (row) row.classList.toggle('pointed', on);
      for (const dot of svg.querySelectorAll(`.point[data-g="${g}"]`)) dot.classList.toggle('pointed', on);
    };
    body.replaceChildren(...depths.map((g) => {
      const row = html('tr', { id: `mitm-g-${g}`, className: [g === G ? 'here' : '', g === best ? 'best' : ''].join(' ').trim() },
        html('th', { scope: 'row', textContent: g === best ? `${g} (least)` : String(g) }),
        ...sizes.map((size) => html('td', { textContent: grouped(size(g)) })));
      row.addEventListener('pointerenter', () => light(g, true));
      row.addEventListener('pointerleave', () => light(g, false));
      return row;
    }));
    for (const dot of svg.querySelectorAll('.point')) {
      const g = Number(dot.dataset.g);
      dot.addEventListener('pointerenter', () => light(g, true));
      dot.addEventListener('pointerleave', () => light(g, false));
      dot.addEventListener('click', () => { $(`mitm-g-${g}`).scrollIntoView({ block: 'nearest' }); light(g, true); });
    }
  },

  why() {
    const box = $('why'), info = state.info, p = state.puzzle;
    box.replaceChildren();
    if (!info || info.count === undefined || state.answerKind !== 'moves' || !state.moves.length) {
      box.textContent = state.answerKind === 'moves' ? 'The goal: the empty answer is the only shortest one.' : 'No answer to compare.';
      return;
    }
    const printed = state.moves.join('');
    const intro = html('p');
    intro.innerHTML = `This case has <b id="count">${grouped(info.count)}</b> shortest ${info.count === 1 ? 'answer' : 'answers'} of ${count(state.moves.length, 'move')}. ` +
      `The judge wants the first in ${p.order} order${p.orderNote || ''}; the first few, found by trying the moves in that order ` +
      'and keeping each that still leads to the end in the moves left:';
    const list = html('ol');
    for (const answer of info.first) {
      const item = html('li', { textContent: answer + (answer === printed ? '   ← printed' : '') });
      if (answer === printed) item.className = 'printed';
      list.appendChild(item);
    }
    box.append(intro, list, html('p', { className: 'small', textContent: p.why() }));
    if (p.choices) this.choices(box);
  },

  // The tie rule at work along the printed answer (Eight, Magic Squares): at each board, the moves
  // in the judge's order and the distance to the answer's end each leads to (the puzzle's
  // `choicesAt`, from the crate's tables); the answer takes the first that is one closer, so a
  // later move as close is never printed.
  async choices(box) {
    const p = state.puzzle, boards = state.boards, moves = state.moves, order = Object.keys(p.moveTitles);
    const rows = [];
    try {
      for (let i = 0; i < moves.length; i++) {
        const { distance, after } = await p.choicesAt(boards, i, (message) => client.call(message));
        if (state.boards !== boards) return;
        rows.push(html('tr', { dataset: { taken: moves[i] } }, html('th', { scope: 'row', textContent: i + 1 }), html('td', { textContent: distance }),
          ...order.map((move) => html('td', {
            className: move === moves[i] ? 'taken' : after[move] === distance - 1 ? 'closer' : '',
            dataset: { move }, textContent: after[move] === undefined ? '—' : (after[move] === null ? '?' : after[move]) + (move === moves[i] ? ' taken' : ''),
          }))));
      }
    } catch (error) { failed(error); return; }
    const table = html('table', { id: 'choices', className: 'numbers', dataset: { answer: moves.join('') } }, html('caption', { textContent:
      `At each board of the printed answer, its distance to ${p.answerEnd} and the distance each move leads to, in ${p.order} order: ` +
      'the first one closer is taken; a later one as close (outlined) is not' }),
      html('thead', {}, html('tr', {}, ...['step', 'distance', ...order].map((t) => html('th', { scope: 'col', textContent: t })))), html('tbody', {}, ...rows));
    box.appendChild(html('details', { id: 'choices-box' }, html('summary', { textContent: 'the tie rule at each step of this answer' }), table));
  },

  // The plain words under the binary's output.
  explain(result) {
    const p = state.puzzle;
    let text = '';
    if (result.stderr.includes(': error: ')) {
      text = 'The binary stops at the first fault and prints one error line after the answers so far, exactly as above.';
    } else if (state.answerKind === 'unsolvable' && state.info) {
      text = p.unsolvable(state.info);
    } else if (state.answerKind === 'none') {
      text = p.none(figuresOf(p));
    } else if (state.tokens && state.answerKind === 'moves' && state.moves.length === 0) {
      text = 'This is the goal already.';
    }
    $('explain').textContent = text;
  },

  // colour-hash: the G slider over the depths of the crate's cost model, at Solver::new's G
  // until moved.
  prepare(facts) {
    if (!facts.depths) return;
    const slider = $('g');
    slider.min = facts.depths[0];
    slider.max = facts.depths[facts.depths.length - 1];
    if (state.goalDepth === null) update({ goalDepth: facts.goalDepth });
    slider.value = state.goalDepth;
    $('g-value').textContent = state.goalDepth;
  },

  wire() {
    $('g').oninput = () => {
      update({ goalDepth: Number($('g').value) });
      $('g-value').textContent = state.goalDepth;
      this.mitm();
      this.balance();
    };
  },
};
