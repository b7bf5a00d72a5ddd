// uses: util.js, client.js, state.js, app.js, links.js
// The page starts: the controls wired, the module loaded in its worker, the case the link names
// solved; a link followed later is read again.
'use strict';

(async () => {
  const started = performance.now();
  app.wire();
  window.addEventListener('hashchange', () => { if (location.hash !== state.fragment) links.readFragment('keep'); });
  await client.start();
  await links.readFragment(location.hash ? 'keep' : 'replace');
  $('status').textContent = `ready in ${Math.round(performance.now() - started)} ms`;
  document.body.dataset.ready = 'true';
})().catch((error) => { $('status').textContent = 'failed: ' + error; throw error; });
