// uses: util.js, client.js, state.js, notice.js, watch.js, compare.js, app.js, yours.js
// The page's links: the URL fragment read as a puzzle, a case and options (`#eight=2,3,…&race`),
// exactly or not at all, and the panels its options name opened. `app` chooses and solves.
'use strict';

// How much of a link's unknown name or option a message quotes.
const QUOTED_CHARS = 40;

const links = {
  // The fragment `#name` or `#name=t,t,…`: that puzzle (any case of letters) and case, exactly;
  // anything else the default puzzle, with a short message. The worker reads the fragment (a
  // link can carry a megabyte of boards), the page acts on what it read.
  async readFragment(history) {
    notice('');
    yours.hide();
    // `#name[=tokens|=~packed][&bfs=K][&dedup][&race][&yours=MOVES]`: the puzzle and case, then the panels to open.
    const link = await client.call({ op: 'read_link', fragment: location.hash.slice(1) });
    if (link.broken) {
      notice('This link could not be read (a broken %-escape): showing ' + DEFAULT_PUZZLE.title + '.');
      return app.choose(DEFAULT_PUZZLE, null, 'replace');
    }
    const puzzle = PUZZLES.get(link.name);
    if (!puzzle) {
      if (link.name) notice(`This link names no puzzle of this page (“${link.name.slice(0, QUOTED_CHARS)}”): showing ${DEFAULT_PUZZLE.title}.`);
      return app.choose(DEFAULT_PUZZLE, null, link.name ? 'keep' : 'replace');
    }
    let given = link.judged === null ? null : { text: puzzle.input(link.judged), from: 'The link', tokens: link.tokens };
    if (link.packed) {
      // Many boards packed as ranks (page/src/link.rs), unpacked by the module; a malformed
      // packing is named, and the puzzle shown with no board (an empty input), the link kept.
      const unpacked = await client.call({ op: 'unpack', code: puzzle.code, packed: link.packed });
      if (unpacked.error) notice(`This link's packed boards are malformed (${unpacked.error}): no board is drawn.`);
      given = { text: unpacked.error ? '' : unpacked.input, from: 'The link' };
    }
    await app.choose(puzzle, given, history);
    return links.open(link.options);
  },

  // Reads the fragment (readFragment) and counts the link read, whatever it led to.
  async follow(history) {
    try { await links.readFragment(history); } finally { update({ linksRead: state.linksRead + 1 }); }
  },

  // The panels a fragment's options name, opened and scrolled to.
  async open(options) {
    for (const option of options) {
      const [key, value] = option.split('=');
      const k = Number(value);
      if (key === 'bfs' && !(/^\d+$/.test(value || '') && Number.isSafeInteger(k))) {
        // `1e21`, `-1`, `NaN`, a number past 2^53 (which a Number would round): quoted as typed,
        // and no step shown in its place.
        notice(`This link's step “${(value || '').slice(0, QUOTED_CHARS)}” is malformed: a step is a whole number from 0.`);
      } else if (key === 'bfs') {
        await watch.go(k);
        $('watch').scrollIntoView();
      } else if (key === 'dedup' && state.puzzle.panels.includes('dedup')) {
        $('dedup').scrollIntoView();
        await compare.seen();
      } else if (key === 'race' && state.puzzle.panels.includes('race')) {
        $('race').scrollIntoView();
        await compare.race();
      } else if (key === 'yours') {
        await yours.show(value);  // `&yours` alone: the empty answer
      } else {
        notice(`This link asks for “${option.slice(0, QUOTED_CHARS)}”, which ${state.puzzle.title} does not have.`);
      }
    }
  },
};
