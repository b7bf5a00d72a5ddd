// The study page's worker (web/worker.js) under Node, with the real module: a call that traps
// inside the module is answered with an error, and the calls after it run on a fresh instance. A
// trapped instance keeps its stack pointer where the trap left it (and whatever the call held):
// about a thousand traps use its whole stack, and every call after that traps too.
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

// Makes the worker's next request trap inside the module, once: the raw export called with a
// request pointer past the module's memory, as only the raw interface can.
function trapNextRun() {
  vm.runInContext(
    '{ const exports = wasm; wasm = { ...exports, call: () => { wasm = exports; return exports.call(0xfffff000, 4096); } }; }',
    context,
  );
}

(async () => {
  const loaded = await send({ id: 1, op: 'load', bytes: fs.readFileSync(process.argv[2]) });
  check(loaded.value === true, `load: ${JSON.stringify(loaded)}`);
  const board = { id: 2, op: 'run', code: 0, text: '2 6 8 4 5 7 3 1' };
  const before = await send(board);
  check(JSON.stringify(before.value || null).includes('BCABCCB'), `run: ${JSON.stringify(before)}`);
  for (let trap = 1; trap <= 2000; trap++) {
    trapNextRun();
    const trapped = await send({ ...board, id: 3 });
    check(String(trapped.error).startsWith('RuntimeError'), `trap ${trap}: ${JSON.stringify(trapped)}`);
    if (trap % 100 === 0) {
      const after = await send({ ...board, id: 4 });
      check(JSON.stringify(after.value) === JSON.stringify(before.value), `after ${trap} traps: ${JSON.stringify(after)}`);
    }
  }
  console.log('test_worker: each trapped call is an error, and the next call runs on a fresh instance');
})();
