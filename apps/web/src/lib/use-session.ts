import { useSyncExternalStore } from 'react';
import { AUTH_CHANGE_EVENT, decodeTokenClaims, getToken } from './auth-token';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange); // another tab signed in or out
  window.addEventListener('focus', onChange); // a token may have expired while the tab was in the background
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
    window.removeEventListener('focus', onChange);
  };
}

export interface Session {
  token: string;
  /** A display initial from the token's name or e-mail claim, when it has one. */
  initial: string | null;
  firstName: string | null;
}

function sessionFrom(token: string): Session {
  const claims = decodeTokenClaims(token) ?? {};
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = claims[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
    return null;
  };
  const firstName = pick('firstName', 'first_name', 'given_name');
  const source = firstName ?? pick('name', 'email');
  return { token, firstName, initial: source ? source.charAt(0).toUpperCase() : null };
}

let cachedToken: string | null = null;
let cachedSession: Session | null = null;

function getSnapshot(): Session | null {
  const token = getToken();
  if (token !== cachedToken) {
    cachedToken = token;
    cachedSession = token ? sessionFrom(token) : null;
  }
  return cachedSession;
}

/** The stored session (or null when signed out), re-read when a token is stored, cleared or changed in another tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
