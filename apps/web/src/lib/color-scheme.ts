const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Keeps the `dark` class on <html> in step with the system setting. public/theme-init.js sets it once before
 * first paint; this keeps it right when the system switches while the page is open. Returns an unsubscribe.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const apply = () => root.classList.toggle('dark', query.matches);
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
