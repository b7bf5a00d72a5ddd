// The study page's worker: every call into the WebAssembly module runs here, off the page's
// thread, so building a table never freezes the page. Messages: {id, op, code, text, depth};
// replies: {id, value} (parsed JSON, or bytes for `depths`) or {id, error}.
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

const ops = {
  run: (m) => JSON.parse(decoder.decode(take(wasm.run(m.code, ...give(m.text))))),
  inspect: (m) => JSON.parse(decoder.decode(take(wasm.inspect(m.code, ...give(m.text))))),
  layers: (m) => JSON.parse(decoder.decode(take(wasm.layers(m.code, m.depth || 0)))),
  depths: (m) => take(wasm.depths(m.code)),
};

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
    const started = performance.now();
    const value = ops[m.op](m);
    postMessage({ id: m.id, value, ms: performance.now() - started });
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
