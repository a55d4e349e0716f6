// Zod compiles parsers with `new Function` unless told not to, and probes for it when a schema is built;
// the CSP forbids eval, so even the probe is a violation. Zod reads this global config wherever it loads,
// so setting it here keeps zod itself out of the first-load bundle.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
// Follows the system colour scheme by toggling the `dark` class on <html> (Tailwind's dark variant
// keys off it). Loaded as a plain external script because the server's CSP forbids inline scripts.
(() => {
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    document.documentElement.classList.toggle('dark', query.matches);
  };
  apply();
  query.addEventListener('change', apply);
})();
