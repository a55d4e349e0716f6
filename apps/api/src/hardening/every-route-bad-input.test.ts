import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { describe, expect, it } from 'vitest';
import { call, TEST_API_KEY, useTestApp } from '../test/build-app.js';
import {
  createCustomer,
  createMerchant,
  customerToken,
  merchantToken,
  seedPlaces,
} from '../test/factories.js';
import { expectProblemCode } from '../test/problems.js';

/**
 * Issue 14 finding 6: a NUL byte in a query, path or body string gave 500 on 14 routes. This test
 * walks EVERY route of the OpenAPI document the app builds (so a new route is covered without a
 * new test) and, in each parameter position, sends a NUL byte and an oversized string — as a
 * visitor, a customer and a merchant — and asserts no 5xx answer.
 */
const ctx = useTestApp({ env: { MPESA_SIMULATOR_AUTO: 'none' } });

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const NUL = 'a\u0000b';
/** Long enough to pass no sane field limit, short enough for a URL the server accepts. */
const LONG_URL_VALUE = 'x'.repeat(6000);
const LONG_BODY_VALUE = 'x'.repeat(200_000);

/** A plausible value for a schema, so the request passes validation up to the field under test. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'text';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const concrete = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return sample(concrete, depth + 1);
  }
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {}))
        value[key] = sample(child, depth + 1);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    default:
      break;
  }
  switch (schema.format) {
    case 'email':
      return 'someone@example.co.ke';
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return new Date(Date.now() + 3 * 86_400_000).toISOString();
    case 'date':
      return new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    case 'uri':
      return 'https://example.co.ke/x';
    default:
      return 'a'.repeat(Math.max(schema.minLength ?? 0, 8));
  }
}

/** Top-level string-ish fields of a body schema (the positions a string can be put in). */
function bodyFields(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return [...new Set(variants.flatMap((variant) => bodyFields(variant)))];
  return Object.keys(schema.properties ?? {});
}

interface Case {
  method: string;
  url: string;
  body?: unknown;
  label: string;
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(values[name] ?? randomUUID()),
  );
}

function casesFor(path: string, method: string, operation: Operation): Case[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const baseQuery = Object.fromEntries(
    queryParams.map((parameter) => [parameter.name, String(sample(parameter.schema))]),
  );
  const baseBody = bodySchema ? sample(bodySchema) : undefined;
  const pathValues = Object.fromEntries(
    pathParams.map((parameter) => [parameter.name, String(sample(parameter.schema))]),
  );
  const withQuery = (url: string, query: Record<string, string>) => {
    const search = new URLSearchParams(query).toString();
    return search ? `${url}?${search}` : url;
  };
  const cases: Case[] = [];
  const upper = method.toUpperCase();
  for (const [kind, value] of [
    ['NUL', NUL],
    ['oversized', LONG_URL_VALUE],
  ] as const) {
    for (const parameter of pathParams) {
      cases.push({
        method: upper,
        url: withQuery(fill(path, { ...pathValues, [parameter.name]: value }), baseQuery),
        body: baseBody,
        label: `${upper} ${path} path ${parameter.name} ${kind}`,
      });
    }
    for (const parameter of queryParams) {
      cases.push({
        method: upper,
        url: withQuery(fill(path, pathValues), { ...baseQuery, [parameter.name]: value }),
        body: baseBody,
        label: `${upper} ${path} query ${parameter.name} ${kind}`,
      });
    }
    if (bodySchema && baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
      for (const field of bodyFields(bodySchema)) {
        cases.push({
          method: upper,
          url: withQuery(fill(path, pathValues), baseQuery),
          body: { ...baseBody, [field]: kind === 'NUL' ? NUL : LONG_BODY_VALUE },
          label: `${upper} ${path} body ${field} ${kind}`,
        });
      }
    }
  }
  // An unknown extra query parameter and a NUL in the path itself reach every route too.
  cases.push({
    method: upper,
    url: withQuery(fill(path, pathValues), { ...baseQuery, q: NUL, search: NUL }),
    body: baseBody,
    label: `${upper} ${path} extra query NUL`,
  });
  return cases;
}

/** An error answer in the shared envelope: success false, a code of the shared table, a message. */
function hasClearCode(response: { headers: Record<string, unknown>; body: string }): boolean {
  if (!String(response.headers['content-type'] ?? '').includes('application/json')) return false;
  const json = JSON.parse(response.body) as { success?: unknown; code?: unknown; message?: unknown };
  return (
    json.success === false &&
    typeof json.code === 'string' &&
    json.code in ERROR_CODES &&
    typeof json.message === 'string' &&
    json.message.length > 0
  );
}

describe('every route of the OpenAPI document', () => {
  it('answers a NUL byte or an oversized string in any path, query or body position without a 5xx', async () => {
    await seedPlaces(ctx.app.db);
    const customer = await createCustomer(ctx.app.db, {
      phoneNumber: '+254712999000',
      isPhoneVerified: true,
    });
    const merchant = await createMerchant(ctx.app.db);
    const tokens = [undefined, await customerToken(ctx, customer.id), await merchantToken(ctx, merchant.id)];
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const paths = Object.entries(document.paths);
    expect(paths.length).toBeGreaterThan(80);

    const failures: string[] = [];
    let sent = 0;
    for (const [path, operations] of paths) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        for (const testCase of casesFor(path, method, operation)) {
          for (const token of tokens) {
            const response = await call(ctx.app, testCase.method as 'GET', testCase.url, {
              token,
              ...(testCase.body !== undefined && testCase.method !== 'GET' ? { body: testCase.body } : {}),
            });
            sent += 1;
            const who = token ? 'signed in' : 'visitor';
            if (response.statusCode >= 500) {
              failures.push(
                `${testCase.label} (${who}): ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
            } else if (response.statusCode >= 400 && !hasClearCode(response)) {
              // Refused, then with the envelope clients switch on: a known code and a message.
              failures.push(`${testCase.label} (${who}): ${response.statusCode} without a known code`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 600_000);

  it('answers a body over 1 MiB on every write route with 413 PAYLOAD_TOO_LARGE, never a 5xx', async () => {
    const customer = await createCustomer(ctx.app.db);
    const tokens = [undefined, await customerToken(ctx, customer.id)];
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const huge = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 1) });
    // Routes that take raw bytes above the 1 MiB default declare their own limit: send just over it.
    const ownLimit: Record<string, number> = {
      '/api/v1/chat/attachments': ctx.app.config.chatImageMaxBytes * 2,
    };
    const failures: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        for (const token of tokens) {
          // Its own client address: the per-route hourly limits of the first test stay out of it.
          const response = await ctx.app.inject({
            method: method.toUpperCase() as 'POST',
            url: fill(path, {}),
            remoteAddress: `10.99.${Math.floor(sent / 250)}.${(sent % 250) + 1}`,
            headers: {
              'content-type': 'application/json',
              'x-api-key': TEST_API_KEY,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: ownLimit[path] ? JSON.stringify({ text: 'x'.repeat(ownLimit[path] + 1) }) : huge,
          });
          sent += 1;
          const json = response.json();
          if (response.statusCode !== 413 || json.code !== 'PAYLOAD_TOO_LARGE') {
            failures.push(
              `${method.toUpperCase()} ${path}: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(60);
    const one = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      remoteAddress: '10.98.0.1',
      headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY },
      payload: huge,
    });
    expect(one.json()).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large (max 1 MiB).',
    });
  }, 300_000);

  it('answers a NUL byte with 400 and a message that says what is wrong', async () => {
    const inQuery = await call(ctx.app, 'GET', `/api/v1/search?q=${encodeURIComponent(NUL)}`);
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Text must not contain NUL (\\u0000) characters',
      errors: { 'query.q': 'Text must not contain NUL (\\u0000) characters' },
    });
    const inBody = await call(ctx.app, 'POST', '/api/v1/users/login', {
      body: { email: 'a@b.co', password: NUL },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().errors).toEqual({
      'body.password': 'Text must not contain NUL (\\u0000) characters',
    });
    const longPath = await call(ctx.app, 'GET', `/api/v1/stores/${'x'.repeat(6000)}`);
    expect(longPath.statusCode).toBe(400);
    expect(longPath.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'A path parameter is too long (max 100 characters)',
    });
    const inPath = await call(ctx.app, 'GET', `/api/v1/stores/${encodeURIComponent(NUL)}`);
    expectProblemCode(inPath, 400, 'VALIDATION_ERROR');
  });
});
