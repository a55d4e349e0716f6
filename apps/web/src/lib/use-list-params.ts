import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LOCATION_CHANGED_EVENT } from './location';

/**
 * A list page's filters, sort and page kept in the address: `update` changes some and keeps the
 * rest; a new location starts the list again from page 1 (the query key changes, so it refetches).
 * `read` and `write` must be stable (module-level) functions.
 *
 * Each `update` starts from the address the last `update` wrote, not from the last render: the
 * router renders a navigation later than it changes the address, so a second change made before
 * that render (a pill tapped, then a sort picked at once) would otherwise undo the first.
 */
export function useListParams<P extends { page: number }>(
  read: (search: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const seen = useRef(searchParams);
  const latest = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    latest.current = searchParams;
  }
  const update = useCallback(
    (changes: Partial<P>, options: { replace?: boolean } = {}) => {
      const next = write({ ...read(latest.current), ...changes });
      latest.current = next;
      setSearchParams(next, options);
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
