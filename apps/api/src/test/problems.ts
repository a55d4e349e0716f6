import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

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
