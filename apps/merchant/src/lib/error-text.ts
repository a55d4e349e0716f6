import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { useErrorText, useT } from '@d3/ui';
import { ApiError } from './api-client';

/**
 * What to show for a failed call (issue 33): the catalogue's `error.CODE` in the merchant's
 * language when the server sent its code's usual words; a more particular message ('Check-in opens
 * 15 minutes before the start (09:45).') stays the server's own (English) words, as does a code the
 * site does not know. (ERROR_CODES is in the bundle already: the API client maps codes with it.)
 */
export function useApiErrorText(): (error: unknown) => string {
  const errorText = useErrorText();
  const t = useT();
  return (error) => {
    if (!(error instanceof ApiError)) return t('common.unexpectedError');
    if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return t('common.networkError');
    const usual = (ERROR_CODES as Record<string, { message: string }>)[error.code]?.message;
    return usual === error.message ? errorText(error.code, error.message) : error.message;
  };
}
