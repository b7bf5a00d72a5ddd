// uses: puzzles/msquare.js, puzzles/eight.js, puzzles/colour-hash.js
// The page's state and its one writer: every other script reads `state` and changes it only
// through `update` (page/build.py fails on an assignment to `state.…` anywhere else), so what
// the page shows follows from one object, written in one place.
'use strict';

const PUZZLES = new Map([msquare, eight, colourHash].map((p) => [p.name, p]));
const DEFAULT_PUZZLE = msquare;

const state = {
  puzzle: DEFAULT_PUZZLE,
  tokens: null,        // the case, as tokens, when the input's first case is a board
  boards: [],          // the playback's boards (the crate's replay): {board, tokens, rank, distance, next}
  moves: [],           // the answer's moves
  step: 0,
  answerKind: null,    // 'moves', 'unsolvable', 'none' or null (an error)
  info: null,          // inspect() of the case
  hints: null,         // the displayed board's hint: move -> distance
  layers: {},          // per puzzle: {layers, states}
  described: {},       // per puzzle: the crate's move letters, goal, playback start and figures
  fragment: null,      // the fragment of the case shown
  output: null,        // the binary's whole stdout and stderr for the input
  input: null,         // a long case's whole input, when the box shows only its start (`inputShown`); else the box holds it
  inputShown: null,    // the start of `input` the box shows, while it is unedited
  goalDepth: null,     // colour-hash: G, the table's depth in the method panels (the crate's default until moved)
  visits: null,        // colour-hash: the start side's visits, as the crate listed them
  ticket: 0,           // increases with each solve; an older solve's results are dropped
  solved: 0,           // increases with each finished solve (the tests wait on it)
  solvedInput: null,   // the input of the last finished solve, in its puzzle
  linksRead: 0,        // increases with each link read to its end, solved again or not (the tests wait on it)
};
window.study = state;

// The one writer: sets `fields` on the state.
function update(fields) {
  Object.assign(state, fields);
}

// A new ticket for a run of `kind` ('solve', 'race', 'seen', …): a result that comes back after
// a newer run of its kind took a ticket is late, and `current` says so.
const tickets = {};
function takeTicket(kind) {
  tickets[kind] = (tickets[kind] || 0) + 1;
  if (kind === 'solve') update({ ticket: tickets[kind] });
  return tickets[kind];
}
const current = (kind, ticket) => tickets[kind] === ticket;

// The board the playback shows, or null.
const displayed = () => (state.boards.length ? state.boards[state.step] : null);

// The crate's figures of `puzzle` (describe's), or none while it is still being described.
const figuresOf = (puzzle) => (state.described[puzzle.name] || {}).figures || {};
