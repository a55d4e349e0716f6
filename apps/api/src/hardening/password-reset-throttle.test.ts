import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { authThrottle, otpCodes } from '../db/schema/accounts.js';
import {
  latestCode,
  registerCustomer,
  requestPasswordReset,
  send,
  uniqueEmail,
  uniqueIp,
  wrongCode,
} from '../test/accounts-helpers.js';
import { useTestApp } from '../test/build-app.js';
import { expectRateLimited } from '../test/problems.js';

/** Counts every argon2 hash the accounts module computes (the real function still runs). */
const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../modules/accounts/password.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../modules/accounts/password.js')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashed.count += 1;
      return original.hashPassword(password);
    },
  };
});

/**
 * Issue 14 finding 7: password reset had no throttle and ran argon2 (19 MiB, ~50 ms) before it
 * looked at the code, so wrong guesses were both unlimited and expensive. Now the code is checked
 * and counted first, and wrong codes are capped per account e-mail (10 an hour, across codes and
 * clients), per phone for phone verification, and per client IP (60 an hour): 429 + Retry-After.
 */
const ctx = useTestApp();

const INVALID = { success: false, code: 'OTP_INVALID', message: 'Invalid OTP. Please try again.' };

function reset(email: string, otp: string, ip: string) {
  return send(ctx.app, 'POST', '/api/v1/users/reset-password', {
    body: { email, otp, newPassword: 'brand-new-password' },
    ip,
  });
}

/** A customer with a password-reset code waiting (the sign-up's phone code aged past the cooldown). */
async function customerWithResetCode() {
  const registered = await registerCustomer(ctx.app);
  await ctx.app.db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - interval '61 seconds'` })
    .where(eq(otpCodes.accountId, registered.user.id));
  const request = await requestPasswordReset(ctx.app, registered.input.email);
  expect(request.statusCode).toBe(200);
  return { ...registered, code: await latestCode(ctx.app, registered.input.email) };
}

describe('password reset: check the code before argon2', () => {
  it('a wrong code never runs the argon2 hash; the right code runs it exactly once', async () => {
    const { input, code } = await customerWithResetCode();
    const before = hashed.count;
    const wrong = await reset(input.email, wrongCode(code), uniqueIp());
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(INVALID);
    const unknown = await reset(uniqueEmail('nobody'), '123456', uniqueIp());
    expect(unknown.json()).toEqual(INVALID);
    expect(hashed.count).toBe(before);

    const right = await reset(input.email, code, uniqueIp());
    expect(right.statusCode).toBe(200);
    expect(hashed.count).toBe(before + 1);
  });
});

describe('password reset throttle', () => {
  it('10 wrong codes for one account from 10 addresses: the 11th try, even the right code, gets 429 + Retry-After', async () => {
    const { input, code } = await customerWithResetCode();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await reset(input.email, wrongCode(code), uniqueIp());
      expect(response.statusCode).toBe(400);
      // The code itself dies after five tries; the account's count goes on across codes.
      expect(response.json().code).toBe(attempt < 5 ? 'OTP_INVALID' : 'OTP_ATTEMPTS_EXCEEDED');
    }
    const before = hashed.count;
    expectRateLimited(await reset(input.email, code, uniqueIp()), 3000, 3600);
    expectRateLimited(await reset(input.email.toUpperCase(), code, uniqueIp()), 3000, 3600);
    expect(hashed.count).toBe(before);
    const [row] = await ctx.app.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, `otp:password_reset:customer:${input.email.toLowerCase()}`));
    expect(row!.failures).toBe(10);
    // Another account is not affected.
    const other = await customerWithResetCode();
    expect((await reset(other.input.email, other.code, uniqueIp())).statusCode).toBe(200);
  });

  it('the account count forgets a success; the wait ends and then a new code works', async () => {
    const { input, user } = await customerWithResetCode();
    const key = `otp:password_reset:customer:${input.email.toLowerCase()}`;
    for (let attempt = 0; attempt < 10; attempt++) await reset(input.email, '000000', uniqueIp());
    expectRateLimited(await reset(input.email, '000000', uniqueIp()), 3000, 3600);
    // As if the hour had passed.
    await ctx.app.db
      .update(authThrottle)
      .set({
        lockedUntil: sql`now() - interval '1 second'`,
        windowStartedAt: sql`now() - interval '2 hours'`,
      })
      .where(eq(authThrottle.key, key));
    await ctx.app.db
      .update(otpCodes)
      .set({ createdAt: sql`${otpCodes.createdAt} - interval '61 seconds'` })
      .where(eq(otpCodes.accountId, user.id));
    await requestPasswordReset(ctx.app, input.email);
    const fresh = await latestCode(ctx.app, input.email);
    expect((await reset(input.email, fresh, uniqueIp())).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(authThrottle).where(eq(authThrottle.key, key))).toEqual([]);
  });

  it('60 wrong codes from one address across accounts: that address gets 429, others do not', async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 60; attempt++) {
      const response = await reset(uniqueEmail('spray'), '123456', ip);
      expect(response.statusCode).toBe(400);
    }
    const { input, code } = await customerWithResetCode();
    expectRateLimited(await reset(input.email, code, ip), 3000, 3600);
    expect((await reset(input.email, code, uniqueIp())).statusCode).toBe(200);
  });

  it('10 wrong phone verification codes for one phone: the 11th, even the right code, gets 429', async () => {
    const { user } = await registerCustomer(ctx.app);
    const code = await latestCode(ctx.app, user.phone);
    const verify = (otp: string) =>
      send(ctx.app, 'POST', '/api/v1/users/verify-otp', { body: { phone: user.phone, otp }, ip: uniqueIp() });
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await verify(wrongCode(code))).statusCode).toBe(400);
    expectRateLimited(await verify(code), 3000, 3600);
  });
});
