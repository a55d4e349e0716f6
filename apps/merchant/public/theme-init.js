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
