import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LOCATION_CHANGED_EVENT } from './location';

/**
 * A list page's filters, sort and page kept in the address: `update` changes some and keeps the
 * rest; a new location starts the list again from page 1 (the query key changes, so it refetches).
 * `read` and `write` must be stable (module-level) functions.
 */
export function useListParams<P extends { page: number }>(
  read: (search: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<P>, options: { replace?: boolean } = {}) => {
      setSearchParams((current) => write({ ...read(current), ...changes }), options);
    },
    [setSearchParams, read, write],
  );

  useEffect(() => {
    const onChange = () => update({ page: 1 } as Partial<P>, { replace: true });
    window.addEventListener(LOCATION_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(LOCATION_CHANGED_EVENT, onChange);
  }, [update]);

  return { params: read(searchParams), update };
}
