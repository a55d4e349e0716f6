// Runs before the first paint so a dark-mode visitor never sees a white flash (CSP forbids inline scripts).
(() => {
  try {
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // matchMedia missing: stay light.
  }
})();
