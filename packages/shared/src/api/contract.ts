import type { z } from 'zod';

/**
 * The seam between the sites and the server (issue 37): every HTTP endpoint is declared once, in
 * its domain's `*-contract.ts`, with its method, canonical path, the schemas of what it takes and
 * answers, and who may call it. The API registers its routes from these entries
 * (`apps/api/src/plugins/contract-route.ts`), the OpenAPI document is generated from them, and the
 * sites call them through `@d3/api-client`'s `call(endpoint, input)`. Paths are relative to
 * `/api/v1` and use `:name` for a parameter. `aliases` are the seed's other paths for the same
 * endpoint: the server answers them too, the sites never call them.
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone with the API key (`open`, `openWithSession` when a valid session is read
 * if sent), a signed-in customer, a signed-in merchant, or either (`signedIn`).
 */
export type Access = 'open' | 'openWithSession' | 'customer' | 'merchant' | 'signedIn';

/** A success status an endpoint answers with a body (204 answers none: `responses: { 204: null }`). */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** An error status an endpoint documents beyond the ones every endpoint of its access has. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

export interface EndpointDefinition {
  method: HttpMethod;
  path: string;
  aliases?: readonly string[];
  operationId: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  /** Request headers the endpoint reads (the payment's Idempotency-Key). */
  headers?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body travels when it is not JSON (image uploads). */
  bodyType?: 'multipart/form-data' | 'application/octet-stream';
  /** 204 (or a HEAD's 200) is `null`: no body. The health check also describes its 503 body. */
  responses: Partial<Record<SuccessStatus | 503, z.ZodType | null>>;
  /** A body that is not JSON (a generated SVG): its media type. */
  produces?: string;
  errors?: readonly ErrorStatus[];
  /** Not answered under `/api/v1` (health checks). */
  root?: boolean;
}

export type Endpoint = EndpointDefinition & { tag: string };

/**
 * A domain's contract: its endpoints, each tagged with the domain (the OpenAPI tag).
 * `defineContract('bookings', { create: { method: 'POST', … } })`.
 */
export function defineContract<const T extends Record<string, EndpointDefinition>>(
  tag: string,
  endpoints: T,
): { [K in keyof T]: T[K] & { tag: string } } {
  const tagged = {} as { [K in keyof T]: T[K] & { tag: string } };
  for (const key of Object.keys(endpoints) as Array<keyof T>) {
    tagged[key] = { ...endpoints[key], tag };
  }
  return tagged;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The success body an endpoint answers (any of its 2xx bodies when it declares more than one). */
export type EndpointOutput<E extends EndpointDefinition> = {
  [K in keyof E['responses']]: Out<E['responses'][K]>;
}[keyof E['responses']];

type Part<K extends string, S> = S extends z.ZodType
  ? Record<never, never> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller passes: the path parameters, the query and the body its schemas take (an upload: FormData or a Blob). */
export type EndpointInput<E extends EndpointDefinition> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'headers', E['headers']> &
  (E['bodyType'] extends string ? { body: object } : Part<'body', E['body']>);

/** The parsed parts the server hands its handler. */
export type EndpointRequest<E extends EndpointDefinition> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
};

/** `/bookings/:id` with `{ id: 'b1' }` → `/bookings/b1` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `/bookings/:id` → `/bookings/{id}` (the OpenAPI form). */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
