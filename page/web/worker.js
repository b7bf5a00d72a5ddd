// The study page's worker: every call into the WebAssembly module runs here, off the page's
// thread, and so does the drawing of the all-states picture, so neither a table's building nor
// a picture's pixels ever freeze the page. Messages: {id, op, ...fields}, a request of the module
// (page/src/call.rs lists them) or of the worker's own ops below; replies: {id, value} or {id, error}.
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

// A request in the module's one form (page/src/request.rs): each field of `message` but its id,
// as its name and its value (a string's or number's text, or a Uint8Array's bytes), each after
// its length in 4 bytes, little endian.
function request(message) {
  const parts = [];
  for (const [name, value] of Object.entries(message)) {
    if (name === 'id' || value === undefined || value === null) continue;
    parts.push(encoder.encode(name), value instanceof Uint8Array ? value : encoder.encode(String(value)));
  }
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + 4 + part.length, 0));
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const part of parts) {
    view.setUint32(at, part.length, true);
    bytes.set(part, at + 4);
    at += 4 + part.length;
  }
  return bytes;
}

// The module's answer to `message`: its `call` export, the reply's kind byte telling JSON ('j')
// from raw bytes ('b').
const JSON_REPLY = 'j'.charCodeAt(0);
function call(message) {
  const bytes = request(message);
  const ptr = wasm.buffer_alloc(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  const reply = take(wasm.call(ptr, bytes.length));
  // Bytes are copied out to a buffer of their own, which a Uint32Array can view from its start.
  return reply[0] === JSON_REPLY ? JSON.parse(decoder.decode(reply.subarray(1))) : reply.slice(1);
}

// The all-states picture of a puzzle: one pixel per state, the states grouped by distance (each
// distance from a new row), in rank order; built once per puzzle from the crate's distances.
const layouts = new Map();
function layout(code) {
  if (layouts.has(code)) return layouts.get(code);
  const depths = call({ op: 'depths', code });
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

// The one painting loop: a pixel per state of the puzzle's picture, in the colour
// `shade(rank, depth)` gives ([red, green, blue], or null to leave it blank); the unsolvable half
// has no place in the picture.
function paint(code, shade) {
  const { width, height, depths, position } = layout(code);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let r = 0; r < depths.length; r++) {
    if (depths[r] === 255) continue;
    const colour = shade(r, depths[r]);
    if (!colour) continue;
    const at = position[r] * 4;
    pixels[at] = colour[0]; pixels[at + 1] = colour[1]; pixels[at + 2] = colour[2]; pixels[at + 3] = 255;
  }
  return { width, height, pixels };
}

// The picture with the distances up to `upTo` drawn, the last of them brighter.
function picture(m) {
  const { counts } = layout(m.code);
  const colours = counts.map((_, d) => rgb(240 - 240 * d / (counts.length - 1), d === m.upTo ? 0.95 : 0.55, d === m.upTo ? 0.45 : 0.7));
  const painted = paint(m.code, (r, d) => (d > m.upTo ? null : colours[d]));
  return { value: { ...painted, counts, upTo: m.upTo }, transfer: [painted.pixels.buffer] };
}

// Which boards a method of the race expanded, drawn on Eight's picture: those dark, the rest of
// the solvable space pale.
function racePicture(m) {
  const map = call({ op: 'race_map', method: m.method, board: m.board });
  let expanded = 0;
  const painted = paint(1, (r) => (map[r] === 1 ? (expanded++, [20, 60, 140]) : [225, 228, 235]));
  return { value: { ...painted, expanded }, transfer: [painted.pixels.buffer] };
}

// The order the breadth-first search finds each state in, by rank (the crate's stepper's), kept.
const orders = new Map();
function foundOrder(code) {
  if (!orders.has(code)) {
    const bytes = call({ op: 'found_order', code });
    orders.set(code, new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
  }
  return orders.get(code);
}

// The search at step `taken` (boards 0 … taken taken from the queue, those found before `seen`
// still in it) drawn on the picture of all states: taken dark, queued orange, the rest pale;
// with the counts of each, as painted.
function searchPicture(m) {
  const order = foundOrder(m.code);
  let taken = 0, queued = 0;
  const painted = paint(m.code, (r) => {
    const o = order[r];
    if (o <= m.taken) return taken++, [29, 60, 110];
    if (o < m.seen) return queued++, [230, 120, 30];
    return [228, 230, 236];
  });
  return { value: { ...painted, taken, queued }, transfer: [painted.pixels.buffer] };
}

// Where the state of rank `rank` sits in the picture, and its distance.
function spot(m) {
  const { width, depths, position } = layout(m.code);
  const at = position[m.rank];
  return { value: at < 0 ? null : { x: at % width, y: Math.floor(at / width), depth: depths[m.rank] } };
}

// Long text read here rather than on the page's thread, where a megabyte split at once would
// freeze the page: a link's fragment, a long case the box shows the start of, the binary's output.

// A link's fragment (without `#`): its %-escapes decoded (`broken` when one is not), the puzzle's
// name, the options after `&`, and the case's tokens (split at commas and spaces) as the judge
// reads them, space-separated (null when the link names no case); a packed case (`~…`, many
// boards as ranks: page/src/link.rs) is passed on whole as `packed`, for the module's `unpack`.
function readLink(m) {
  let hash;
  try { hash = decodeURIComponent(m.fragment); } catch (_) { return { value: { broken: true } }; }
  const [main, ...options] = hash.split('&');
  const equals = main.indexOf('=');
  const name = (equals < 0 ? main : main.slice(0, equals)).trim().toLowerCase();
  if (equals >= 0 && main[equals + 1] === '~') return { value: { name, options, judged: null, packed: main.slice(equals + 1) } };
  const tokens = equals < 0 ? null : main.slice(equals + 1).split(/[,\s]+/).filter(Boolean);
  return { value: { name, options, judged: tokens && tokens.join(' '), tokens: tokens && tokens.length } };
}

// A long case measured for the box: its tokens counted, and its first `shownChars` characters cut
// after a token, with the tokens they hold.
function hold(m) {
  const tokens = (text) => (text.match(/\S+/g) || []).length;
  const cut = m.text.slice(0, m.shownChars), end = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'));
  const shown = cut.slice(0, end > 0 ? end : cut.length).trimEnd() + '\n';
  return { value: { tokens: tokens(m.text), shown, shownTokens: tokens(shown) } };
}

// The module's `run`, with where its output's first `shownLines` lines end (`shownEnd`) and how
// many lines follow them (`moreLines`, a last line without its newline counted).
function run(m) {
  const { shownLines, ...request } = m;
  const value = call(request);
  if (typeof value.stdout !== 'string') return { value };
  const out = value.stdout, next = (at) => { const newline = out.indexOf('\n', at); return newline < 0 ? out.length : newline + 1; };
  let end = 0, more = 0;
  for (let line = 0; line < shownLines && end < out.length; line++) end = next(end);
  for (let at = end; at < out.length; at = next(at)) more++;
  return { value: { ...value, shownEnd: end, moreLines: more } };
}

// The worker's own work, on the module's answers and on long text: the pictures' pixels and
// where a state sits in them, the text read above. Every other message is a request of the
// module, passed through as it came.
const ops = {
  read_link: readLink,
  hold,
  run,
  picture,
  spot,
  race_picture: racePicture,
  search_picture: searchPicture,
  // The state drawn at pixel (x, y) of the picture: its rank, distance and board.
  at: (m) => {
    const { width, height, rankAt, depths } = layout(m.code);
    const rank = m.x >= 0 && m.x < width && m.y >= 0 && m.y < height ? rankAt[m.y * width + m.x] : -1;
    return { value: rank < 0 ? null : { rank, depth: depths[rank], board: call({ op: 'board_at', code: m.code, rank }) } };
  },
  race: (m) => timed(() => call(m)),
  seen: (m) => timed(() => call(m)),
};

// `work`'s value with the milliseconds it took, measured here where it runs.
function timed(work) {
  const started = performance.now();
  const value = work();
  value.ms = performance.now() - started;
  return { value };
}

// The module's loading, awaited by every request: one posted while the module still compiles
// (a worker just started after a Cancel) waits for it rather than failing.
let loading = Promise.resolve();

onmessage = async (event) => {
  const m = event.data;
  if (m.op === 'load') {
    loading = (async () => {
      try {
        compiled = await WebAssembly.compile(m.bytes);
        wasm = (await WebAssembly.instantiate(compiled, {})).exports;
        postMessage({ id: m.id, value: true });
      } catch (error) {
        postMessage({ id: m.id, error: String(error) });
      }
    })();
    return loading;
  }
  await loading;
  try {
    const { value, transfer } = ops[m.op] ? ops[m.op](m) : { value: call(m) };
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
