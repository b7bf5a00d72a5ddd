// uses: util.js, client.js, state.js, notice.js, motion.js, playback.js, plots.js, cantor.js
// The puzzle's board as the page shows it: the board of the step shown drawn by the puzzle's
// view (its description for a screen reader, said as the playback moves), its copies beside the
// switches on a phone, the move buttons with their hints, and the step's line and scrubber.
// A move asked for (a button, a tile) goes to `onMove`, the controller's (app.js).
'use strict';

// Where the board goes when there is none: the drawing's size and its message's letters.
const NO_BOARD = { width: 400, height: 240, fontSize: 16 };

const boardView = {
  onMove: null,    // makes a move of the board shown (app.move, given by app.wire)

  // The board, its description (also read out when `announce`), the move buttons and the hints.
  draw(speak) {
    const svg = $('board'), p = state.puzzle, entry = displayed();
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#board [data-focus]');
    const focusKey = focused ? focused.dataset.focus : null;
    const before = motion.positions(svg);
    const turn = motion.turn;
    motion.turn = null;
    svg.replaceChildren();
    svg.onclick = null; svg.oncontextmenu = null;
    if (!entry) {
      el('text', { x: NO_BOARD.width / 2, y: NO_BOARD.height / 2, 'text-anchor': 'middle', 'font-size': NO_BOARD.fontSize, fill: '#444' }, svg, 'no board to draw: see the binary\'s output');
      svg.setAttribute('viewBox', `0 0 ${NO_BOARD.width} ${NO_BOARD.height}`);
      $('board-text').textContent = 'No board: the input is not one case of the puzzle.';
    } else {
      p.draw(svg, entry, { act: (move) => this.onMove(move), hints: state.hints, info: state.info, caseTokens: state.tokens, moveNames: state.described[p.name].moves, turn, pairs: $('pairs').checked, heuristic: $('h-tiles').checked });
      $('board-text').textContent = p.describe(entry.tokens);
      motion.slide(svg, before);
      motion.rotate(svg);
    }
    svg.setAttribute('role', svg.querySelector('[tabindex]') ? 'group' : 'img');
    svg.setAttribute('aria-label', $('board-text').textContent);
    if (focusKey) { const again = svg.querySelector(`[data-focus="${focusKey}"][tabindex]`); if (again) again.focus(); }
    for (const button of $('moves').querySelectorAll('button')) {
      const move = button.dataset.move, possible = Boolean(entry && entry.next[move]);
      button.setAttribute('aria-disabled', String(!possible));
      const hint = state.hints && move in state.hints ? ` → ${state.hints[move] === null ? '—' : state.hints[move]}` : '';
      button.querySelector('.hint').textContent = hint;
      button.title = p.moveTitles[move] + (possible ? '' : ' (not possible here)');
    }
    if (speak) announce($('step').textContent + '. ' + $('board-text').textContent, Boolean(playback.timer));
    this.copy();
  },

  // A copy of the board beside each switch that draws on it (the pairs, the heuristic), shown on
  // a phone only (page.css), where the board is a screen away from the switch: a picture, not a
  // control (no focus, no ids, hidden from screen readers, which have the board's text).
  copy() {
    const svg = $('board');
    for (const copy of document.querySelectorAll('svg.board-copy')) {
      copy.setAttribute('viewBox', svg.getAttribute('viewBox'));
      copy.replaceChildren(...[...svg.childNodes].map((node) => node.cloneNode(true)));
      for (const node of copy.querySelectorAll('[tabindex], [id], [role], [data-move], [data-focus]')) {
        for (const name of ['tabindex', 'id', 'role', 'data-move', 'data-focus']) node.removeAttribute(name);
      }
    }
  },

  buildMoveButtons() {
    const p = state.puzzle, box = $('moves');
    box.replaceChildren(...state.described[p.name].moves.map((move) => {
      const button = html('button', { type: 'button', title: p.moveTitles[move] }, move, html('span', { className: 'hint' }));
      button.dataset.move = move;
      button.onclick = () => this.onMove(move);
      return button;
    }));
    $('hint-label').textContent = p.hintLabel;
  },

  async refreshHints() {
    const entry = displayed(), p = state.puzzle;
    update({ hints: null });
    if (!$('hint').checked || !entry) { this.draw(); return; }
    try {
      const info = await client.call({ op: 'inspect', code: p.code, board: entry.board });
      if (entry !== displayed()) return;
      update({ hints: Object.fromEntries((info.moves || []).map((m) => [m.move, m.distance])) });
      this.draw();
    } catch (error) { failed(error); }
  },

  showStep(speak) {
    const n = state.moves.length, p = state.puzzle;
    $('scrubber').max = n;
    $('scrubber').value = state.step;
    $('scrubber').setAttribute('aria-valuetext', `step ${state.step} of ${n}`);
    $('step').textContent = !state.boards.length ? 'no board' : !n ? 'no answer to play' : p.stepText(state.step, n, state.moves, state.boards[0].tokens);
    update({ hints: null });
    this.draw(speak);
    if ($('hint').checked) this.refreshHints();
    plots.mark();
    cantor.show(displayed());
  },
};
