import type { EndpointDefinition, EndpointInput, EndpointOutput } from '@d3/shared/api/contract';
import { fillPath } from '@d3/shared/api/contract';
import type { EndpointOf, RouteRef } from '@d3/shared/api/route-ref';
import type { z } from 'zod';
import type { ApiRequestOptions } from './create-api-client';

/**
 * A response that does not match its contract's schema (issue 37): thrown in development and tests,
 * where the client parses every success body, so a server and a site that drifted apart fail loudly
 * at the call that drifted rather than somewhere in a component.
 */
export class ContractDriftError extends Error {
  readonly operationId: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(endpoint: EndpointDefinition, issues: readonly z.core.$ZodIssue[]) {
    const where = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    super(
      `${endpoint.method} ${endpoint.path} (${endpoint.operationId}) answered off its contract: ${where}`,
    );
    this.name = 'ContractDriftError';
    this.operationId = endpoint.operationId;
    this.issues = issues;
  }
}

/** What a call takes beyond its input: cancellation and a longer wait for slow calls. */
export type CallOptions = Pick<ApiRequestOptions, 'signal' | 'timeoutMs'>;

/** The input argument is optional when the endpoint takes nothing required. */
export type CallArgs<E extends EndpointDefinition> =
  Record<never, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

type Request = <T>(path: string, options?: ApiRequestOptions) => Promise<T>;

/** The schema of the success body the call answered with (200, else 201, else 202). */
function successSchema(endpoint: EndpointDefinition, data: unknown): z.ZodType | undefined {
  const { responses } = endpoint;
  const candidates = [responses[200], responses[201], responses[202]].filter(
    (schema): schema is z.ZodType => schema !== null && schema !== undefined,
  );
  return candidates.find((schema) => schema.safeParse(data).success) ?? candidates[0];
}

/** Every contract (`@d3/shared/api/all-contracts`), loaded only where answers are checked. */
export type ContractsLoader = () => Promise<readonly Record<string, EndpointDefinition>[]>;

/**
 * The typed call over a client's request: the canonical path and method of a contract ref
 * (`@d3/shared/api/routes`), input and output typed by the entry's schemas. With `loadContracts`
 * (development and tests) each success body is checked against the entry's response schema.
 */
export function createContractCall(request: Request, loadContracts: ContractsLoader | undefined) {
  let entries: Promise<Map<string, EndpointDefinition>> | undefined;
  const entryOf = async (operationId: string) => {
    entries ??= loadContracts!().then(
      (contracts) =>
        new Map(contracts.flatMap((contract) => Object.values(contract).map((e) => [e.operationId, e]))),
    );
    return (await entries).get(operationId);
  };

  // Generic over the ref (not its entry), so a union of refs (an offer's or a service's) is one call.
  // biome-ignore lint/suspicious/noExplicitAny: any entry
  return async function call<R extends RouteRef<any>>(
    route: R,
    ...[input, options]: CallArgs<EndpointOf<R>>
  ): Promise<EndpointOutput<EndpointOf<R>>> {
    const parts = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: ApiRequestOptions['query'];
      headers?: Record<string, string>;
      body?: unknown;
    };
    const data = await request<unknown>(fillPath(route.path, parts.params), {
      ...options,
      method: route.method,
      query: parts.query,
      headers: parts.headers,
      body: parts.body,
    });
    const endpoint = loadContracts ? await entryOf(route.operationId) : undefined;
    if (endpoint) {
      const schema = successSchema(endpoint, data);
      const result = schema?.safeParse(data);
      if (result && !result.success) throw new ContractDriftError(endpoint, result.error.issues);
    }
    return data as EndpointOutput<EndpointOf<R>>;
  };
}

/**
 * The React Query key of a call: the entry's operationId, then its path parameters and query (so a
 * key names exactly one answer, and invalidating `[operationId]` drops every answer of the entry).
 */
export function endpointKey<E extends EndpointDefinition>(route: RouteRef<E>, input?: EndpointInput<E>) {
  const parts = (input ?? {}) as { params?: unknown; query?: unknown };
  return [route.operationId, parts.params ?? null, parts.query ?? null] as const;
}
