import { useErrorText, useT } from '@d3/ui';
import { ApiError } from './api-client';

/**
 * What to show for a failed call (issue 33): the catalogue's `error.CODE` in the merchant's
 * language, else the server's own (English) message for a code the site does not know.
 */
export function useApiErrorText(): (error: unknown) => string {
  const errorText = useErrorText();
  const t = useT();
  return (error) => {
    if (error instanceof ApiError && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT'))
      return t('common.networkError');
    if (error instanceof ApiError) return errorText(error.code, error.message);
    return t('common.unexpectedError');
  };
}
