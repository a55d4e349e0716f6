// Pages the server rendered (issue 16) are readable before any code runs, so their code loads only
// after the first paint: on a slow phone network the markup, styles and first images then do not
// share the line with ~200 KB of scripts. The server puts this script in place of the site's module
// script and modulepreload links (apps/api/src/plugins/static-sites.ts); it adds them back here.
(() => {
  const me = document.currentScript;
  const entry = me?.dataset.entry;
  if (!entry) return;
  let started = false;
  // Four links a task: with DevTools' network panel open (as Lighthouse runs) starting a fetch costs
  // a slow phone ~5 ms, and the ~55 links of the home page were one 150 ms task (issue 32).
  const PER_TASK = 4;
  const hrefs = (me.dataset.preload ?? '').split(' ').filter(Boolean);
  const preload = (from) => {
    for (const href of hrefs.slice(from, from + PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + PER_TASK < hrefs.length) setTimeout(() => preload(from + PER_TASK), 0);
  };
  const load = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    preload(0);
  };
  // After the frame that paints the page; a hidden tab paints no frame, so a timer starts it too.
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 1000);
})();
