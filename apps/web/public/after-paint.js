// Pages the server rendered (issue 16) are readable before any code runs, so their code loads only
// after the first paint: on a slow phone network the markup, styles and first images then do not
// share the line with ~200 KB of scripts. The server puts this script in place of the site's module
// script and modulepreload links (apps/api/src/plugins/static-sites.ts); it adds them back here.
(() => {
  const me = document.currentScript;
  const entry = me?.dataset.entry;
  if (!entry) return;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    for (const href of (me.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the frame that paints the page; a hidden tab paints no frame, so a timer starts it too.
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 1000);
})();
