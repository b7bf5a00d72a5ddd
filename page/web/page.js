// The study page: the three puzzles drawn and played, their answers from the crates' own `run`
// (in WebAssembly, in a worker), the distance tables, the method and "why this answer".
'use strict';

// ---------------------------------------------------------------- the worker and its calls
const worker = new Worker(URL.createObjectURL(new Blob(
  [document.getElementById('worker-source').textContent], { type: 'text/javascript' })));
let nextId = 1;
const pending = new Map();
worker.onmessage = (event) => {
  const { id, value, error } = event.data;
  const call = pending.get(id);
  pending.delete(id);
  if (error) call.reject(new Error(error)); else call.resolve(value);
};
function call(message, transfer) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, ...message }, transfer || []);
  });
}

async function wasmBytes() {
  if (typeof WASM_BASE64 === 'string') {
    const text = atob(WASM_BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes.buffer;
  }
  return (await fetch('page.wasm')).arrayBuffer();
}

// ---------------------------------------------------------------- small helpers
const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
function el(name, attrs, parent, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}
const grouped = (n) => Number(n).toLocaleString('en-US');
const shuffle = (array) => {
  for (let i = array.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [array[i], array[j]] = [array[j], array[i]];
  }
  return array;
};
// Lexicographic rank of a permutation of 0..n-1 (Cantor expansion, as common::perm::rank).
function rank(perm) {
  let r = 0;
  for (let i = 0; i < perm.length; i++) {
    let smaller = 0;
    for (let j = i + 1; j < perm.length; j++) if (perm[j] < perm[i]) smaller++;
    r = r * (perm.length - i) + smaller;
  }
  return r;
}

// ---------------------------------------------------------------- the three puzzles
const MSQUARE_SOURCES = { A: [7, 6, 5, 4, 3, 2, 1, 0], B: [3, 0, 1, 2, 5, 6, 7, 4], C: [0, 6, 1, 3, 4, 2, 5, 7] };
const MSQUARE_COLOURS = ['#e6194b', '#f58231', '#ffe119', '#3cb44b', '#42d4f4', '#4363d8', '#911eb4', '#f032e6'];
const HASH_COLOURS = ['#444', '#e6194b', '#999', '#3cb44b', '#bbb', '#4363d8', '#666', '#ffe119', '#ccc', '#f58231', '#888'];

// The boards a playback steps through: `start`, then each move of `moves` applied in turn.
function replay(puzzle, start, moves) {
  const boards = [start];
  for (const move of moves) boards.push(puzzle.apply(boards[boards.length - 1], move));
  return boards;
}

const msquare = {
  name: 'msquare', code: 0, moves: ['A', 'B', 'C'],
  goal: [1, 2, 3, 4, 5, 6, 7, 8],
  about: 'Magic Squares (USACO 3.2): eight coloured squares in a 2×4 board, read clockwise from the top left. ' +
    'The judge wants the shortest sequence of A (swap the rows), B (shift right), C (turn the middle four) ' +
    'that builds the typed board from 1 2 3 4 / 8 7 6 5, the first in dictionary order. ' +
    'Press A, B, C to build a board: it becomes the case.',
  moveTitles: { A: 'A: exchange the top and bottom rows', B: 'B: shift every column right', C: 'C: turn the middle four clockwise' },
  apply: (board, move) => MSQUARE_SOURCES[move].map((source) => board[source]),
  tokens: (board) => board.map(String),
  fromTokens(tokens) {
    const board = tokens.map(Number);
    const sorted = [...board].sort();
    return board.length === 8 && sorted.every((v, i) => v === i + 1) ? board : null;
  },
  input: (board) => board.join(' ') + '\n',
  firstCase(text) { return this.fromTokens(text.trim().split(/\s+/).slice(0, 8)); },
  answer(stdout) {
    const lines = stdout.split('\n');
    if (!/^\d+$/.test(lines[0])) return null;
    return lines.slice(1).join('').split('');
  },
  // The answer builds the case from the basic state: playback runs from there to the case.
  path(board, moves) { return replay(this, this.goal, moves); },
  random() { return shuffle([...this.goal]); },
  rankOf: (board) => rank(board.map((c) => c - 1)),
  draw(svg, board, act) {
    svg.setAttribute('viewBox', '0 0 400 230');
    const size = 80, left = 40, top = 25;
    const place = (i) => i < 4 ? [left + size * i, top] : [left + size * (7 - i), top + size + 10];
    board.forEach((colour, i) => {
      const [x, y] = place(i);
      const g = el('g', { class: 'cell', 'data-position': i }, svg);
      el('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 8, fill: MSQUARE_COLOURS[colour - 1], stroke: '#333' }, g);
      el('text', { x: x + size / 2, y: y + size / 2 + 9, 'text-anchor': 'middle', 'font-size': 28, fill: colour === 3 ? '#000' : '#fff', 'font-weight': 'bold' }, g, colour);
    });
    el('text', { x: 200, y: 222, 'text-anchor': 'middle', 'font-size': 12, fill: '#666' }, svg,
      'read clockwise: positions 1 2 3 4 on top, 8 7 6 5 below');
    void act;
  },
};

const eight = {
  name: 'eight', code: 1, moves: ['u', 'l', 'd', 'r'],
  goal: ['1', '2', '3', '4', '5', '6', '7', '8', 'x'],
  about: 'Eight (POJ 1077 and others): slide the tiles of a 3×3 frame into 1 2 3 / 4 5 6 / 7 8 x. ' +
    'The answer names where the blank goes: u, l, d, r; the judge wants a shortest one, the first in u < l < d < r order. ' +
    'Click a tile next to the blank to slide it.',
  moveTitles: { u: 'u: the blank moves up', l: 'l: the blank moves left', d: 'd: the blank moves down', r: 'r: the blank moves right' },
  apply(board, move) {
    const blank = board.indexOf('x');
    const target = { u: blank - 3, d: blank + 3, l: blank % 3 ? blank - 1 : -1, r: blank % 3 < 2 ? blank + 1 : -1 }[move];
    if (target < 0 || target > 8) return null;
    const next = [...board];
    [next[blank], next[target]] = [next[target], next[blank]];
    return next;
  },
  tokens: (board) => board,
  fromTokens(tokens) {
    const tiles = tokens.join('').toLowerCase().split('');
    return tiles.length === 9 && [...tiles].sort().join('') === '12345678x' ? tiles : null;
  },
  input: (board) => board.join(' ') + '\n',
  firstCase(text) {
    const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
    // UVa 652's layout starts with a count on a line of its own.
    if (lines.length > 1 && /^\d+$/.test(lines[0]) && lines[0].length < 9) lines.shift();
    return this.fromTokens(lines.join('').replace(/\s+/g, '').slice(0, 9).split(''));
  },
  answer(stdout) {
    const line = stdout.split('\n')[0];
    if (line === 'unsolvable') return 'unsolvable';
    return /^[uldr]*$/.test(line) && stdout.length ? line.split('') : null;
  },
  path(board, moves) { return replay(this, board, moves); },
  random() {
    for (;;) {
      const board = shuffle([...this.goal]);
      // Most random cases are solvable; one in six is not, to show parity.
      if (this.solvable(board) || Math.random() < 0.17) return board;
    }
  },
  inversions(board) {
    const tiles = board.filter((t) => t !== 'x').map(Number);
    let count = 0;
    for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) if (tiles[j] < tiles[i]) count++;
    return count;
  },
  solvable(board) { return this.inversions(board) % 2 === 0; },
  rankOf: (board) => rank(board.map((t) => t === 'x' ? 8 : Number(t) - 1)),
  draw(svg, board, act, hints) {
    svg.setAttribute('viewBox', '0 0 400 300');
    const size = 88, left = 68, top = 12;
    el('rect', { x: left - 8, y: top - 8, width: 3 * size + 16, height: 3 * size + 16, rx: 10, fill: '#864', stroke: '#532' }, svg);
    el('rect', { x: left, y: top, width: 3 * size, height: 3 * size, fill: '#432' }, svg);
    const blank = board.indexOf('x');
    board.forEach((tile, cell) => {
      if (tile === 'x') return;
      const x = left + size * (cell % 3), y = top + size * Math.floor(cell / 3);
      const g = el('g', { class: 'tile', 'data-tile': tile, 'data-cell': cell }, svg);
      el('rect', { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 8, fill: '#f4e4c4', stroke: '#853' }, g);
      el('text', { x: x + size / 2, y: y + size / 2 + 12, 'text-anchor': 'middle', 'font-size': 36, fill: '#532', 'font-weight': 'bold' }, g, tile);
      // Sliding this tile moves the blank the other way: a tile above the blank is move u.
      const move = { [blank - 3]: 'u', [blank + 3]: 'd', [blank - 1]: blank % 3 ? 'l' : null, [blank + 1]: blank % 3 < 2 ? 'r' : null }[cell];
      if (move) {
        g.addEventListener('click', () => {
          g.style.transform = `translate(${(blank % 3 - cell % 3) * size}px, ${(Math.floor(blank / 3) - Math.floor(cell / 3)) * size}px)`;
          setTimeout(() => act(move), 170);
        });
        g.setAttribute('data-move', move);
        if (hints && hints[move] !== undefined) {
          el('text', { x: x + size - 12, y: y + 20, 'text-anchor': 'end', 'font-size': 13, fill: '#a40', class: 'hint-badge' }, g,
            hints[move] === null ? '—' : hints[move]);
        }
      }
    });
  },
};

// Colour Hash: two wheels of 12 places each, separators (even places) and triangles (odd places);
// places 10-12 of each wheel (indices 9-11) are the same three pieces.
const HASH_R = 84, HASH_D = HASH_R * Math.sqrt(3);
const HASH_CENTRES = [[210 - HASH_D / 2, 140], [210 + HASH_D / 2, 140]];
function hashPlace(wheel, index) {
  // Left wheel: index grows clockwise, 10 (index 9..11 the shared three) facing right;
  // right wheel: index grows counter-clockwise, 10 facing left. The circles meet exactly at the
  // shared triangles (indices 9 and 11); the shared separator (10) sits between them.
  const [cx, cy] = HASH_CENTRES[wheel];
  if (index === 10) return [210, 140, wheel ? 180 : 0];
  const angle = wheel === 0 ? (index - 10) * 30 : 180 - (index - 10) * 30;
  const radians = angle * Math.PI / 180;
  return [cx + HASH_R * Math.cos(radians), cy + HASH_R * Math.sin(radians), angle];
}
const colourHash = {
  name: 'colour-hash', code: 2, moves: ['1', '2', '3', '4'],
  goal: [0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1],
  about: 'Colour Hash (UVa 704): two wheels share three pieces. Moves 1 and 3 turn the left wheel ' +
    'clockwise and back, 2 and 4 the right one; the judge wants the shortest solution of at most 16 moves ' +
    'with the smallest number. Click a wheel to turn it clockwise, shift-click to turn it back.',
  moveTitles: { 1: '1: left wheel clockwise', 2: 'right wheel clockwise', 3: 'left wheel counter-clockwise', 4: 'right wheel counter-clockwise' },
  apply(board, move) {
    let left = board.slice(0, 12), right = board.slice(12);
    const turn = (wheel, by) => wheel.slice(-by).concat(wheel.slice(0, -by));
    if (move === '1') left = turn(left, 2);
    if (move === '3') left = turn(left, 10);
    if (move === '2') right = turn(right, 10);
    if (move === '4') right = turn(right, 2);
    if (move === '1' || move === '3') right.splice(9, 3, ...left.slice(9, 12));
    else left.splice(9, 3, ...right.slice(9, 12));
    return left.concat(right);
  },
  tokens: (board) => board.map(String),
  fromTokens(tokens) {
    const board = tokens.map(Number);
    return board.length === 24 && board.every((v) => Number.isInteger(v) && v >= 0 && v <= 10) ? board : null;
  },
  input: (board) => '1\n' + board.join(' ') + '\n',
  firstCase(text) { return this.fromTokens(text.trim().split(/\s+/).slice(1, 25)); },
  answer(stdout) {
    const line = stdout.split('\n')[0];
    if (line === 'PUZZLE ALREADY SOLVED') return [];
    if (/^[1-4]+$/.test(line)) return line.split('');
    return line.startsWith('NO SOLUTION') ? 'none' : null;
  },
  path(board, moves) { return replay(this, board, moves); },
  random() {
    let board = this.goal;
    const length = 6 + Math.floor(Math.random() * 14);
    for (let i = 0; i < length; i++) board = this.apply(board, String(1 + Math.floor(Math.random() * 4)));
    return board;
  },
  draw(svg, board, act) {
    svg.setAttribute('viewBox', '0 0 420 280');
    HASH_CENTRES.forEach(([cx, cy], wheel) => {
      const circle = el('circle', { cx, cy, r: HASH_R + 26, fill: wheel ? 'rgba(90,120,200,.10)' : 'rgba(200,120,90,.10)',
        stroke: wheel ? '#568' : '#865', 'stroke-width': 2, class: 'wheel', 'data-wheel': wheel }, svg);
      const turn = (back) => act(String(wheel + 1 + (back ? 2 : 0)));
      circle.addEventListener('click', (event) => turn(event.shiftKey));
      circle.addEventListener('contextmenu', (event) => { event.preventDefault(); turn(true); });
      el('text', { x: cx + (wheel ? 58 : -58), y: 24, 'text-anchor': 'middle', 'font-size': 13, fill: '#555' }, svg,
        wheel ? 'right wheel (2 ↻, 4 ↺)' : 'left wheel (1 ↻, 3 ↺)');
    });
    const piece = (wheel, index, number, shared) => {
      const [x, y, angle] = hashPlace(wheel, index);
      const g = el('g', { transform: `translate(${x},${y}) rotate(${angle})`, 'data-place': wheel * 12 + index }, svg);
      const stroke = shared ? '#000' : '#333';
      if (index % 2) {
        el('polygon', { points: '-13,-14 -13,14 15,0', fill: HASH_COLOURS[number], stroke, 'stroke-width': shared ? 2.5 : 1 }, g);
      } else {
        el('rect', { x: -16, y: -5, width: 32, height: 10, rx: 3, fill: HASH_COLOURS[number], stroke, 'stroke-width': shared ? 2.5 : 1 }, g);
      }
      el('text', { x, y: y + 4, 'text-anchor': 'middle', 'font-size': 11, fill: [0, 1, 3, 5, 6, 9, 10].includes(number) ? '#fff' : '#000' }, svg, number);
    };
    for (let index = 0; index < 12; index++) piece(0, index, board[index], index >= 9);
    for (let index = 0; index < 9; index++) piece(1, index, board[12 + index], false);
    el('text', { x: 210, y: 272, 'text-anchor': 'middle', 'font-size': 12, fill: '#666' }, svg,
      'the three outlined pieces in the middle belong to both wheels');
  },
};

const PUZZLES = { msquare, eight, 'colour-hash': colourHash };

// ---------------------------------------------------------------- state
const state = {
  puzzle: msquare,
  board: null,         // the case
  boards: [],          // the answer's boards, from the playback's start to its end
  moves: [],
  step: 0,
  playing: null,
  info: null,          // inspect() of the case
  hints: null,         // inspect() of the displayed board, for the hint
  layers: {},          // per puzzle: {layers, states}
  depths: {},          // per puzzle: Uint8Array by rank
  solved: 0,           // increases with each finished solve (the tests wait on it)
};
window.study = state;

// The board drawn: the answer's step, else the case, else (no board in the input) the goal.
function displayed() { return state.boards.length ? state.boards[state.step] : state.board || state.puzzle.goal; }

// ---------------------------------------------------------------- drawing the board and moves
function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  const hints = $('hint').checked && state.hints ? Object.fromEntries(state.hints.moves.map((m) => [m.move, m.distance])) : null;
  state.puzzle.draw(svg, displayed(), playByHand, hints);
  const box = $('moves');
  box.replaceChildren();
  for (const move of state.puzzle.moves) {
    const button = document.createElement('button');
    button.textContent = move;
    button.title = state.puzzle.moveTitles[move];
    button.dataset.move = move;
    if (hints && move in hints) {
      const hint = document.createElement('span');
      hint.className = 'hint';
      hint.textContent = ' → ' + (hints[move] === null ? '—' : hints[move]);
      button.appendChild(hint);
    }
    if (state.puzzle.apply(displayed(), move) === null) button.disabled = true;
    button.addEventListener('click', () => playByHand(move));
    box.appendChild(button);
  }
}

// A move made by the person: the displayed board, moved, becomes the case.
function playByHand(move) {
  const next = state.puzzle.apply(displayed(), move);
  if (!next) return;
  setCase(next);
}

let hintTimer = null;
function refreshHints() {
  clearTimeout(hintTimer);
  if (!$('hint').checked) { state.hints = null; drawBoard(); return; }
  const board = displayed();
  hintTimer = setTimeout(async () => {
    const info = await call({ op: 'inspect', code: state.puzzle.code, text: state.puzzle.tokens(board).join(',') });
    if (board === displayed()) { state.hints = info; drawBoard(); }
  }, state.playing ? 400 : 30);
}

// ---------------------------------------------------------------- the case and its answer
function setCase(board) {
  state.board = board;
  $('input').value = state.puzzle.input(board);
  solve();
}

function fragment() {
  const board = state.board;
  return '#' + state.puzzle.name + (board ? '=' + state.puzzle.tokens(board).join(',') : '');
}

async function solve() {
  const puzzle = state.puzzle;
  const text = $('input').value;
  stop();
  const result = await call({ op: 'run', code: puzzle.code, text });
  if (puzzle !== state.puzzle) return;
  $('stdout').textContent = result.stdout;
  $('stderr').textContent = result.stderr;
  const board = puzzle.firstCase(text);
  const answer = puzzle.answer(result.stdout);
  state.board = board;
  state.moves = Array.isArray(answer) ? answer : [];
  state.boards = board && Array.isArray(answer) ? puzzle.path(board, answer) : [];
  // msquare's answer builds the case from the basic state: the case is its last step.
  state.step = puzzle === msquare ? state.moves.length : 0;
  state.answerKind = Array.isArray(answer) ? 'moves' : answer;
  lastFragment = fragment();
  history.replaceState(null, '', lastFragment);
  $('permalink').href = fragment();
  state.info = board ? await call({ op: 'inspect', code: puzzle.code, text: puzzle.tokens(board).join(',') }) : null;
  if (puzzle !== state.puzzle) return;
  explain(result);
  showStep();
  drawHistogram();
  drawMethod();
  drawWhy();
  state.solved++;
}

function explain(result) {
  const p = state.puzzle, info = state.info;
  let text = '';
  if (result.stderr.includes(': error: ')) {
    text = 'The binary stops at the first fault and prints one error line after the answers so far, exactly as above.';
  } else if (state.answerKind === 'unsolvable') {
    text = `Unsolvable: read the tiles row by row without the blank; this board has ${info ? info.inversions : p.inversions(state.board)} ` +
      'pairs out of order, an odd number. A move left or right changes no pair; a move up or down carries a tile past two others, ' +
      'changing 0 or 2 pairs. So the parity never changes, and the goal has 0: no sequence of moves reaches it (half of the 9! boards).';
  } else if (state.answerKind === 'none') {
    text = 'No solution within 16 moves: the judge allows at most 16, and every solution of this configuration is longer ' +
      '(or the numbers are not a configuration of the puzzle: the warning says why).';
  } else if (state.board && state.moves.length === 0) {
    text = 'This is the goal already.';
  }
  $('explain').textContent = text;
}

// ---------------------------------------------------------------- playback
function showStep() {
  const n = state.moves.length;
  $('scrubber').max = n;
  $('scrubber').value = state.step;
  const p = state.puzzle;
  let label;
  if (!state.boards.length) label = state.board ? 'no answer to play' : 'no board';
  else if (state.step === 0) label = `step 0 of ${n}: ${p === msquare ? 'the basic state 1 2 3 4 / 8 7 6 5' : 'the case'}; distance to the ${p === msquare ? 'case' : 'goal'} ${n}`;
  else label = `step ${state.step} of ${n}: move ${state.moves[state.step - 1]}; distance to the ${p === msquare ? 'case' : 'goal'} ${n - state.step}` +
    (state.step === n ? (p === msquare ? ' (the case is built)' : ' (solved)') : '');
  $('step').textContent = label;
  $('playpause').textContent = state.playing ? 'pause' : 'play';
  state.hints = null;
  drawBoard();
  refreshHints();
  markFrontier();
}
function go(step) {
  state.step = Math.max(0, Math.min(state.moves.length, step));
  showStep();
}
function stop() { clearInterval(state.playing); state.playing = null; }
function play() {
  if (state.playing) { stop(); showStep(); return; }
  if (state.step >= state.moves.length) state.step = 0;
  const tick = () => {
    if (state.step >= state.moves.length) { stop(); showStep(); return; }
    go(state.step + 1);
  };
  state.playing = setInterval(tick, 1000 / Number($('speed').value));
  showStep();
}
$('first').onclick = () => { stop(); go(0); };
$('back').onclick = () => { stop(); go(state.step - 1); };
$('forward').onclick = () => { stop(); go(state.step + 1); };
$('last').onclick = () => { stop(); go(state.moves.length); };
$('playpause').onclick = play;
$('scrubber').oninput = () => { stop(); go(Number($('scrubber').value)); };
$('speed').oninput = () => { if (state.playing) { stop(); play(); } };
document.addEventListener('keydown', (event) => {
  if (event.target.tagName === 'TEXTAREA') return;
  const keys = {
    ArrowLeft: () => { stop(); go(state.step - 1); }, ArrowRight: () => { stop(); go(state.step + 1); },
    ' ': play, Home: () => { stop(); go(0); }, End: () => { stop(); go(state.moves.length); },
    '+': () => { $('speed').value = Number($('speed').value) + 1; $('speed').oninput(); },
    '-': () => { $('speed').value = Number($('speed').value) - 1; $('speed').oninput(); },
  };
  if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
});
$('hint').onchange = refreshHints;
$('solve').onclick = solve;
$('scramble').onclick = () => setCase(state.puzzle.random());
$('reset').onclick = () => setCase(state.puzzle.goal);

// ---------------------------------------------------------------- the distance histogram
function caseDepth() {
  if (!state.info || state.info.distance === undefined) return null;
  return state.info.distance;
}
function drawHistogram() {
  const svg = $('histogram');
  svg.replaceChildren();
  const data = state.layers[state.puzzle.name];
  if (!data) return;
  const sizes = data.layers, log = $('log').checked;
  const total = sizes.reduce((a, b) => a + b, 0);
  svg.dataset.total = total;
  svg.dataset.states = data.states;
  const width = 520, height = 230, left = 48, bottom = 200, top = 14;
  const maxBars = state.puzzle === colourHash ? 17 : sizes.length;
  const barWidth = (width - left - 10) / maxBars;
  const scale = (v) => log ? Math.log10(v + 1) / Math.log10(Math.max(...sizes) + 1) : v / Math.max(...sizes);
  const here = caseDepth();
  el('line', { x1: left, y1: bottom, x2: width - 6, y2: bottom, stroke: '#333' }, svg);
  for (const tick of [0, 0.5, 1]) {
    const value = log ? Math.round(Math.pow(10, tick * Math.log10(Math.max(...sizes) + 1)) - 1) : Math.round(tick * Math.max(...sizes));
    el('text', { x: left - 4, y: bottom - tick * (bottom - top) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#555' }, svg, grouped(value));
  }
  sizes.forEach((size, depth) => {
    const h = Math.max(1, scale(size) * (bottom - top));
    const bar = el('rect', { x: left + depth * barWidth + 1, y: bottom - h, width: barWidth - 2, height: h,
      class: 'bar' + (depth === here ? ' here' : ''), 'data-depth': depth, 'data-size': size }, svg);
    el('title', {}, bar, `distance ${depth}: ${grouped(size)}`);
    bar.addEventListener('mouseenter', () => {
      $('readout').textContent = `distance ${depth}: ${grouped(size)} ${state.puzzle === eight ? 'boards' : state.puzzle === msquare ? 'boards' : 'configurations'}` +
        ` (${(100 * size / data.states).toPrecision(3)}% of all ${grouped(data.states)})`;
    });
    if (depth % (maxBars > 20 ? 2 : 1) === 0) {
      el('text', { x: left + (depth + 0.5) * barWidth, y: bottom + 13, 'text-anchor': 'middle', 'font-size': 10 }, svg, depth);
    }
  });
  if (here !== null && here !== undefined) {
    const x = left + (here + 0.5) * barWidth;
    el('line', { x1: x, y1: top, x2: x, y2: bottom, stroke: '#d64', 'stroke-dasharray': '4 3' }, svg);
    el('text', { x: Math.min(x + 4, width - 6), y: top + 8, 'text-anchor': x > width - 150 ? 'end' : 'start', 'font-size': 11, fill: '#d64' }, svg,
      `this case: ${here}` + (here >= sizes.length ? ' (not counted)' : ''));
  } else if (state.puzzle === colourHash && state.answerKind === 'none') {
    el('text', { x: width - 10, y: top + 8, 'text-anchor': 'end', 'font-size': 11, fill: '#d64' }, svg, 'this case: beyond 16');
  }
  el('text', { x: left + (width - left) / 2, y: bottom + 27, 'text-anchor': 'middle', 'font-size': 11, fill: '#333' }, svg,
    state.puzzle === msquare ? 'moves from the basic state' : 'moves to the goal');
  const what = state.puzzle === colourHash ? 'configurations' : 'boards';
  let summary = `${grouped(total)} ${what} in ${sizes.length} layers (diameter ${sizes.length - 1})`;
  if (state.puzzle === eight) summary = `${grouped(total)} solvable boards of ${grouped(data.states)}, diameter ${sizes.length - 1} (OEIS A089473); the other half is unsolvable`;
  if (state.puzzle === colourHash) summary = `${grouped(total)} configurations within ${sizes.length - 1} moves, counted here by BFS from the goal; ` +
    `${grouped(data.states)} in all (the separators and the triangles each arranged among their places: two multinomials), ` +
    `so ${grouped(data.states - total)} lie farther`;
  $('readout').textContent = summary;
  $('readout').dataset.summary = summary;
  const deeper = $('deeper');
  deeper.replaceChildren();
  if (state.puzzle === colourHash && sizes.length - 1 < 14) {
    const button = document.createElement('button');
    button.textContent = `count layer ${sizes.length} too`;
    button.onclick = async () => {
      button.disabled = true; button.textContent = 'counting…';
      state.layers['colour-hash'] = await call({ op: 'layers', code: 2, depth: sizes.length });
      drawHistogram(); drawMethod();
    };
    deeper.appendChild(button);
  }
}
$('log').onchange = drawHistogram;

// ---------------------------------------------------------------- the BFS frontier
// One pixel per state, the states grouped by layer (each layer from a new row), in rank order.
let frontier = null;
function buildFrontier() {
  const name = state.puzzle.name, depths = state.depths[name];
  if (!depths) return null;
  const width = name === 'eight' ? 600 : 300;
  const counts = [];
  for (const d of depths) if (d !== 255) counts[d] = (counts[d] || 0) + 1;
  const rowStart = [];
  let row = 0;
  counts.forEach((count, d) => { rowStart[d] = row; row += Math.ceil(count / width) + 1; });
  const position = new Int32Array(depths.length).fill(-1);
  const filled = counts.map(() => 0);
  for (let r = 0; r < depths.length; r++) {
    const d = depths[r];
    if (d === 255) continue;
    const i = filled[d]++;
    position[r] = (rowStart[d] + Math.floor(i / width)) * width + (i % width);
  }
  return { name, width, height: row, depths, position, counts, shown: counts.length - 1 };
}
function paintFrontier(upTo) {
  const canvas = $('frontier');
  if (!frontier) return;
  canvas.width = frontier.width;
  canvas.height = frontier.height;
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(frontier.width, frontier.height);
  const layers = frontier.counts.length;
  for (let r = 0; r < frontier.depths.length; r++) {
    const d = frontier.depths[r];
    if (d === 255 || d > upTo) continue;
    const at = frontier.position[r] * 4;
    const hue = 240 - 240 * d / (layers - 1);
    const [red, green, blue] = hsl(hue, d === upTo ? 0.95 : 0.55, d === upTo ? 0.45 : 0.7);
    image.data[at] = red; image.data[at + 1] = green; image.data[at + 2] = blue; image.data[at + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  frontier.shown = upTo;
  $('layer').textContent = `layer ${upTo}: ${grouped(frontier.counts[upTo])} ${state.puzzle === msquare ? 'boards first reached' : 'boards'} at distance ${upTo}` +
    (upTo === layers - 1 ? ' (the last layer)' : '');
  markFrontier();
}
function hsl(h, s, l) {
  const k = (n) => (n + h / 30) % 12, a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [255 * f(0), 255 * f(8), 255 * f(4)];
}
function markFrontier() {
  if (!frontier || frontier.name !== state.puzzle.name) return;
  const board = displayed();
  if (!board || !state.puzzle.rankOf) return;
  const r = state.puzzle.rankOf(board), at = frontier.position[r];
  const canvas = $('frontier'), ctx = canvas.getContext('2d');
  if (at < 0 || frontier.depths[r] > frontier.shown) return;
  const x = at % frontier.width, y = Math.floor(at / frontier.width);
  ctx.strokeStyle = '#000'; ctx.lineWidth = 2;
  ctx.beginPath(); ctx.arc(x + 0.5, y + 0.5, 6, 0, 2 * Math.PI); ctx.stroke();
  canvas.dataset.markedRank = r;
  canvas.dataset.markedDepth = frontier.depths[r];
}
let bfsTimer = null;
$('bfs').onclick = () => {
  if (!frontier) return;
  clearInterval(bfsTimer);
  let layer = 0;
  paintFrontier(0);
  bfsTimer = setInterval(() => {
    layer++;
    if (layer >= frontier.counts.length) { clearInterval(bfsTimer); return; }
    paintFrontier(layer);
  }, 260);
};

// ---------------------------------------------------------------- the method
// How many boards an Eight input holds, roughly: its tiles over nine.
const boardsIn = (text) => Math.floor((text.match(/[1-8x]/gi) || []).length / 9);
let goalDepth = 11;
function drawMethod() {
  const p = state.puzzle, info = state.info, box = $('method');
  $('frontier-box').style.display = p === colourHash ? 'none' : '';
  $('mitm').style.display = p === colourHash ? '' : 'none';
  $('goal-depth').style.display = p === colourHash ? '' : 'none';
  const n = state.moves.length;
  if (p === msquare) {
    box.innerHTML = '<p>Breadth-first search from the basic state over all 8! = 40,320 boards (<code>msquare::Solver</code>), ' +
      'trying A, B, C in that order: each board is first reached from the earliest board of the layer before by the smallest move, ' +
      'so following the parents back gives the shortest answer that comes first in dictionary order. ' +
      'Below, every board is one pixel, the layers one under the other, coloured by distance; the ring marks the board shown. ' +
      'The page\'s distances, layers and moves come from the same search on plain arrays (<code>msquare::plain::Plain</code>), which gives the same answers.</p>';
  } else if (p === eight) {
    let text = '<p>The table: a breadth-first search from the goal over the 181,440 solvable boards (<code>eight::Solver</code>), ' +
      'each board keeping its distance and its answer\'s first move; one pixel per board below, layer by layer.</p>';
    if (info && info.distance !== null && info.distance !== undefined && n > 0) {
      const bounds = [];
      for (let b = info.heuristic; b <= info.distance; b += 2) bounds.push(b);
      text += `<p id="ida"><b>Which method answered:</b> with the judges' options (<code>Method::Auto</code>) a run of one board is answered by ` +
        `<b>IDA*</b>: a board never needs more than 36,090 expansions, within the run's budget of 65,536, so the table is not built. ` +
        `Its heuristic (Manhattan distance plus linear conflict) gives this board h = ${info.heuristic}; the bounds go up by 2: ` +
        `<b>${bounds.join(', ')}</b> — ${bounds.length} iteration${bounds.length > 1 ? 's' : ''}, the last one finding the answer` +
        (info.expansions === undefined ? '. ' : `, after <b id="expansions">${grouped(info.expansions)}</b> expansion${info.expansions === 1 ? '' : 's'} in all ` +
          '(the crate\'s own search on this board, <code>eight::ida::solve_within</code>, counting them against its budget). ') +
        'A longer run switches to the table once the budget is spent; both give the same string.' +
        (boardsIn($('input').value) > 1 ? ' This input holds several boards: the page draws the first; the later ones may be answered by the table.' : '') + '</p>';
    } else if (state.answerKind === 'unsolvable') {
      text += '<p id="ida"><b>Which method answered:</b> parity alone, before any search (see the explanation on the left).</p>';
    }
    box.innerHTML = text;
  } else {
    box.innerHTML = '<p>Meet in the middle (<code>colour_hash::Solver</code>): a table of every configuration within G moves of the goal, ' +
      'built by breadth-first search from it; then a depth-first search from the case, moves in order 1, 2, 3, 4, for the first ' +
      'state the table knows at exactly G. The start side gives the answer\'s first moves, the table walks the last G down to the goal, ' +
      'always by the smallest move that gets one step closer. Any G gives the same answer; <code>Solver::new</code> uses 11, and ' +
      '<code>run</code> picks G from the number of cases.</p>';
    drawMitm();
  }
  if (p !== colourHash && state.depths[p.name]) {
    if (!frontier || frontier.name !== p.name) frontier = buildFrontier();
    paintFrontier(frontier.shown);
  }
}
function drawMitm() {
  const svg = $('mitm');
  svg.replaceChildren();
  const n = state.moves.length, G = goalDepth;
  const sizes = (state.layers['colour-hash'] || { layers: [] }).layers;
  const table = sizes.slice(0, G + 1).reduce((a, b) => a + b, 0);
  const slider = $('goal-depth');
  if (!slider.firstChild) {
    slider.innerHTML = '<label>G = <input type="range" id="g" min="5" max="11" value="11"> <span id="g-value">11</span></label>';
    $('g').oninput = () => { goalDepth = Number($('g').value); $('g-value').textContent = goalDepth; drawMitm(); };
  }
  if (!state.boards.length || state.answerKind !== 'moves') {
    el('text', { x: 260, y: 75, 'text-anchor': 'middle', 'font-size': 13 }, svg,
      state.answerKind === 'none' ? 'no solution within 16 moves: the start side searched 16 − G deep and met nothing' : 'solve a case to see its answer split');
    return;
  }
  const prefix = Math.max(0, n - G);
  const left = 20, width = 480, cell = Math.min(30, width / Math.max(n, 1));
  el('text', { x: left, y: 18, 'font-size': 12 }, svg, `start`);
  el('text', { x: left + n * cell, y: 18, 'font-size': 12, 'text-anchor': 'end' }, svg, 'goal');
  state.moves.forEach((move, i) => {
    const start = i < prefix;
    el('rect', { x: left + i * cell, y: 30, width: cell - 2, height: 30, rx: 4, fill: start ? '#e9a' : '#9be', stroke: '#555' }, svg);
    el('text', { x: left + i * cell + cell / 2 - 1, y: 50, 'text-anchor': 'middle', 'font-size': 14 }, svg, move);
  });
  if (prefix > 0) {
    const x = left + prefix * cell - 1;
    el('line', { x1: x, y1: 24, x2: x, y2: 66, stroke: '#000', 'stroke-width': 2 }, svg);
    el('text', { x, y: 80, 'text-anchor': 'middle', 'font-size': 12 }, svg, `meet at G = ${G} from the goal`);
  }
  el('text', { x: left, y: 105, 'font-size': 12, fill: '#a35' }, svg,
    prefix ? `start side: ${prefix} move${prefix > 1 ? 's' : ''} by depth-first search, at most 4·3^${prefix - 1} = ${grouped(4 * Math.pow(3, prefix - 1))} leaves` :
      `start side: nothing; the case lies within G = ${G} of the goal`);
  el('text', { x: left, y: 125, 'font-size': 12, fill: '#35a' }, svg,
    `goal side: ${n - prefix} move${n - prefix === 1 ? '' : 's'} walked down the table: ${grouped(table)} configurations within ${G}`);
}

// ---------------------------------------------------------------- why this answer
function drawWhy() {
  const box = $('why'), info = state.info, p = state.puzzle;
  box.replaceChildren();
  if (!info || info.count === undefined || state.answerKind !== 'moves' || !state.moves.length) {
    box.textContent = state.answerKind === 'moves' ? 'The goal: the empty answer is the only shortest one.' : 'No answer to compare.';
    return;
  }
  const printed = state.moves.join('');
  const order = { msquare: 'A < B < C', eight: 'u < l < d < r', 'colour-hash': '1 < 2 < 3 < 4' }[p.name];
  const intro = document.createElement('p');
  intro.innerHTML = `This case has <b id="count">${grouped(info.count)}</b> shortest answer${info.count > 1 ? 's' : ''} of ${state.moves.length} moves. ` +
    `The judge wants the first in ${order} order${p === colourHash ? ' (the smallest number)' : ''}; the first few, found by trying the moves in that order ` +
    'and keeping each that still leads to the end in the moves left:';
  box.appendChild(intro);
  const list = document.createElement('ol');
  for (const answer of info.first) {
    const item = document.createElement('li');
    item.textContent = answer + (answer === printed ? '   ← printed' : '');
    if (answer === printed) item.className = 'printed';
    list.appendChild(item);
  }
  box.appendChild(list);
  const tie = document.createElement('p');
  tie.className = 'small';
  tie.textContent = {
    msquare: 'Why the BFS prints this one: boards are reached layer by layer, and within a layer in the order of their own answers; trying A, B, C in order, the first time a board is reached is by the smallest answer.',
    eight: 'Why: each board\'s table entry keeps the smallest first move that goes one step closer; the rest of the answer is the answer of the board that move leads to, so walking the table yields the first shortest answer.',
    'colour-hash': 'Why: the start side tries 1, 2, 3, 4 in order and stops at the first state the table knows at G; the tail then always takes the smallest move one step closer.',
  }[p.name];
  box.appendChild(tie);
}

// ---------------------------------------------------------------- choosing a puzzle; the fragment
function selectPuzzle(name, tokens) {
  const puzzle = PUZZLES[name] || msquare;
  const changed = puzzle !== state.puzzle || !state.board;
  state.puzzle = puzzle;
  for (const a of document.querySelectorAll('#tabs a')) a.classList.toggle('active', a.dataset.puzzle === puzzle.name);
  $('about').textContent = puzzle.about;
  let board = tokens ? puzzle.fromTokens(tokens) : null;
  if (tokens && !board) {
    // Not a board: the typed tokens go to the binary as they are, and it says what is wrong.
    $('input').value = puzzle === colourHash ? '1\n' + tokens.join(' ') + '\n' : tokens.join(' ') + '\n';
    solve();
    return;
  }
  if (!board && changed) board = puzzle === msquare ? [2, 6, 8, 4, 5, 7, 3, 1] : puzzle === eight ? ['2', '3', '4', '1', '5', 'x', '7', '6', '8'] :
    [0, 3, 4, 5, 0, 3, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];
  if (board) setCase(board);
  else history.replaceState(null, '', lastFragment = fragment());
  // The tables are built in the worker when their puzzle is first shown, after its case's answer.
  if (!(puzzle.name in state.layers)) {
    state.layers[puzzle.name] = null;
    call({ op: 'layers', code: puzzle.code, depth: 12 }).then((layers) => {
      state.layers[puzzle.name] = layers;
      if (state.puzzle === puzzle) { drawHistogram(); drawMethod(); }
    });
  }
  if (!state.depths[puzzle.name] && puzzle !== colourHash) {
    call({ op: 'depths', code: puzzle.code }).then((depths) => {
      state.depths[puzzle.name] = depths;
      if (state.puzzle === puzzle) { frontier = buildFrontier(); drawMethod(); }
    });
  }
}
// The fragment the page itself last wrote: a hashchange to it is no news.
let lastFragment = null;
function readFragment() {
  if (location.hash === lastFragment) return;
  const hash = decodeURIComponent(location.hash.slice(1));
  const [name, rest] = hash.split('=');
  selectPuzzle(name in PUZZLES ? name : 'msquare', rest !== undefined ? rest.split(',').filter(Boolean) : null);
}
window.addEventListener('hashchange', readFragment);
for (const a of document.querySelectorAll('#tabs a')) {
  a.addEventListener('click', (event) => {
    event.preventDefault();
    state.board = null;
    selectPuzzle(a.dataset.puzzle, null);
  });
}

// ---------------------------------------------------------------- start
(async () => {
  const started = performance.now();
  const bytes = await wasmBytes();
  await call({ op: 'load', bytes }, [bytes]);
  if (location.hash) readFragment(); else selectPuzzle('msquare', null);
  $('status').textContent = `ready in ${Math.round(performance.now() - started)} ms`;
  document.body.dataset.ready = 'true';
})().catch((error) => { $('status').textContent = 'failed: ' + error; throw error; });
