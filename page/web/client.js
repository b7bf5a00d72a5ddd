// uses: util.js
// The worker client: calls into the WebAssembly module in the worker as promises, a busy sign
// with a Cancel button while a call takes long, and cancelling (the worker is stopped and a new
// one loads the module again; every pending call is rejected with a `Cancelled` error).
'use strict';

class Cancelled extends Error {}

// How long a call waits before the busy sign shows, in ms.
const BUSY_AFTER_MS = 250;

const client = {
  worker: null,
  bytes: null,          // the module, kept to load a new worker after a cancel
  nextId: 1,
  pending: new Map(),   // id -> {resolve, reject, op}
  busyTimer: null,
  busyAfter: BUSY_AFTER_MS,  // the tests shorten it
  cancels: 0,           // how many times Cancel was pressed (the tests read it)
  jobs: 0,              // works known to be long (a paste taken) under way: the busy sign shows at once

  async wasmBytes() {
    if (typeof WASM_BASE64 === 'string') {
      const response = await fetch('data:application/wasm;base64,' + WASM_BASE64);
      return response.arrayBuffer();
    }
    return (await fetch('page.wasm')).arrayBuffer();
  },

  async start() {
    this.bytes = await this.wasmBytes();
    await this.spawn();
  },

  // The worker from its source inlined in the page, by a data: URL: a Blob's URL is made by a
  // synchronous call to the browser's own process, which a long link (a megabyte of fragment)
  // keeps busy for a while after the page opens, holding this thread until it answers. A browser
  // that refuses a data: worker (it throws at once) gets the Blob's URL.
  spawn() {
    const source = $('worker-source').textContent;
    try {
      this.worker = new Worker('data:text/javascript;charset=utf-8,' + encodeURIComponent(source));
    } catch (_) {
      this.worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    }
    this.worker.onmessage = (event) => {
      const { id, value, error } = event.data;
      const pending = this.pending.get(id);
      if (!pending) return;
      this.pending.delete(id);
      this.showBusy();
      if (error) pending.reject(new Error(error)); else pending.resolve(value);
    };
    // A copy of the bytes each time: transferring would leave nothing for the next worker.
    return this.call({ op: 'load', bytes: this.bytes.slice(0) });
  },

  call(message) {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject, op: message.op });
      this.worker.postMessage({ id, ...message });
      clearTimeout(this.busyTimer);
      this.busyTimer = setTimeout(() => this.showBusy(), this.busyAfter);
    });
  },

  // `work()` (an async function) awaited with the busy sign shown from now until it ends.
  async busyWhile(work) {
    this.jobs++;
    this.showBusy();
    try { return await work(); } finally { this.jobs--; this.showBusy(); }
  },

  // The busy sign shows while a call other than the module's loading has waited `busyAfter` ms,
  // and while a work known to be long is under way (busyWhile).
  showBusy() {
    const waiting = [...this.pending.values()].filter((p) => p.op !== 'load').length + this.jobs;
    const busy = $('busy');
    const shown = waiting > 0 && busy.dataset.since !== undefined;
    if (waiting === 0) {
      clearTimeout(this.busyTimer);
      delete busy.dataset.since;
      busy.hidden = true;
      return;
    }
    if (!shown) {
      busy.dataset.since = String(performance.now());
      busy.hidden = false;
    }
  },

  cancel() {
    this.cancels++;
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.showBusy();
    for (const p of pending) p.reject(new Cancelled('cancelled'));
    return this.spawn();
  },
};
