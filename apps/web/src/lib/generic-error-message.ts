import { errorText } from '@d3/ui';
import { isApiError } from './api-client';
import { siteI18nOrDefault, siteText } from './site-i18n';

/**
 * The server's message for a 4xx in the reader's language (issue 33): the catalogue's `error.CODE`,
 * else the server's own words.
 */
function serverText(error: { code?: string; message: string }): string {
  return errorText(siteI18nOrDefault(), error.code, error.message);
}

/** Seed 001 §8 "Generic" messages by status, for pages without a more specific text. */
export function genericErrorMessage(error: unknown): string {
  if (!isApiError(error)) return siteText('errors.unexpected');
  if (error.status === 0) return siteText('errors.network');
  if (error.status === 401) return siteText('errors.sessionExpired');
  if (error.status === 403 && error.code === 'FORBIDDEN') return siteText('errors.forbidden');
  if (error.status === 404 && error.code === 'NOT_FOUND') return siteText('errors.notFound');
  if (error.status === 429) return error.message ? serverText(error) : siteText('errors.tooMany');
  if (error.status >= 500) return serverErrorMessage(error.reference);
  return serverText(error);
}

export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';

/** The seed's 5xx text, with the reference support finds the request by when the server gave one (issue 35). */
function serverErrorMessage(reference: string | undefined): string {
  return reference ? siteText('errors.serverWithReference', { reference }) : siteText('errors.server');
}

/**
 * What a user may read about a failed call (issue 15 #8): a 4xx keeps the server's text (the
 * seed's own validation and rule messages), a 5xx or a network failure gets seed 001 §8's generic
 * text — never 'Internal error' or other server internals. Decided by status, never by message.
 */
export function userErrorMessage(error: unknown, fallback?: string): string {
  const otherwise = fallback ?? siteText('errors.unexpected');
  if (!isApiError(error)) return otherwise;
  if (error.status === 0) return siteText('errors.network');
  if (error.status >= 500) return serverErrorMessage(error.reference);
  return error.message ? serverText(error) : otherwise;
}
