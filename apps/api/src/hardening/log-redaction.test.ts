import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/password.js';
import { customerLogin, send, uniqueEmail, uniqueIp } from '../test/accounts-helpers.js';
import { buildTestApp, call, type TestApp } from '../test/build-app.js';

/**
 * Issue 14 finding 6: a 500 printed the request's e-mail, phone and argon2 hash to the error
 * log. Every line the app writes is read back here and searched for each secret.
 */
const lines: string[] = [];
let ctx: TestApp;

const EMAIL = 'wanjiku.secret@example.co.ke';
const PHONE = '+254712345678';
const PASSWORD = 'Sup3r-Secret-Pass!';
const OTP = '493817';
let HASH: string;

async function probes(api: FastifyInstance) {
  api.post('/probe/failing-insert', async (request) => {
    // A failed query whose parameters are personal data: Drizzle puts them into its message.
    await request.server.db.execute(sql`select ${EMAIL}::int as n, ${PHONE} as phone, ${HASH} as hash`);
    return { ok: true };
  });
  api.post('/probe/chatty', async (request) => {
    request.log.info(
      {
        body: { password: PASSWORD, otp: OTP, phoneNumber: PHONE },
        user: { email: EMAIL },
        // Deeper than pino's `*.*.key` paths reached.
        batch: { items: [{ customer: { contact: { phone_number: PHONE, token: PASSWORD } } }] },
      },
      `sending code ${OTP} to 0712345678 and ${PHONE} for ${EMAIL}`,
    );
    request.log.warn(`token was Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl hash ${HASH}`);
    return { ok: true };
  });
}

beforeAll(async () => {
  HASH = await hashPassword(PASSWORD);
  ctx = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    extraApiRoutes: probes,
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('log redaction', () => {
  it('no log line carries a password, argon2 hash, token, one-time code, phone number or e-mail', async () => {
    const failed = await call(ctx.app, 'POST', '/api/v1/probe/failing-insert', { body: {} });
    expect(failed.statusCode).toBe(500);
    expect((await call(ctx.app, 'POST', '/api/v1/probe/chatty', { body: {} })).statusCode).toBe(200);

    // Real traffic: a registration, a wrong password, a signed-in call.
    const email = uniqueEmail('logged');
    const registered = await send(ctx.app, 'POST', '/api/v1/users/register', {
      body: {
        firstName: 'Log',
        lastName: 'Test',
        email,
        phoneNumber: '0722 334 455',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
      ip: uniqueIp(),
    });
    const token = registered.json().access_token as string | undefined;
    await customerLogin(ctx.app, email, 'wrong-password');
    await call(ctx.app, 'GET', `/api/v1/users/profile?email=${encodeURIComponent(email)}`, {
      token: token ?? 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
    });

    const text = lines.join('');
    expect(text).toContain('"phone_number":"[redacted]"');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(text).toContain('unhandled error');
    expect(text).toContain('[redacted');
    for (const secret of [
      EMAIL,
      email,
      PHONE,
      '254712345678',
      '0712345678',
      '254722334455',
      '0722 334 455',
      PASSWORD,
      OTP,
      '$argon2',
      'eyJhbGciOiJIUzI1NiJ9',
      ...(token ? [token] : []),
      'test-key',
    ]) {
      expect(text, `log contains ${secret}`).not.toContain(secret);
    }
  });

  it("a request's lines name its method, scrubbed address and status; a failure its error's type and message", async () => {
    const before = lines.length;
    const failed = await call(
      ctx.app,
      'POST',
      `/api/v1/probe/failing-insert?email=${encodeURIComponent(EMAIL)}`,
      {
        body: {},
      },
    );
    expect(failed.statusCode).toBe(500);
    const logged = lines.slice(before).map((line) => JSON.parse(line));
    const incoming = logged.find((line) => line.msg === 'incoming request');
    expect(incoming.req).toMatchObject({
      method: 'POST',
      url: '/api/v1/probe/failing-insert?email=[redacted-email]',
    });
    const completed = logged.find((line) => line.msg === 'request completed');
    expect(completed.res).toEqual({ statusCode: 500 });
    expect(completed.reqId).toBe(incoming.reqId);
    const failure = logged.find((line) => line.msg === 'unhandled error');
    expect(failure.err.type).toMatch(/Error$/);
    expect(failure.err.message).toContain('Failed query: select $1::int as n');
    expect(failure.err.message).toContain('params: [redacted]');
    expect(failure.err.stack).toContain('Failed query');
    for (const line of lines.slice(before)) {
      expect(line).not.toContain(EMAIL);
      expect(line).not.toContain(encodeURIComponent(EMAIL));
      expect(line).not.toContain('$argon2');
    }
  });
});
