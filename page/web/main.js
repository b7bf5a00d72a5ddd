// uses: util.js, client.js, app.js, links.js
// The page starts: the controls wired, the module loaded in its worker, the case the link names
// solved; a link followed later is read again.
'use strict';

(async () => {
  const started = performance.now();
  app.wire();
  // A followed link is read again; its case is solved again only when it changed (app.choose).
  window.addEventListener('hashchange', () => links.follow('keep'));
  await client.start();
  await links.follow(location.hash ? 'keep' : 'replace');
  $('status').textContent = `ready in ${Math.round(performance.now() - started)} ms`;
  document.body.dataset.ready = 'true';
})().catch((error) => { $('status').textContent = 'failed: ' + error; throw error; });
