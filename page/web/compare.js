// uses: util.js, client.js, state.js, notice.js, figures.js
// The searches compared on the case, beside the breadth-first search watched (watch.js): Eight's
// whole space with each of three seen sets, Eight's methods raced on the case shown (IDA*'s
// pseudocode lit an iteration at a time), and Colour Hash's start side searched from the case for
// the method's G. Each run takes a ticket: a result for a case no longer shown is dropped.
'use strict';

const compare = {
  idaShown: null,  // the race's IDA* run, whose iterations the pseudocode steps through

  // The case changed: the race, its pictures and the start side worked out for the case before
  // are cleared, and a run still going for it is dropped when it ends.
  cleared() {
    for (const kind of ['race', 'start']) takeTicket(kind);
    $('race-table').querySelector('tbody').replaceChildren();
    delete $('race-table').dataset.board;
    $('race-pictures').replaceChildren();
    $('race-text').textContent = '';
    $('race-ties').textContent = '';
    $('ida-code-box').hidden = true;
    $('race-run').disabled = false;
    this.startCleared();
  },

  // The start side's search cleared (a new case, or a new G).
  startCleared() {
    $('start-visits').replaceChildren();
    $('start-tree-box').hidden = true;
    $('start-text').textContent = '';
  },

  // Eight's whole space three times, one seen set each, timed in the worker as it runs, its
  // bytes a board counted by the module.
  async seen() {
    const body = $('dedup-table').querySelector('tbody'), runs = [], ticket = takeTicket('seen');
    body.replaceChildren();
    figures.dedupBars(runs);
    $('dedup-run').disabled = true;
    try {
      for (const kind of [0, 1, 2]) {
        const run = await client.call({ op: 'seen', kind });
        if (!current('seen', ticket)) return;  // a newer run draws the table
        // The bytes the module counted (its allocator, page/src/memory.rs): what the filled set
        // holds, and the most the run held at once, each over the boards seen.
        const perBoard = (bytes) => (bytes / run.boards).toFixed(2);
        body.appendChild(html('tr', { dataset: { name: run.name, bytes: run.bytes, peak: run.peak } }, html('th', { scope: 'row', textContent: run.name }),
          html('td', { textContent: grouped(run.boards) }), html('td', { textContent: run.depth }),
          html('td', { textContent: perBoard(run.bytes), className: 'bytes', title: `${grouped(run.bytes)} bytes held by the set` }),
          html('td', { textContent: perBoard(run.peak), className: 'peak', title: `${grouped(run.peak)} bytes at the peak` }),
          html('td', { textContent: `${run.ms.toFixed(0)} ms`, className: 'ms' })));
        runs.push({ name: run.name, ms: Number(run.ms.toFixed(0)) });
        figures.dedupBars(runs);
      }
    } catch (error) { failed(error); }
    $('dedup-run').disabled = false;
  },

  // The methods on the case shown, each its answer's length, its expansions and its time.
  async race() {
    const tokens = state.tokens, body = $('race-table').querySelector('tbody'), ticket = takeTicket('race');
    body.replaceChildren();
    $('ida-code-box').hidden = true;
    if (!tokens || !state.puzzle.panels.includes('race')) { $('race-text').textContent = 'Give a board first.'; return; }
    $('race-run').disabled = true;
    const methods = [['bfs', 'breadth-first search from the board'], ['astar', 'A* with IDA*\'s heuristic'], ['ida', 'IDA*, iterative-deepening A*'], ['table', 'the table, built afresh']];
    const runs = [];
    try {
      for (const [search, name] of methods) {
        const run = await client.call({ op: 'race', method: search, board: tokens.join(',') });
        if (!current('race', ticket)) return;  // a newer race draws the table
        runs.push([search, name, run]);
      }
    } catch (error) { failed(error); $('race-run').disabled = false; return; }
    $('race-table').dataset.board = tokens.join(',');
    const most = Math.max(1, ...runs.map(([, , run]) => run.expansions || 0));
    for (const [search, name, run] of runs) {
      const width = run.expansions ? Math.max(2, 100 * Math.log10(run.expansions + 1) / Math.log10(most + 1)) : 0;
      const bar = html('div', { className: 'bar-h' });
      bar.style.width = `${width}%`;
      body.appendChild(html('tr', { dataset: { method: search } }, html('th', { scope: 'row', textContent: name }),
        html('td', { textContent: run.moves === null ? 'unsolvable' : count(run.moves, 'move') }),
        html('td', { textContent: run.expansions === null ? '—' : count(run.expansions, 'expansion'), className: 'expansions' }),
        html('td', { textContent: `${run.ms.toFixed(1)} ms` }), html('td', { className: 'bar-cell' }, bar)));
      if (search === 'ida' && run.bounds && run.bounds.length) {
        $('race-text').textContent = `IDA*'s iterations: bounds ${run.bounds.join(', ')}, expanding ${run.expanded.map(grouped).join(', ')} boards.`;
      }
    }
    // A*'s tie order, and what the other order would have cost on this board.
    const star = runs.find(([search]) => search === 'astar')[2];
    if (star.expansions !== null) {
      const deeper = await client.call({ op: 'race', method: 'astar_deeper', board: tokens.join(',') });
      if (!current('race', ticket)) return;
      $('race-ties').textContent = `A*'s ties: of the boards with the smallest g + h it expands the one with the smaller g first, then the smaller rank ` +
        `(${count(star.expansions, 'expansion')} here); taking the larger g first instead, it expands ${grouped(deeper.expansions)} for the same ${count(deeper.moves, 'move')}.`;
      $('race-ties').dataset.counts = `${star.expansions},${deeper.expansions}`;
    }
    await figures.racePictures(tokens);
    if (!current('race', ticket)) return;
    const ida = runs.find(([search]) => search === 'ida')[2];
    if (ida.bounds && ida.bounds.length) {
      $('race-pictures').appendChild(figures.iterations(ida));
      $('ida-iteration').replaceChildren(...ida.bounds.map((bound, i) => html('option', { value: i, textContent: `${i + 1}: bound ${bound}` })));
      $('ida-iteration').value = ida.bounds.length - 1;
      this.idaShown = ida;
      this.idaCode();
      $('ida-code-box').hidden = false;
    }
    $('race-run').disabled = false;
  },

  // IDA*'s pseudocode, the lines the chosen iteration performed lit and what they did noted: the
  // first sets the bound to h, each searches under its bound, the last finds the goal, every
  // other raises the bound to the smallest g + h it cut off (the next iteration's bound).
  idaCode() {
    const ida = this.idaShown, i = Number($('ida-iteration').value), last = i === ida.bounds.length - 1;
    const notes = {
      first: i === 0 ? `h = ${ida.bounds[0]}` : '', loop: `iteration ${i + 1} of ${ida.bounds.length}`,
      search: `${count(ida.expanded[i], 'board')} expanded`, cut: `bound ${ida.bounds[i]}`,
      goal: last ? `found: ${count(ida.moves, 'move')}` : '', moves: 'u, l, d, r',
      raise: last ? '' : `bound ← ${ida.bounds[i + 1]}`,
    };
    for (const line of $('ida-code').children) {
      line.classList.toggle('lit', Boolean(notes[line.dataset.line]));
      line.dataset.note = notes[line.dataset.line] || '';
    }
  },

  // colour-hash: the start side's search from the case, node by node, for the G of the method.
  async startSide() {
    const box = $('start-visits'), G = state.goalDepth, most = figuresOf(state.puzzle).maxMoves;
    box.replaceChildren();
    $('start-tree-box').hidden = true;
    if (!state.tokens || !state.puzzle.panels.includes('start-side')) { $('start-text').textContent = 'Give a configuration first.'; return; }
    try {
      const ticket = takeTicket('start');
      const found = await client.call({ op: 'start_side', board: state.tokens.join(','), depth: G });
      if (!current('start', ticket)) return;
      if (found.error) { $('start-text').textContent = found.error; return; }
      box.replaceChildren(...found.visits.map((visit) => html('li', {
        className: visit.meets === true ? 'meets' : '',
        textContent: `${visit.path}` + (visit.meets === null ? '' : visit.meets ? `: exactly ${G} from the goal, the meeting` : `: not ${G} from the goal`),
      })));
      update({ visits: found.visits });
      const lengths = [...new Set(found.visits.map((visit) => visit.length))];
      $('start-length').replaceChildren(...lengths.map((length) => html('option', { value: length, textContent: length })));
      $('start-length').value = lengths[lengths.length - 1];
      $('start-tree-box').hidden = false;
      figures.startTree();
      const met = found.visits[found.visits.length - 1];
      $('start-text').textContent = found.met ? `The start side meets the table after trying lengths 1 to ${met.length}: its moves ${met.path}, then the table's walk of ${G}.` :
        `No sequence of up to ${most - G} moves ends exactly ${G} from the goal: no solution within ${most}.`;
    } catch (error) { failed(error); }
  },

  wire() {
    $('start-length').onchange = () => figures.startTree();
    $('start-run').onclick = () => this.startSide();
    $('dedup-run').onclick = () => this.seen();
    $('race-run').onclick = () => this.race();
    $('ida-iteration').onchange = () => this.idaCode();
    // G moved: a start side searched for the old G goes.
    $('g').addEventListener('input', () => { takeTicket('start'); this.startCleared(); });
  },
};
