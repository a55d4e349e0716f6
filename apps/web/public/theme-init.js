// Zod compiles parsers with `new Function` unless told not to, and probes for it when a schema is built;
// the CSP forbids eval, so even the probe is a violation. Zod reads this global config wherever it loads,
// so setting it here keeps zod itself out of the first-load bundle.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
// Runs before the first paint so a dark-mode visitor never sees a white flash (CSP forbids inline scripts).
(() => {
  try {
    // The signed-in customer's saved choice (see src/lib/color-scheme.ts), else the system setting.
    const saved = localStorage.getItem('d3:dark-mode');
    const dark =
      saved === 'true' || (saved !== 'false' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // matchMedia missing: stay light.
  }
})();
