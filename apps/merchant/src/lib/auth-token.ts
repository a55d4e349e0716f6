import { MERCHANT_TOKEN_KEY } from '@d3/api-client';
import { useSyncExternalStore } from 'react';

/** The merchant site keeps its own token (`MERCHANT_TOKEN_KEY`, apart from the customer site's). */
export { MERCHANT_TOKEN_KEY };

export type TMerchantTokenClaims = {
  sub?: string;
  role?: string;
  exp?: number;
};

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it: the server verifies; the client only needs `exp`. */
export function decodeTokenClaims(token: string): TMerchantTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return claims !== null && typeof claims === 'object' ? (claims as TMerchantTokenClaims) : null;
  } catch {
    return null;
  }
}

/** A token that cannot be read or whose `exp` has passed counts as no token at all. */
export function isTokenUsable(token: string, now: number = Date.now()): boolean {
  const claims = decodeTokenClaims(token);
  if (!claims) return false;
  return typeof claims.exp !== 'number' || claims.exp * 1000 > now;
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(MERCHANT_TOKEN_KEY);
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

export function getMerchantToken(): string | null {
  const token = readStorage();
  if (token && isTokenUsable(token)) return token;
  return null;
}

export function getMerchantClaims(): TMerchantTokenClaims | null {
  const token = getMerchantToken();
  return token ? decodeTokenClaims(token) : null;
}

export function setMerchantToken(token: string): void {
  window.localStorage.setItem(MERCHANT_TOKEN_KEY, token);
  notify();
}

export function clearMerchantToken(): void {
  try {
    window.localStorage.removeItem(MERCHANT_TOKEN_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes localStorage; follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === MERCHANT_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current usable merchant token (or null); re-renders when it is set, cleared or changed in another tab. */
export function useMerchantToken(): string | null {
  return useSyncExternalStore(subscribe, getMerchantToken, () => null);
}
