/**
 * Where a visitor goes after signing in (seed 000 §2): the `redirect` query, else the page they came from
 * (navigation state `returnUrl` or `from`), else home. Only same-site paths are followed, so a crafted
 * link cannot bounce a fresh session to another origin.
 */

export { AFTER_SIGN_IN_DELAY_MS } from '@d3/ui';
/** Google sign-in may leave the page; the redirect waits here meanwhile (seed 000 §2). */
export const GOOGLE_REDIRECT_STORAGE_KEY = 'authRedirect';

const AUTH_PAGES = /^\/(accounts\/(sign-in|sign-up|verify-otp)|login|signup)(\/|\?|#|$)/i;

export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (AUTH_PAGES.test(path)) return null;
  return path;
}

function fromState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const { returnUrl, from } = state as { returnUrl?: unknown; from?: unknown };
  const direct = safeRedirectPath(returnUrl) ?? safeRedirectPath(from);
  if (direct) return direct;
  if (from && typeof from === 'object') {
    const {
      pathname,
      search = '',
      hash = '',
    } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === 'string') return safeRedirectPath(`${pathname}${String(search)}${String(hash)}`);
  }
  return null;
}

export function resolveAfterSignIn(search: string, state: unknown): string {
  const query = new URLSearchParams(search).get('redirect');
  return safeRedirectPath(query) ?? fromState(state) ?? '/';
}

export function rememberRedirect(path: string): void {
  try {
    localStorage.setItem(GOOGLE_REDIRECT_STORAGE_KEY, path);
  } catch {
    // storage blocked: the redirect falls back to home
  }
}

/** Reads and forgets the remembered redirect. */
export function takeRememberedRedirect(): string | null {
  try {
    const value = localStorage.getItem(GOOGLE_REDIRECT_STORAGE_KEY);
    localStorage.removeItem(GOOGLE_REDIRECT_STORAGE_KEY);
    return safeRedirectPath(value);
  } catch {
    return null;
  }
}
