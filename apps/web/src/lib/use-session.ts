import { useSyncExternalStore } from 'react';
import { AUTH_CHANGE_EVENT, decodeTokenClaims, getToken } from './auth-token';

/**
 * The session read in this task, kept until its next microtask: every component that shows the
 * session asks for it on each render, and a page hydrating on a phone made hundreds of reads of local
 * storage and document.cookie in one slice (issue 32). A change of token is an event, which empties it.
 */
let readThisTask: { session: Session | null } | null = null;
const forgetRead = () => {
  readThisTask = null;
};

function subscribe(onChange: () => void): () => void {
  const changed = () => {
    forgetRead();
    onChange();
  };
  window.addEventListener(AUTH_CHANGE_EVENT, changed);
  window.addEventListener('storage', changed); // another tab signed in or out
  window.addEventListener('focus', changed); // a token may have expired while the tab was in the background
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, changed);
    window.removeEventListener('storage', changed);
    window.removeEventListener('focus', changed);
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
  if (readThisTask) return readThisTask.session;
  const token = getToken();
  if (token !== cachedToken) {
    cachedToken = token;
    cachedSession = token ? sessionFrom(token) : null;
  }
  readThisTask = { session: cachedSession };
  queueMicrotask(forgetRead);
  return cachedSession;
}

/** The stored session (or null when signed out), re-read when a token is stored, cleared or changed in another tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
