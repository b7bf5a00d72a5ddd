// The study page's worker: every call into the WebAssembly module runs here, off the page's
// thread, and so does the drawing of the all-states picture, so neither a table's building nor
// a picture's pixels ever freeze the page. Messages: {id, op, code, text, depth, upTo, rank};
// replies: {id, value} or {id, error}.
'use strict';
let wasm = null;
// The compiled module, kept to start a fresh instance after a trap.
let compiled = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Copies a result buffer out of the module's memory and frees it: 4 bytes of length, then data.
function take(ptr) {
  const length = new DataView(wasm.memory.buffer).getUint32(ptr, true);
  const bytes = new Uint8Array(wasm.memory.buffer, ptr + 4, length).slice();
  wasm.buffer_free(ptr, length + 4);
  return bytes;
}

// Hands `text` to the module as a buffer it owns (the export frees it).
function give(text) {
  const bytes = encoder.encode(text);
  const ptr = wasm.buffer_alloc(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  return [ptr, bytes.length];
}
const json = (ptr) => JSON.parse(decoder.decode(take(ptr)));

// The all-states picture of a puzzle: one pixel per state, the states grouped by distance (each
// distance from a new row), in rank order; built once per puzzle from the crate's distances.
const layouts = new Map();
function layout(code) {
  if (layouts.has(code)) return layouts.get(code);
  const depths = take(wasm.depths(code));
  const width = depths.length > 100000 ? 600 : 300;
  const counts = [];
  for (const d of depths) if (d !== 255) counts[d] = (counts[d] || 0) + 1;
  const rowStart = [];
  let rows = 0;
  counts.forEach((count, d) => { rowStart[d] = rows; rows += Math.ceil(count / width) + 1; });
  const position = new Int32Array(depths.length).fill(-1);
  const filled = counts.map(() => 0);
  for (let r = 0; r < depths.length; r++) {
    const d = depths[r];
    if (d === 255) continue;
    const i = filled[d]++;
    position[r] = (rowStart[d] + Math.floor(i / width)) * width + (i % width);
  }
  const rankAt = new Int32Array(width * rows).fill(-1);
  position.forEach((at, rank) => { if (at >= 0) rankAt[at] = rank; });
  const made = { width, height: rows, depths, position, counts, rankAt };
  layouts.set(code, made);
  return made;
}

// HSL to RGB, 0..255.
function rgb(h, s, l) {
  const k = (n) => (n + h / 30) % 12, a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [255 * f(0), 255 * f(8), 255 * f(4)];
}

// The picture with the distances up to `upTo` drawn, the last of them brighter.
function picture(m) {
  const { width, height, depths, position, counts } = layout(m.code);
  const pixels = new Uint8ClampedArray(width * height * 4);
  const colours = counts.map((_, d) => rgb(240 - 240 * d / (counts.length - 1), d === m.upTo ? 0.95 : 0.55, d === m.upTo ? 0.45 : 0.7));
  for (let r = 0; r < depths.length; r++) {
    const d = depths[r];
    if (d === 255 || d > m.upTo) continue;
    const at = position[r] * 4, [red, green, blue] = colours[d];
    pixels[at] = red; pixels[at + 1] = green; pixels[at + 2] = blue; pixels[at + 3] = 255;
  }
  return { value: { width, height, counts, upTo: m.upTo, pixels }, transfer: [pixels.buffer] };
}

// Which boards a method of the race expanded, drawn on Eight's picture: those dark, the rest of
// the solvable space pale.
function racePicture(m) {
  const map = take(wasm.race_map(...give(m.text)));
  const { width, height, depths, position } = layout(1);
  const pixels = new Uint8ClampedArray(width * height * 4);
  let expanded = 0;
  for (let r = 0; r < depths.length; r++) {
    if (depths[r] === 255) continue;
    const at = position[r] * 4, hit = map[r] === 1;
    expanded += hit;
    const shade = hit ? [20, 60, 140] : [225, 228, 235];
    pixels[at] = shade[0]; pixels[at + 1] = shade[1]; pixels[at + 2] = shade[2]; pixels[at + 3] = 255;
  }
  return { value: { width, height, expanded, pixels }, transfer: [pixels.buffer] };
}

// The order the breadth-first search finds each state in, by rank (the crate's stepper's), kept.
const orders = new Map();
function foundOrder(code) {
  if (!orders.has(code)) {
    const bytes = take(wasm.found_order(code));
    orders.set(code, new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
  }
  return orders.get(code);
}

// The search at step `taken` (boards 0 … taken taken from the queue, those found before `seen`
// still in it) drawn on the picture of all states: taken dark, queued orange, the rest pale;
// with the counts of each, as painted.
function searchPicture(m) {
  const { width, height, depths, position } = layout(m.code), order = foundOrder(m.code);
  const pixels = new Uint8ClampedArray(width * height * 4);
  let taken = 0, queued = 0;
  for (let r = 0; r < depths.length; r++) {
    if (depths[r] === 255) continue;
    const o = order[r], shade = o <= m.taken ? [29, 60, 110] : o < m.seen ? [230, 120, 30] : [228, 230, 236];
    if (o <= m.taken) taken++; else if (o < m.seen) queued++;
    const at = position[r] * 4;
    pixels[at] = shade[0]; pixels[at + 1] = shade[1]; pixels[at + 2] = shade[2]; pixels[at + 3] = 255;
  }
  return { value: { width, height, taken, queued, pixels }, transfer: [pixels.buffer] };
}

// Where the state of rank `rank` sits in the picture, and its distance.
function spot(m) {
  const { width, depths, position } = layout(m.code);
  const at = position[m.rank];
  return { value: at < 0 ? null : { x: at % width, y: Math.floor(at / width), depth: depths[m.rank] } };
}

const ops = {
  // The binary's output, and the first case as the crate reads it (the text crosses once).
  run: (m) => ({ value: { ...json(wasm.run(m.code, ...give(m.text))), first: json(wasm.first_case(m.code, ...give(m.text))) } }),
  to_case: (m) => ({ value: json(wasm.msquare_to_case(...give(m.text))) }),
  inspect: (m) => ({ value: json(wasm.inspect(m.code, ...give(m.text))) }),
  replay: (m) => ({ value: json(wasm.replay(m.code, ...give(m.text))) }),
  layers: (m) => ({ value: json(wasm.layers(m.code, m.depth || 0)) }),
  describe: (m) => ({ value: json(wasm.describe(m.code)) }),
  random: (m) => ({ value: decoder.decode(take(wasm.random(m.code, m.high >>> 0, m.low >>> 0))) }),
  picture,
  spot,
  race_picture: racePicture,
  search_picture: searchPicture,
  // The state drawn at pixel (x, y) of the picture: its rank, distance and board.
  at: (m) => {
    const { width, height, rankAt, depths } = layout(m.code);
    const rank = m.x >= 0 && m.x < width && m.y >= 0 && m.y < height ? rankAt[m.y * width + m.x] : -1;
    return { value: rank < 0 ? null : { rank, depth: depths[rank], board: decoder.decode(take(wasm.board_at(m.code, rank))) } };
  },
  bfs: (m) => ({ value: json(wasm.bfs(m.code, m.k)) }),
  first_layers: (m) => ({ value: json(wasm.first_layers(m.code)) }),
  chain: (m) => ({ value: json(wasm.msquare_chain(...give(m.text))) }),
  toy: () => ({ value: json(wasm.lesson_toy()) }),
  tree: (m) => ({ value: json(wasm.lesson_tree(m.code)) }),
  pushes: () => ({ value: json(wasm.lesson_pushes()) }),
  start_side: (m) => ({ value: json(wasm.start_side(...give(m.text))) }),
  race: (m) => timed(() => json(wasm.race(...give(m.text)))),
  seen: (m) => timed(() => json(wasm.seen(m.kind))),
};

// `work`'s value with the milliseconds it took, measured here where it runs.
function timed(work) {
  const started = performance.now();
  const value = work();
  value.ms = performance.now() - started;
  return { value };
}

onmessage = async (event) => {
  const m = event.data;
  if (m.op === 'load') {
    try {
      compiled = await WebAssembly.compile(m.bytes);
      wasm = (await WebAssembly.instantiate(compiled, {})).exports;
      postMessage({ id: m.id, value: true });
    } catch (error) {
      postMessage({ id: m.id, error: String(error) });
    }
    return;
  }
  try {
    const { value, transfer } = ops[m.op](m);
    postMessage({ id: m.id, value }, transfer || []);
  } catch (error) {
    // A trap unwinds nothing inside the module: its stack pointer stays where the trapped call
    // left it, and whatever that call held stays held. The next call gets a fresh instance
    // (its tables are built again when asked for).
    if (error instanceof WebAssembly.RuntimeError) {
      wasm = new WebAssembly.Instance(compiled, {}).exports;
    }
    postMessage({ id: m.id, error: String(error) });
  }
};
