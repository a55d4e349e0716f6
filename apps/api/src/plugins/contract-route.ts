import type { Access, Endpoint, EndpointDefinition } from '@d3/shared/api/contract';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  preHandlerHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSession, requireCustomer, requireMerchant, requireSignedIn } from './auth.js';

/**
 * Registers routes from their contract entries (issue 37): method, path, aliases, schemas, tag,
 * operationId, summary and the access check all come from the entry in `packages/shared`, so a
 * route cannot differ from its contract. The handler is typed by the entry's schemas.
 *
 *   const route = contractRoutes(app);
 *   route(bookingsContract.get, async (request) => ({ success: true, booking: … }));
 *
 * `options` adds what is the server's business only (rate-limit config, a body parser, a hook).
 */
type SchemaOf<E extends EndpointDefinition> = {
  params: E['params'];
  headers: E['headers'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
};

export type ContractHandler<E extends EndpointDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

export interface ContractRouteOptions extends Omit<RouteShorthandOptions, 'schema'> {
  /** Replaces the access check the entry's `access` gives (a 401 with the seed's own words). */
  accessCheck?: preHandlerHookHandler;
  /** Run the access check after validation (preHandler) rather than before it (preValidation). */
  checkAfterValidation?: boolean;
  /** The operationId's suffix when one entry is registered twice (the health check at the root). */
  operationIdSuffix?: string;
}

const ACCESS_CHECKS: Record<Access, preHandlerHookHandler | undefined> = {
  open: undefined,
  openWithSession: undefined,
  customer: requireCustomer as preHandlerHookHandler,
  merchant: requireMerchant as preHandlerHookHandler,
  signedIn: requireSignedIn() as preHandlerHookHandler,
};

/** Every entry registered, by operationId: the OpenAPI document's error responses are read from it. */
export const registeredEndpoints = new Map<string, Endpoint>();

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function contractRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  return function route<E extends Endpoint>(
    endpoint: E,
    handler: ContractHandler<E>,
    options: ContractRouteOptions = {},
  ): void {
    const { accessCheck, checkAfterValidation, operationIdSuffix = '', ...rest } = options;
    const check = accessCheck ?? ACCESS_CHECKS[endpoint.access];
    const hooks: Pick<RouteShorthandOptions, 'preValidation' | 'preHandler'> = {};
    const preHandlers = asArray(rest.preHandler as preHandlerHookHandler | preHandlerHookHandler[]);
    if (endpoint.access === 'openWithSession') preHandlers.unshift(optionalSession as preHandlerHookHandler);
    if (check && checkAfterValidation) preHandlers.unshift(check);
    else if (check) hooks.preValidation = [check, ...asArray(rest.preValidation as preHandlerHookHandler)];
    if (preHandlers.length > 0) hooks.preHandler = preHandlers;

    const paths = [endpoint.path, ...(endpoint.aliases ?? [])];
    paths.forEach((url, index) => {
      const operationId =
        index === 0 ? `${endpoint.operationId}${operationIdSuffix}` : `${endpoint.operationId}Alias${index}`;
      registeredEndpoints.set(operationId, endpoint);
      const schema: FastifySchema & Record<string, unknown> = {
        tags: [endpoint.tag],
        operationId,
        summary: index === 0 ? endpoint.summary : `${endpoint.summary} (alias of ${endpoint.path})`,
        ...(index === 0 ? {} : { deprecated: true }),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.headers ? { headers: endpoint.headers } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.bodyType ? { consumes: [endpoint.bodyType] } : {}),
        response: Object.fromEntries(
          Object.entries(endpoint.responses).filter(([, response]) => response !== null),
        ),
        ...(endpoint.access === 'open' || endpoint.access === 'openWithSession'
          ? {}
          : { security: [{ apiKey: [], bearer: [] }] }),
      };
      routes.route({
        ...rest,
        ...hooks,
        method: endpoint.method,
        url,
        schema: schema as SchemaOf<E>,
        handler: handler as never,
      });
    });
  };
}

/** The contract path a request came in on (`/bookings/offers` for an alias), without `/api/v1`. */
export const calledPath = (request: { routeOptions: { url?: string | undefined } }): string =>
  (request.routeOptions.url ?? '').replace(/^\/api\/v1(?=\/)/, '');
