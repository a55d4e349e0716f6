import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (issue 32); the server's render assumes it does. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** True when the browser knows it has no network: a send would fail before it left. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A favourite or follow tapped with no network is refused at once, saying so (issue 32): never
 * shown as done and then silently lost.
 */
export const OFFLINE_REFUSED = {
  favorite: "You're offline, so this favourite was not saved. Please try again when you're back online.",
  follow: "You're offline, so Follow was not saved. Please try again when you're back online.",
} as const;
