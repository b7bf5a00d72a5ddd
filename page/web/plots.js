// uses: util.js, client.js, state.js, notice.js
// The plots: the distance histogram (with the same numbers as a table, its text alternative) and
// the all-states picture, whose pixels the worker paints; the page only shows them and places the
// ring on the board shown.
'use strict';

// The layer replay's pace: a layer every this many ms.
const LAYER_MS = 300;

const plots = {
  picture: null,   // {name, width, height, counts, shown}: the picture on the canvas
  layerTimer: null,
  paintId: 0,

  stop() { clearInterval(this.layerTimer); this.layerTimer = null; },

  // The histogram of the puzzle's layers, drawn in the SVG's own pixels so that text keeps its size.
  histogram() {
    const svg = $('histogram'), p = state.puzzle, data = state.layers[p.name], facts = figuresOf(p);
    svg.replaceChildren();
    if (!data) { $('readout').textContent = 'counting the layers…'; return; }
    const sizes = data.layers, log = $('log').checked;
    // colour-hash: the layers beyond those counted here come from the census the crate publishes,
    // drawn lighter and named as such.
    const beyond = data.census ? data.census.slice(sizes.length) : [];
    const total = sizes.reduce((a, b) => a + b, 0), largest = Math.max(...sizes, ...beyond);
    svg.dataset.total = total;
    svg.dataset.states = data.states;
    const width = Math.max(280, svg.clientWidth || 520), height = beyond.length ? 270 : 250;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    const left = 70, right = 8, bottom = 200, top = 30;
    // Colour Hash has room for every distance the judge allows; the others draw their layers.
    const maxBars = beyond.length ? sizes.length + beyond.length : facts.maxMoves ? facts.maxMoves + 1 : sizes.length;
    const barWidth = (width - left - right) / maxBars;
    const scale = (v) => log ? Math.log10(v + 1) / Math.log10(largest + 1) : v / largest;
    const here = state.info && state.info.distance !== undefined ? state.info.distance : null;
    el('line', { x1: left, y1: bottom, x2: width - right, y2: bottom, stroke: '#333' }, svg);
    for (const tick of [0, 0.5, 1]) {
      const value = log ? Math.round(Math.pow(10, tick * Math.log10(largest + 1)) - 1) : Math.round(tick * largest);
      // Ten digits and their commas would not fit the margin: millions and billions, shortened.
      const shown = value >= 1e9 ? `${(value / 1e9).toPrecision(3)} bn` : value >= 1e7 ? `${(value / 1e6).toPrecision(3)} M` : grouped(value);
      el('text', { x: left - 6, y: bottom - tick * (bottom - top) + 4, 'text-anchor': 'end', 'font-size': 12, fill: '#444' }, svg, shown);
    }
    const labelEvery = Math.ceil(24 / barWidth);
    sizes.forEach((size, depth) => {
      const h = Math.max(1, scale(size) * (bottom - top));
      const bar = el('rect', { x: left + depth * barWidth + 1, y: bottom - h, width: Math.max(1, barWidth - 2), height: h,
        class: 'bar' + (depth === here ? ' here' : ''), 'data-depth': depth, 'data-size': size }, svg);
      el('title', {}, bar, `distance ${depth}: ${count(size, ...p.units)}`);
      bar.addEventListener('mouseenter', () => {
        $('readout').textContent = `distance ${depth}: ${count(size, ...p.units)} (${(100 * size / data.states).toPrecision(3)}% of all ${grouped(data.states)})`;
      });
      if (depth % labelEvery === 0) {
        el('text', { x: left + (depth + 0.5) * barWidth, y: bottom + 16, 'text-anchor': 'middle', 'font-size': 12, fill: '#222' }, svg, depth);
      }
    });
    beyond.forEach((size, index) => {
      const depth = sizes.length + index;
      const h = Math.max(1, scale(size) * (bottom - top));
      const bar = el('rect', { x: left + depth * barWidth + 1, y: bottom - h, width: Math.max(1, barWidth - 2), height: h,
        class: 'census' + (depth === here ? ' here' : ''), 'data-depth': depth, 'data-size': size }, svg);
      el('title', {}, bar, `distance ${depth}: ${count(size, ...p.units)}, from the census`);
      bar.addEventListener('mouseenter', () => {
        $('readout').textContent = `distance ${depth}: ${count(size, ...p.units)} (${(100 * size / data.states).toPrecision(3)}% of all ` +
          `${grouped(data.states)}), from the census (colour-hash --stats --depth all)`;
      });
      if (depth % labelEvery === 0) {
        el('text', { x: left + (depth + 0.5) * barWidth, y: bottom + 16, 'text-anchor': 'middle', 'font-size': 12, fill: '#222' }, svg, depth);
      }
    });
    if (beyond.length) {
      el('text', { x: left + (width - left) / 2, y: bottom + 56, 'text-anchor': 'middle', 'font-size': 12, fill: '#333' }, svg,
        `pale bars, ${sizes.length} to ${sizes.length + beyond.length - 1}: the census's figures`);
    }
    if (here !== null) {
      const x = left + (Math.min(here, maxBars - 1) + 0.5) * barWidth;
      el('line', { x1: x, y1: top, x2: x, y2: bottom, stroke: '#b23c17', 'stroke-dasharray': '4 3' }, svg);
      this.label(svg, x, 16, `this case: ${here}` + (here >= sizes.length + beyond.length ? ' (beyond the layers counted)' : ''), width);
    } else if (p.beyond && state.answerKind === 'none') {
      this.label(svg, width - right, 16, p.beyond(facts), width);
    }
    el('text', { x: left + (width - left) / 2, y: bottom + 36, 'text-anchor': 'middle', 'font-size': 13, fill: '#222' }, svg,
      p.axis + (log ? ' (log scale)' : ''));
    const summary = p.histogramSummary(total, data) + (beyond.length
      ? `; the census of the whole space (colour-hash --stats --depth all) gives the layers ${sizes.length} to ` +
        `${sizes.length + beyond.length - 1}, the farthest ${count(beyond[beyond.length - 1], ...p.units)} ${sizes.length + beyond.length - 1} moves away`
      : '');
    svg.setAttribute('aria-label', `Histogram of the distance table: ${summary}. The same numbers are in the table below.`);
    $('readout').textContent = summary;
    $('readout').dataset.summary = summary;
    this.table(sizes, data.states, here, beyond);
    this.deeper(sizes);
  },

  // A label at `x`, moved to stay inside the SVG's width.
  label(svg, x, y, text, width) {
    const node = el('text', { x: x + 4, y, 'text-anchor': 'start', 'font-size': 13, fill: '#b23c17', class: 'case-label' }, svg, text);
    const box = node.getBBox();
    if (box.x + box.width > width - 4) { node.setAttribute('x', x - 4); node.setAttribute('text-anchor', 'end'); }
    if (node.getBBox().x < 2) { node.setAttribute('x', 2); node.setAttribute('text-anchor', 'start'); }
  },

  // The histogram's numbers as a table: its text alternative.
  // Layers from the census (`beyond`, colour-hash) follow in a body of their own, named so.
  table(sizes, states, here, beyond = []) {
    const row = (size, depth) => html('tr', { className: depth === here ? 'here' : '' },
      html('td', { textContent: depth }), html('td', { textContent: grouped(size) }),
      html('td', { textContent: (100 * size / states).toPrecision(3) + '%' }));
    const head = html('tr', {}, ...['distance', state.puzzle.units[1], 'share of all'].map((t) => html('th', { scope: 'col', textContent: t })));
    const parts = [html('caption', { textContent: 'The distance table' }), html('thead', {}, head), html('tbody', {}, ...sizes.map(row))];
    if (beyond.length) {
      const note = html('tr', {}, html('th', { scope: 'rowgroup', colSpan: 3, textContent: 'from the census of the whole space (colour-hash --stats --depth all)' }));
      parts.push(html('tbody', { className: 'census' }, note, ...beyond.map((size, index) => row(size, sizes.length + index))));
    }
    $('histogram-table').replaceChildren(...parts);
  },

  // colour-hash: count one more layer on request (a long run: the busy sign shows, with Cancel).
  deeper(sizes) {
    const box = $('deeper');
    box.replaceChildren();
    const p = state.puzzle, deepest = figuresOf(p).deepest;
    if (!deepest || sizes.length - 1 >= deepest) return;
    const button = html('button', { type: 'button', textContent: `count layer ${sizes.length} too` });
    button.onclick = async () => {
      button.disabled = true; button.textContent = 'counting…';
      try {
        update({ layers: { ...state.layers, [p.name]: await client.call({ op: 'layers', code: p.code, depth: sizes.length }) } });
      } catch (error) { failed(error); }
      if (state.puzzle === p) { this.histogram(); $('deeper').querySelector('button')?.focus(); }
    };
    box.appendChild(button);
  },

  // Paints distances 0..upTo of the current puzzle's picture (pixels from the worker).
  async paint(upTo) {
    const p = state.puzzle, id = ++this.paintId;
    if (!p.picture) return;
    const made = await client.call({ op: 'picture', code: p.code, upTo: upTo === undefined ? 255 : upTo });
    if (id !== this.paintId || state.puzzle !== p) return;
    const canvas = $('frontier');
    canvas.width = made.width; canvas.height = made.height;
    canvas.getContext('2d').putImageData(new ImageData(made.pixels, made.width, made.height), 0, 0);
    const shown = Math.min(made.upTo, made.counts.length - 1);
    this.picture = { name: p.name, counts: made.counts, width: made.width, height: made.height, shown };
    const last = shown === made.counts.length - 1;
    $('layer').textContent = p.pictureLayer(shown, made.counts[shown]) + (last ? ' (the last layer)' : '');
    say('layer-said', $('layer').textContent, Boolean(this.layerTimer) && !last);
    canvas.setAttribute('aria-label', `Every ${p.units[0]} as one pixel, grouped by distance; distances 0 to ${shown} shown. ` +
      'Their counts are in the distance table.');
    this.mark();
  },

  // The ring on the board shown, if its distance is painted; only that board is marked.
  async mark() {
    const p = state.puzzle, entry = displayed(), ring = $('ring'), canvas = $('frontier');
    if (!p.picture || !this.picture || this.picture.name !== p.name || !entry) { ring.hidden = true; return; }
    const at = await client.call({ op: 'spot', code: p.code, rank: entry.rank });
    if (state.puzzle !== p || displayed() !== entry) return;
    if (!at || at.depth > this.picture.shown) { ring.hidden = true; delete canvas.dataset.markedRank; return; }
    // Inside the canvas's border: its pixels start clientLeft and clientTop into the box.
    const scale = canvas.clientWidth / this.picture.width;
    ring.style.left = `${canvas.clientLeft + (at.x + 0.5) * scale}px`;
    ring.style.top = `${canvas.clientTop + (at.y + 0.5) * scale}px`;
    ring.hidden = false;
    canvas.dataset.markedRank = entry.rank;
    canvas.dataset.markedDepth = at.depth;
    if (this.lit) this.light(true);
  },

  // The pointer (or the focus) on the board drawing: its pixel's ring grows, and the line under the
  // picture names it, so the board is found in the picture as a pixel is found on the board.
  light(on) {
    const ring = $('ring'), canvas = $('frontier');
    this.lit = on;
    const marked = on && !ring.hidden && canvas.dataset.markedRank !== undefined;
    ring.classList.toggle('lit', marked);
    if (marked) {
      $('pointed').textContent = `the board shown: rank ${grouped(canvas.dataset.markedRank)}, distance ${canvas.dataset.markedDepth}, ringed in the picture`;
    } else if ($('pointed').textContent.startsWith('the board shown')) {
      $('pointed').textContent = '';
    }
  },

  // A ring at the picture's pixel of `rank` (the stepper's board), hidden when not painted.
  async markStep(rank) {
    const p = state.puzzle, ring = $('step-ring'), canvas = $('frontier');
    if (!p.picture || !this.picture) { ring.hidden = true; return; }
    const at = await client.call({ op: 'spot', code: p.code, rank });
    if (state.puzzle !== p || !at || at.depth > this.picture.shown) { ring.hidden = true; return; }
    // Inside the canvas's border: its pixels start clientLeft and clientTop into the box.
    const scale = canvas.clientWidth / this.picture.width;
    ring.style.left = `${canvas.clientLeft + (at.x + 0.5) * scale}px`;
    ring.style.top = `${canvas.clientTop + (at.y + 0.5) * scale}px`;
    ring.hidden = false;
  },

  // The pointer over the picture: the state under it, its rank, distance and board.
  async point(event) {
    const p = state.puzzle, canvas = $('frontier');
    if (!this.picture) return;
    // The pixels fill the canvas inside its border (clientWidth leaves the border out).
    const box = canvas.getBoundingClientRect(), scale = this.picture.width / canvas.clientWidth;
    const x = Math.floor((event.clientX - box.left - canvas.clientLeft) * scale), y = Math.floor((event.clientY - box.top - canvas.clientTop) * scale);
    const found = await client.call({ op: 'at', code: p.code, x, y });
    if (state.puzzle !== p) return;
    $('pointed').textContent = found ? `under the pointer: ${found.board.split(',').join(' ')}, rank ${grouped(found.rank)}, distance ${found.depth}` : '';
  },

  // The breadth-first search replayed a layer at a time, a layer every LAYER_MS.
  playLayers() {
    this.stop();
    if (!this.picture) return;
    let layer = 0;
    this.paint(0);
    this.layerTimer = setInterval(() => {
      layer++;
      if (!this.picture || layer >= this.picture.counts.length) { this.stop(); return; }
      this.paint(layer);
    }, LAYER_MS);
  },
};
