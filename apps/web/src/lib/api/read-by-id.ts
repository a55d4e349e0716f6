import type { EndpointOutput } from '@d3/shared/api/contract';
import type { EndpointOf, RouteRef } from '@d3/shared/api/route-ref';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

/**
 * One read keyed by an id (an offer, a service, a store, a store's offers…): the contract call
 * with the id as its one path parameter, and its query hook, which waits for a non-empty id.
 */
// biome-ignore lint/suspicious/noExplicitAny: any entry with one path parameter
export function readById<R extends RouteRef<any>>(route: R, keyOf: (id: string) => readonly unknown[]) {
  const name = /:([A-Za-z]+)/.exec(route.path)?.[1] ?? 'id';
  // The entry's one path parameter, named as its path names it.
  const get = (id: string, signal?: AbortSignal) =>
    (call as (r: R, input: object, options: object) => Promise<EndpointOutput<EndpointOf<R>>>)(
      route,
      { params: { [name]: id } },
      { signal },
    );
  /** The read's key and function, for the hook and for the server's reads (lib/api/server-read.ts). */
  const query = (id: string) => ({
    queryKey: keyOf(id),
    queryFn: ({ signal }: { signal?: AbortSignal }) => get(id, signal),
  });
  const useRead = (id: string, enabled = true) => useQuery({ ...query(id), enabled: enabled && id !== '' });
  return { get, query, useRead };
}
