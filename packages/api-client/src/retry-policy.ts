import { isApiError } from './api-error';

/** Seed 001 §9 "Server-error retry: 3 times with delays 1, 2, 4 s". */
export const SERVER_ERROR_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

/**
 * Whether a failed read (a GET, i.e. a query) is tried again: network trouble and 5xx answers up to three
 * more times; a 4xx answers the same way again and is never retried. Mutations are never retried (a POST
 * may have happened). `failureCount` counts the failures so far, from 0 (TanStack Query's `retry`).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= SERVER_ERROR_RETRY_DELAYS_MS.length) return false;
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status >= 500;
}

/** The wait before retry number `attemptIndex + 1` (TanStack Query's `retryDelay`): 1, 2, then 4 s. */
export function readRetryDelayMs(attemptIndex: number): number {
  return (
    SERVER_ERROR_RETRY_DELAYS_MS[Math.min(attemptIndex, SERVER_ERROR_RETRY_DELAYS_MS.length - 1)] ?? 4_000
  );
}

/**
 * Both sites' TanStack Query defaults: reads stay fresh 30 s and retry as above, no refetch on window
 * focus (each page polls what it must), mutations never retry.
 */
export const QUERY_DEFAULTS = {
  queries: {
    staleTime: 30_000,
    retry: shouldRetryRead,
    retryDelay: readRetryDelayMs,
    refetchOnWindowFocus: false,
  },
  mutations: { retry: false },
};
