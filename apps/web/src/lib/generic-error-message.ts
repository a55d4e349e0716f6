import { isApiError } from './api-client';

/** Seed 001 §8 "Generic" messages by status, for pages without a more specific text. */
export function genericErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'An unexpected error occurred';
  if (error.status === 0) return 'Network error. Please check your internet connection.';
  if (error.status === 401) return 'Your session has expired. Please log in again.';
  if (error.status === 403 && error.code === 'FORBIDDEN') {
    return 'Access denied. You may not have permission for this action.';
  }
  if (error.status === 404 && error.code === 'NOT_FOUND') return 'Resource not found.';
  if (error.status === 429) return error.message || 'Too many requests. Please try again in 60 seconds.';
  if (error.status >= 500) return 'Server error. Please try again later.';
  return error.message;
}
