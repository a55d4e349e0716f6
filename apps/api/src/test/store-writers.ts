import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { type ApiTestApp, call, UNKNOWN_ID } from './build-app.js';

/**
 * Merchant writes to a store's offers and services: the owner may, another merchant, a customer
 * and nobody may not.
 */

/** A merchant with one store (owner token, store id), another merchant's token and a customer's token. */
export async function storeWriters(test: ApiTestApp) {
  const owner = await test.merchant();
  return {
    ownerToken: owner.token,
    otherToken: (await test.merchant()).token,
    customer: (await test.customer()).token,
    storeId: (await test.createStore({ merchantId: owner.merchant.id })).id,
  };
}

/** storeWriters for a describe block, filled in by its beforeAll. */
export function useStoreWriters(test: ApiTestApp) {
  const writers = {} as Awaited<ReturnType<typeof storeWriters>>;
  beforeAll(async () => {
    Object.assign(writers, await storeWriters(test));
  });
  return writers;
}

/** DELETE `url`: another merchant, a customer and nobody get [403, 403, 401]; the owner 200; then GET is 404. */
export async function expectOwnerOnlyDelete(
  app: FastifyInstance,
  url: string,
  writers: { ownerToken: string; otherToken: string; customer: string },
) {
  expect(await outsiderStatuses(app, 'DELETE', url, writers)).toEqual([403, 403, 401]);
  expect((await call(app, 'DELETE', url, { token: writers.ownerToken })).statusCode).toBe(200);
  expect((await call(app, 'GET', url)).statusCode).toBe(404);
}

/**
 * A function that POSTs `url` as the store's owner: `body()` with `changes` merged over it. Takes
 * the test app, not its `app`, which exists only once the file's beforeAll has run.
 */
export function ownerPoster(
  test: { app: FastifyInstance },
  url: string,
  writers: { ownerToken: string },
  body: () => Record<string, unknown>,
) {
  return (changes: Record<string, unknown> = {}) =>
    call(test.app, 'POST', url, { token: writers.ownerToken, body: { ...body(), ...changes } });
}

/** POST `url` with `body`: outsiders get [403, 403, 401]; the owner naming an unknown store gets 404. */
export async function expectOwnerOnlyCreate(
  app: FastifyInstance,
  url: string,
  writers: { ownerToken: string; otherToken: string; customer: string },
  body: Record<string, unknown>,
) {
  expect(await outsiderStatuses(app, 'POST', url, writers, body)).toEqual([403, 403, 401]);
  const unknown = await call(app, 'POST', url, {
    token: writers.ownerToken,
    body: { ...body, storeId: UNKNOWN_ID },
  });
  expect(unknown.statusCode).toBe(404);
}

/** PUT `{collection}/{id}`: outsiders get [403, 403, 401] for `url`; the owner gets 404 for an unknown id. */
export async function expectOwnerOnlyUpdate(
  app: FastifyInstance,
  collection: string,
  url: string,
  writers: { ownerToken: string; otherToken: string; customer: string },
  body: Record<string, unknown>,
) {
  expect(await outsiderStatuses(app, 'PUT', url, writers, body)).toEqual([403, 403, 401]);
  const unknown = await call(app, 'PUT', `${collection}/${UNKNOWN_ID}`, {
    token: writers.ownerToken,
    body: {},
  });
  expect(unknown.statusCode).toBe(404);
}

/** The statuses of one write sent by another merchant, by a customer and by nobody: [403, 403, 401] expected. */
export async function outsiderStatuses(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  writers: { otherToken: string; customer: string },
  body?: unknown,
): Promise<number[]> {
  const statuses: number[] = [];
  for (const token of [writers.otherToken, writers.customer, undefined]) {
    statuses.push((await call(app, method, url, { token, body })).statusCode);
  }
  return statuses;
}
