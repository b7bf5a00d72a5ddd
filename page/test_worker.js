// The study page's worker (web/worker.js) under Node, with the real module: a call that traps
// inside the module is answered with an error, and the calls after it run on a fresh instance
// (a trapped instance keeps its stack pointer where the trap left it, and any borrow it held).
// Usage: node page/test_worker.js target/wasm32-unknown-unknown/release/page.wasm
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const replies = [];
const context = vm.createContext({
  postMessage: (reply) => replies.push(reply),
  TextEncoder,
  TextDecoder,
  performance,
  WebAssembly,
});
vm.runInContext(fs.readFileSync(path.join(__dirname, 'web/worker.js'), 'utf8'), context);

function check(condition, message) {
  if (!condition) {
    console.error(`test_worker: FAILED: ${message}`);
    process.exit(1);
  }
}

// Sends one message to the worker and returns its reply.
async function send(message) {
  await context.onmessage({ data: message });
  return replies.pop();
}

(async () => {
  const loaded = await send({ id: 1, op: 'load', bytes: fs.readFileSync(process.argv[2]) });
  check(loaded.value === true, `load: ${JSON.stringify(loaded)}`);
  const board = { id: 2, op: 'run', code: 0, text: '2 6 8 4 5 7 3 1' };
  const before = await send(board);
  check(before.value && JSON.stringify(before.value).includes('BCABCCB'), `run: ${JSON.stringify(before)}`);
  // The raw interface with a pointer past the module's memory: the module traps inside `run`.
  vm.runInContext("const real = wasm; wasm = { ...real, run: (code) => real.run(code, 0xfffff000, 4096) };", context);
  for (let trap = 0; trap < 3; trap++) {
    const trapped = await send({ ...board, id: 3 + trap });
    check(trapped.error && trapped.error.startsWith('RuntimeError'), `trap ${trap}: ${JSON.stringify(trapped)}`);
    const after = await send({ ...board, id: 10 + trap });
    check(JSON.stringify(after.value) === JSON.stringify(before.value), `after trap ${trap}: ${JSON.stringify(after)}`);
    vm.runInContext("{ const fresh = wasm; wasm = { ...fresh, run: (code) => fresh.run(code, 0xfffff000, 4096) }; }", context);
  }
  console.log('test_worker: a trapped call is an error, and the next call runs on a fresh instance');
})();
