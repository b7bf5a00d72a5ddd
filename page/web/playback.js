// uses: util.js, state.js, motion.js
// Playback: stepping through an answer's boards by the buttons, the scrubber, a timer and the
// keyboard. The keys act only when the focus is not on a control that uses the same key.
'use strict';

// The speed slider counts steps a second; the timer wants ms a step.
const MS_A_SECOND = 1000;

const playback = {
  timer: null,
  onStep: null,    // draws the step shown (boardView.showStep, given to `wire`)

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    $('playpause').textContent = 'play';
    $('playpause').setAttribute('aria-label', 'play the answer');
  },

  go(step) {
    const from = state.step;
    update({ step: Math.max(0, Math.min(state.moves.length, step)) });
    // One step forward or back turns a wheel by the move between the two boards.
    if (state.step === from + 1) motion.turn = { move: state.moves[from], sign: 1 };
    else if (state.step === from - 1) motion.turn = { move: state.moves[state.step], sign: -1 };
    this.onStep(true);
  },

  toggle() {
    if (this.timer) { this.stop(); this.onStep(true); return; }
    if (!state.moves.length) return;
    if (state.step >= state.moves.length) update({ step: 0 });
    this.timer = setInterval(() => {
      if (state.step >= state.moves.length) { this.stop(); this.onStep(true); return; }
      this.go(state.step + 1);
    }, MS_A_SECOND / Number($('speed').value));
    $('playpause').textContent = 'pause';
    $('playpause').setAttribute('aria-label', 'pause the answer');
    this.onStep(true);
  },

  speed(by) {
    $('speed').value = Number($('speed').value) + by;
    $('speed').dispatchEvent(new Event('input'));
  },

  // Whether the focused element itself answers `event`'s key, so the answer's playback leaves it:
  // text fields every key, sliders and checkboxes their own, a panel with keys of its own
  // (`data-keys`: "Watch the search" steps its search) every key, a button or link elsewhere every
  // key (a key on the search's "next board" never steps the answer 2,000 px above), and the
  // playback's own buttons, the move buttons and the board's tiles Space and Enter.
  keyBelongsToControl(event) {
    const target = event.target;
    if (!(target instanceof Element)) return false;
    if (target.closest('textarea, select, [contenteditable=true], [data-keys]')) return true;
    if (target.tagName === 'INPUT') return true;
    const pressable = target.closest('button, a[href], [role=button], summary');
    if (pressable && !pressable.closest('#playback, #moves, #board')) return true;
    return Boolean(pressable) && (event.key === ' ' || event.key === 'Enter');
  },

  // `onStep(speak)` draws the step shown (the controller's).
  wire(onStep) {
    this.onStep = onStep;
    const steps = {
      first: () => this.go(0), back: () => this.go(state.step - 1),
      forward: () => this.go(state.step + 1), last: () => this.go(state.moves.length),
    };
    for (const [id, act] of Object.entries(steps)) $(id).onclick = () => { this.stop(); act(); };
    $('playpause').onclick = () => this.toggle();
    $('scrubber').oninput = () => { this.stop(); this.go(Number($('scrubber').value)); };
    $('speed').oninput = () => {
      $('speed').setAttribute('aria-valuetext', `${$('speed').value} steps a second`);
      if (this.timer) { this.stop(); this.toggle(); }
    };
    document.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.altKey || event.metaKey || this.keyBelongsToControl(event)) return;
      const keys = {
        ArrowLeft: steps.back, ArrowRight: steps.forward, Home: steps.first, End: steps.last,
        ' ': () => this.toggle(), '+': () => this.speed(1), '-': () => this.speed(-1),
      };
      const act = keys[event.key];
      if (!act) return;
      event.preventDefault();
      if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End') this.stop();
      act();
    });
  },
};
