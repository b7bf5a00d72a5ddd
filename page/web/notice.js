// uses: util.js, client.js
// The notice line above the board: what failed, what was cancelled, what a link could not ask for.
'use strict';

function notice(text) { $('notice').textContent = text; }

function failed(error) {
  if (error instanceof Cancelled) { notice('Cancelled. The tables are built again when next needed.'); return; }
  notice('Something failed: ' + error.message);
  console.error(error);
}
