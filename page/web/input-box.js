// uses: util.js, client.js, state.js, notice.js
// The input box and what Solve reads. A case too long to lay out in the box (a link's, a paste's
// or a dropped file's, up to a megabyte) is kept whole in the state while the box shows its
// start, cut after a token, with a note of how much it holds; the worker measures it, so the
// page's thread never splits it. A long paste and a dropped file are taken from their event,
// never typed into the box (the browser would lay the whole text out in one long task), and
// solved at once, the busy sign shown until the answers come.
'use strict';

// The most of a case's input the box is given; the rest is kept in `state.input` for Solve.
const INPUT_SHOWN_CHARS = 8000;

const inputBox = {
  onTaken: null,   // solves the case just taken from a paste or a drop (app.solve, given by app.wire)

  // `text` as the case's input: the box's own when it fits; else kept aside, its start in the box
  // and a note saying that `from` ('The link', 'The paste', …) holds `tokens` tokens (the text's,
  // counted by the worker, when not given).
  async set(text, from, tokens) {
    if (text.length <= INPUT_SHOWN_CHARS) {
      $('input').value = text;
      this.edited();
      return;
    }
    const held = await client.call({ op: 'hold', text, shownChars: INPUT_SHOWN_CHARS });
    update({ input: text, inputShown: held.shown });
    $('input').value = held.shown;
    $('input-note').textContent = `${from} holds ${count(tokens === undefined ? held.tokens : tokens, 'token')} (${count(text.length, 'character')}); ` +
      `the box shows the first ${grouped(held.shownTokens)} of them, and Solve reads them all. Edit the box to replace them with what you type.`;
    $('input-note').hidden = false;
  },

  // The box is the input again (typed into, or given a short case): a long case kept aside is dropped.
  edited() {
    if (state.input === null) return;
    update({ input: null, inputShown: null });
    $('input-note').hidden = true;
    $('input-note').textContent = '';
  },

  // What Solve reads: the long case kept aside while the box still shows its start, else the box.
  text() {
    const box = $('input').value;
    return state.input !== null && box === state.inputShown ? state.input : box;
  },

  // A paste or a dropped file's text (`read`, a promise of it) made the input and solved, the
  // busy sign shown from the event until the answers come.
  take(read, from) {
    client.busyWhile(async () => {
      await this.set(await read, from);
      await this.onTaken();
    }).catch(failed);
  },

  wire() {
    const box = $('input');
    box.addEventListener('input', () => this.edited());
    // A paste that fits in the box is typed into it as the browser does; a longer one is taken.
    box.addEventListener('paste', (event) => {
      const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
      if (text.length <= INPUT_SHOWN_CHARS) return;
      event.preventDefault();
      this.take(Promise.resolve(text), 'The paste');
    });
    // A file dropped on the box is read as the case (the browser would open it in the tab); dropped
    // text is a paste.
    box.addEventListener('dragover', (event) => {
      if (event.dataTransfer && [...event.dataTransfer.types].includes('Files')) event.preventDefault();
    });
    box.addEventListener('drop', (event) => {
      const file = event.dataTransfer && event.dataTransfer.files[0];
      const text = file || !event.dataTransfer ? '' : event.dataTransfer.getData('text/plain');
      if (!file && text.length <= INPUT_SHOWN_CHARS) return;
      event.preventDefault();
      this.take(file ? file.text() : Promise.resolve(text), file ? 'The file' : 'The text dropped');
    });
  },
};
