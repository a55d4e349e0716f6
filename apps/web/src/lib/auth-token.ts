/**
 * Where the customer's session token lives (seed 000 §4, seed 001 §7): local storage keys `token`, `authToken`,
 * `access_token` in that order, then the `access_token` cookie. An expired JWT counts as no token at all.
 */

export const TOKEN_STORAGE_KEYS = ['token', 'authToken', 'access_token'] as const;
export const TOKEN_COOKIE_NAME = 'access_token';
/** Fired on window whenever this tab stores or clears a token, so the navbar can re-read it. */
export const AUTH_CHANGE_EVENT = 'd3:auth-change';

export interface TokenClaims {
  sub?: string;
  role?: string;
  exp?: number;
  [claim: string]: unknown;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without checking its signature (the server does that); null when it is not a JWT. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    return payload !== null && typeof payload === 'object' ? (payload as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** True when the token carries an `exp` (seconds since epoch) that is not in the future. */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const claims = decodeTokenClaims(token);
  if (!claims || typeof claims.exp !== 'number') return false;
  return claims.exp * 1000 <= nowMs;
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1) continue;
    if (pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function expireCookie(name: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
}

function notifyAuthChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

/**
 * The current token, or null. Expired tokens found on the way are removed, so a stale session never
 * shows as signed in and is never sent to the server.
 */
export function getToken(nowMs: number = Date.now()): string | null {
  const storage = safeStorage();
  if (storage) {
    for (const key of TOKEN_STORAGE_KEYS) {
      const value = storage.getItem(key);
      if (!value) continue;
      if (isTokenExpired(value, nowMs)) {
        storage.removeItem(key);
        continue;
      }
      return value;
    }
  }
  const cookieToken = readCookie(TOKEN_COOKIE_NAME);
  if (cookieToken) {
    if (!isTokenExpired(cookieToken, nowMs)) return cookieToken;
    expireCookie(TOKEN_COOKIE_NAME);
  }
  return null;
}

export function hasValidToken(nowMs: number = Date.now()): boolean {
  return getToken(nowMs) !== null;
}

/** Stores a freshly issued token under `access_token` (the key the sign-in response uses). */
export function setToken(token: string): void {
  safeStorage()?.setItem('access_token', token);
  notifyAuthChange();
}

/** Signs the browser out: every storage key and the cookie (path /). */
export function clearTokens(): void {
  const storage = safeStorage();
  for (const key of TOKEN_STORAGE_KEYS) storage?.removeItem(key);
  expireCookie(TOKEN_COOKIE_NAME);
  notifyAuthChange();
}
