import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/**
 * One read keyed by an id (an offer, a service, a store, a store's offers…): the GET itself, and its
 * query hook, which waits for a non-empty id. `pathOf` gets the id already URL-encoded.
 */
export function readById<T>(
  pathOf: (encodedId: string) => string,
  keyOf: (id: string) => readonly unknown[],
) {
  const get = (id: string, signal?: AbortSignal): Promise<T> =>
    apiFetch<T>(pathOf(encodeURIComponent(id)), { signal });
  const useRead = (id: string, enabled = true) =>
    useQuery({
      queryKey: keyOf(id),
      queryFn: ({ signal }) => get(id, signal),
      enabled: enabled && id !== '',
    });
  return { get, useRead };
}
