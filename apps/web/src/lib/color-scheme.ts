const DARK_QUERY = '(prefers-color-scheme: dark)';
/** Read by public/theme-init.js before first paint, so a saved choice never flashes the other theme. */
export const DARK_MODE_STORAGE_KEY = 'd3:dark-mode';

/** The customer's stored choice (users.dark_mode); null follows the system. */
let preference: boolean | null = readStoredPreference();

function readStoredPreference(): boolean | null {
  try {
    const stored = localStorage.getItem(DARK_MODE_STORAGE_KEY);
    return stored === 'true' ? true : stored === 'false' ? false : null;
  } catch {
    return null;
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The stored choice wins; null means "follow the system" (seed: dark_mode). */
export function effectiveDarkMode(choice: boolean | null | undefined): boolean {
  return typeof choice === 'boolean' ? choice : systemPrefersDark();
}

function apply(root: HTMLElement = document.documentElement) {
  root.classList.toggle('dark', effectiveDarkMode(preference));
}

/** Applies a choice at once, everywhere, and remembers it for the next visit (null: follow the system). */
export function setDarkModePreference(choice: boolean | null | undefined, root?: HTMLElement) {
  preference = typeof choice === 'boolean' ? choice : null;
  try {
    if (preference === null) localStorage.removeItem(DARK_MODE_STORAGE_KEY);
    else localStorage.setItem(DARK_MODE_STORAGE_KEY, String(preference));
  } catch {
    // Storage unavailable (private mode): the choice still applies to this page.
  }
  apply(root);
}

/**
 * Keeps the `dark` class on <html> right: the stored choice when there is one, else the system setting,
 * following the system live while the page is open. Returns an unsubscribe.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const onChange = () => apply(root);
  apply(root);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
