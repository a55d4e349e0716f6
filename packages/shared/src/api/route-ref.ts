import type { EndpointDefinition } from './contract.js';

/**
 * A contract entry as the sites call it (issue 37): its method, canonical path and operationId, and
 * the entry's type, without its zod schemas, so a page's first chunk does not carry zod and the
 * schemas (decision 0148). The refs are generated from the contracts into `routes.ts`
 * (`npm run contracts:routes`; `npm run lint` fails when it is stale).
 */
export interface RouteRef<E extends EndpointDefinition = EndpointDefinition> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly operationId: E['operationId'];
  /** Type only: the entry the ref stands for. */
  readonly endpoint?: E;
}

export const ref = <E extends EndpointDefinition>(
  method: E['method'],
  path: E['path'],
  operationId: E['operationId'],
): RouteRef<E> => ({ method, path, operationId });

/** The entry type behind a ref. */
export type EndpointOf<R> = R extends RouteRef<infer E> ? E : never;
