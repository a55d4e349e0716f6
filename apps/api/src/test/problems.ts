import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call, UNKNOWN_ID } from './build-app.js';

/** An error answer: its HTTP status and its message. */
export function expectProblem(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json().message).toBe(message);
}

/** An error answer: its HTTP status and its error code (clients switch on codes). */
export function expectProblemCode(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json().code).toBe(code);
}

/**
 * A 429 RATE_LIMITED answer whose Retry-After is more than `moreThan` and at most `atMost`
 * seconds, and whose message names those seconds. Answers the Retry-After.
 */
export function expectRateLimited(
  response: LightMyRequestResponse,
  moreThan: number,
  atMost: number,
): number {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(moreThan);
  expect(retryAfter).toBeLessThanOrEqual(atMost);
  expect(response.json()).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    message: `Too many requests. Please try again in ${retryAfter} seconds.`,
  });
  return retryAfter;
}

/** GET `{collection}/{badId}` is a 400 with `invalid`, and GET of a well-formed unknown id a 404 with `missing`. */
export async function expectBadAndUnknownId(
  app: FastifyInstance,
  collection: string,
  badId: string,
  invalid: string,
  missing: string,
) {
  expectProblem(await call(app, 'GET', `${collection}/${badId}`), 400, invalid);
  expectProblem(await call(app, 'GET', `${collection}/${UNKNOWN_ID}`), 404, missing);
}
