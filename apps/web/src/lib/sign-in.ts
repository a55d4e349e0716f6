import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SIGN_IN_PATH } from './api-client';

/** Where a signed-out visitor goes: sign-in, carrying the page (path, query, hash) to come back to. */
export function signInUrlFor(returnPath: string): string {
  return `${SIGN_IN_PATH}?redirect=${encodeURIComponent(returnPath)}`;
}

/**
 * Sends a signed-out visitor to sign-in, to come back to `returnPath` afterwards: this page with its
 * query when none is given. The way back travels in the address and in the history state both.
 */
export function useGoToSignIn() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (returnPath = `${pathname}${search}`, options: { replace?: boolean } = {}) =>
      navigate(signInUrlFor(returnPath), { ...options, state: { returnUrl: returnPath } }),
    [navigate, pathname, search],
  );
}

/** A store's chat (seed 000: /chat/Store/{id}): Chat on the store page leads there, through sign-in when signed out. */
export const storeChatPath = (storeId: string) => `/chat/Store/${storeId}`;

const CHAT_WITH_STORE = /^\/chat\/Store\/([^/?#]+)$/;

/** The store whose chat a sign-in leads back to (`storeChatPath`), if that is where it leads. */
export function chatStoreOf(returnPath: string): string | null {
  return CHAT_WITH_STORE.exec(returnPath)?.[1] ?? null;
}
