import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_API_KEY } from './build-app.js';

let sequence = 0;
const run = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;

/** A different client address per test, so per-IP limits of one test never touch another. */
export function uniqueIp(): string {
  sequence += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`;
}

export function uniqueEmail(label = 'user'): string {
  sequence += 1;
  return `${label}.${run}.${sequence}@example.co.ke`;
}

/** A valid, unused Kenyan mobile number in E.164. */
export function uniquePhone(): string {
  sequence += 1;
  const digits = `${(process.pid * 7919 + sequence * 104_729) % 10_000_000}`.padStart(7, '0');
  return `+25471${digits}`;
}

/** Every body a test received, so one test can assert no secret ever left the API. */
export const receivedBodies: string[] = [];

export interface ClientOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** app.inject with the test API key, an optional bearer token and a chosen client address. */
export async function send(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: ClientOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-api-key': TEST_API_KEY, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  receivedBodies.push(response.body);
  return response;
}

/** A customer's sign-in (POST /users/login) from `ip`, a new client address unless given. */
export function customerLogin(app: FastifyInstance, email: string, password: string, ip = uniqueIp()) {
  return send(app, 'POST', '/api/v1/users/login', { body: { email, password }, ip });
}

/** A merchant's sign-in (POST /merchants/login) from `ip`, a new client address unless given. */
export function merchantLogin(app: FastifyInstance, email: string, password: string, ip = uniqueIp()) {
  return send(app, 'POST', '/api/v1/merchants/login', { body: { email, password }, ip });
}

export function customerInput(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Amina',
    lastName: 'Njeri',
    email: uniqueEmail('amina'),
    phoneNumber: uniquePhone(),
    password: 'Sup3r-secret-pass',
    ...overrides,
  };
}

export async function registerCustomer(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  ip = uniqueIp(),
) {
  const input = customerInput(overrides);
  const response = await send(app, 'POST', '/api/v1/users/register', { body: input, ip });
  expect(response.statusCode, response.body).toBe(201);
  const json = response.json();
  return { input, token: json.access_token as string, user: json.user, ip };
}

/** A customer's password-reset request (POST /users/request-password-reset) from `ip`, a new client address unless given. */
export function requestPasswordReset(app: FastifyInstance, email: string, ip = uniqueIp()) {
  return send(app, 'POST', '/api/v1/users/request-password-reset', { body: { email }, ip });
}

/** A merchant registered through the API (Wanjiru Kamau unless overridden): its input, token and merchant. */
export async function registerMerchant(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const input = customerInput({
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: uniqueEmail('shop'),
    ...overrides,
  });
  delete (input as { referralSlug?: string }).referralSlug;
  const response = await send(app, 'POST', '/api/v1/merchants/register', { body: input, ip: uniqueIp() });
  expect(response.statusCode, response.body).toBe(201);
  return { input, token: response.json().access_token as string, merchant: response.json().merchant };
}

/** The newest code sent to a phone or e-mail through the outbox simulator. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await send(app, 'GET', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.statusCode).toBe(200);
  const [message] = response.json().messages as Array<{ body: string }>;
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, `no code sent to ${to}`).toBeDefined();
  return code!;
}

export async function outboxFor(app: FastifyInstance, to: string) {
  const response = await send(app, 'GET', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  return response.json().messages as Array<{ to: string; channel: string; body: string }>;
}

/** A different code from `code` (for wrong-code tests). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
