import { isApiError } from './api-client';

/** Seed 001 §8 "Generic" messages by status, for pages without a more specific text. */
export function genericErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'An unexpected error occurred';
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  if (error.status === 401) return 'Your session has expired. Please log in again.';
  if (error.status === 403 && error.code === 'FORBIDDEN') {
    return 'Access denied. You may not have permission for this action.';
  }
  if (error.status === 404 && error.code === 'NOT_FOUND') return 'Resource not found.';
  if (error.status === 429) return error.message || 'Too many requests. Please try again in 60 seconds.';
  if (error.status >= 500) return serverErrorMessage(error.reference);
  return error.message;
}

export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';

/** The seed's 5xx text, with the reference support finds the request by when the server gave one (issue 35). */
function serverErrorMessage(reference: string | undefined): string {
  return reference ? `${SERVER_ERROR_MESSAGE} (reference ${reference})` : SERVER_ERROR_MESSAGE;
}

/**
 * What a user may read about a failed call (issue 15 #8): a 4xx keeps the server's text (the
 * seed's own validation and rule messages), a 5xx or a network failure gets seed 001 §8's generic
 * text — never 'Internal error' or other server internals. Decided by status, never by message.
 */
export function userErrorMessage(error: unknown, fallback = 'An unexpected error occurred'): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return NETWORK_ERROR_MESSAGE;
  if (error.status >= 500) return serverErrorMessage(error.reference);
  return error.message || fallback;
}
