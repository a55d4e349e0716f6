import type { Endpoint, ErrorStatus } from '@d3/shared/api/contract';
import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { z } from 'zod';

/**
 * The error responses of the OpenAPI document (issue 37): every operation lists the 4xx/5xx
 * statuses it can answer, each with the one shared error schema (`ErrorResponse`, the envelope of
 * `packages/shared/src/api/envelope-schemas.ts`). The statuses every endpoint of an access has come
 * from here; an entry's `errors` adds its own (409 SLOT_TAKEN, 502 PAYMENT_INITIATION_FAILED…).
 * They are written into the document only: an error reply is sent as the error handler builds it.
 */
const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid request data (VALIDATION_ERROR with field errors) or a rule refused it',
  401: 'Missing or invalid API key, or no valid session',
  403: 'Signed in, but not allowed (wrong role or not the owner)',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone',
  413: 'Request body too large',
  415: 'Unsupported content type',
  422: 'Could not be processed',
  429: 'Too many requests (Retry-After says when to retry)',
  500: 'Server error',
  502: 'A provider answered with an error',
  503: 'Busy or a dependency is down (Retry-After)',
  504: 'A provider did not answer in time',
};

export function errorStatusesOf(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.headers || endpoint.body || endpoint.bodyType) {
    statuses.add(400);
  }
  if (!endpoint.root) statuses.add(401).add(429);
  if (endpoint.access === 'customer' || endpoint.access === 'merchant' || endpoint.access === 'signedIn') {
    statuses.add(401);
  }
  if (endpoint.access === 'customer' || endpoint.access === 'merchant') statuses.add(403);
  if (endpoint.params) statuses.add(404);
  return [...statuses].sort();
}

type Operation = { operationId?: string; responses?: Record<string, unknown> };
type Document = {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

/** Adds the shared error schema and each operation's error responses to the generated document. */
export function withErrorResponses<D extends Document>(document: D, endpoints: Map<string, Endpoint>): D {
  document.components ??= {};
  const components = document.components;
  components.schemas = {
    ...components.schemas,
    ErrorResponse: z.toJSONSchema(ZErrorResponse, { target: 'openapi-3.0' }),
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const endpoint = operation.operationId ? endpoints.get(operation.operationId) : undefined;
      if (!endpoint) continue;
      operation.responses ??= {};
      const responses = operation.responses;
      for (const status of Object.keys(endpoint.responses)) {
        if (endpoint.produces) {
          responses[status] = {
            description: endpoint.summary,
            content: { [endpoint.produces]: { schema: { type: 'string' } } },
          };
        } else if (endpoint.responses[Number(status) as 204] === null) {
          responses[status] = { description: 'No content' };
        }
      }
      for (const status of errorStatusesOf(endpoint)) {
        responses[String(status)] = {
          description: DESCRIPTIONS[status],
          content: { 'application/json': { schema: ERROR_REF } },
        };
      }
    }
  }
  return document;
}
