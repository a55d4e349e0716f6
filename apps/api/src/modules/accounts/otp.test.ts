import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpCodes, users } from '../../db/schema/accounts.js';
import {
  customerLogin,
  latestCode,
  outboxFor,
  receivedBodies,
  registerCustomer,
  requestPasswordReset,
  send,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
  wrongCode,
} from '../../test/accounts-helpers.js';
import { useTestApp } from '../../test/build-app.js';
import { expectRateLimited } from '../../test/problems.js';

const ctx = useTestApp();

const INVALID = { success: false, message: 'Invalid OTP. Please try again.', code: 'OTP_INVALID' };

/** Moves every code of a destination back in time, as if `seconds` had passed. */
async function age(destination: string, seconds: number) {
  await ctx.app.db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - (${seconds}::int * interval '1 second')` })
    .where(eq(otpCodes.destination, destination));
}

async function verify(phone: string, otp: string, ip = uniqueIp()) {
  return send(ctx.app, 'POST', '/api/v1/users/verify-otp', { body: { phone, otp }, ip });
}

async function isPhoneVerified(id: string) {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.id, id));
  return row!.isPhoneVerified;
}

describe('phone verification', () => {
  it('texts a code at sign-up that verifies the phone once', async () => {
    const { user } = await registerCustomer(ctx.app);
    const [message] = await outboxFor(ctx.app, user.phone);
    expect(message).toMatchObject({ channel: 'sms', to: user.phone });
    expect(message!.body).toMatch(/Your D3 Deals verification code is \d{6}\. It expires in 10 minutes\./);
    const code = await latestCode(ctx.app, user.phone);

    const response = await verify(user.phone, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Phone number verified successfully!' });
    expect(await isPhoneVerified(user.id)).toBe(true);

    const reused = await verify(user.phone, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(INVALID);
  });

  it('accepts any spelling of the phone and needs no session', async () => {
    const { user } = await registerCustomer(ctx.app, { phoneNumber: '0799 123 456' });
    const code = await latestCode(ctx.app, '+254799123456');
    const response = await verify('0799123456', code);
    expect(response.statusCode).toBe(200);
    expect(await isPhoneVerified(user.id)).toBe(true);
  });

  it('stores only a keyed hash of the code', async () => {
    const { user } = await registerCustomer(ctx.app);
    const code = await latestCode(ctx.app, user.phone);
    const [row] = await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.accountId, user.id));
    expect(row).toMatchObject({ purpose: 'phone_verification', accountType: 'customer', failedAttempts: 0 });
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    const expiresIn = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(expiresIn).toBe(600);
  });

  it('kills a code after five wrong tries, even for the right code afterwards', async () => {
    const { user } = await registerCustomer(ctx.app);
    const code = await latestCode(ctx.app, user.phone);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await verify(user.phone, wrongCode(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
    const dead = await verify(user.phone, code);
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toEqual({
      success: false,
      message: 'Too many attempts. Please request a new code.',
      code: 'OTP_ATTEMPTS_EXCEEDED',
    });
    expect(await isPhoneVerified(user.id)).toBe(false);
  });

  it('lets the right code through on the fifth try', async () => {
    const { user } = await registerCustomer(ctx.app);
    const code = await latestCode(ctx.app, user.phone);
    for (let attempt = 1; attempt <= 4; attempt++) await verify(user.phone, wrongCode(code));
    expect((await verify(user.phone, code)).statusCode).toBe(200);
  });

  it('never gives more than five tries to simultaneous guesses', async () => {
    const { user } = await registerCustomer(ctx.app);
    const code = await latestCode(ctx.app, user.phone);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1e6).padStart(6, '0'),
    );
    const responses = await Promise.all(guesses.map((guess) => verify(user.phone, guess)));
    expect(responses.filter((r) => r.json().code === 'OTP_INVALID')).toHaveLength(5);
    // The rest: the code is dead, or (issue 14) the phone's ten wrong codes an hour are used up.
    const rest = responses.filter((r) => r.json().code !== 'OTP_INVALID').map((r) => r.json().code);
    expect(rest).toHaveLength(7);
    for (const code of rest) expect(['OTP_ATTEMPTS_EXCEEDED', 'RATE_LIMITED']).toContain(code);
  });

  it('refuses an expired code', async () => {
    const { user } = await registerCustomer(ctx.app);
    const code = await latestCode(ctx.app, user.phone);
    await ctx.app.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.accountId, user.id));
    const response = await verify(user.phone, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
    expect(await isPhoneVerified(user.id)).toBe(false);
  });

  it('answers an unknown phone exactly like a wrong code', async () => {
    const response = await verify(uniquePhone(), '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
  });

  it('refuses a code once the account changed its phone number', async () => {
    const { user, token } = await registerCustomer(ctx.app);
    const code = await latestCode(ctx.app, user.phone);
    await send(ctx.app, 'PUT', '/api/v1/users/profile', {
      token,
      body: { firstName: 'A', lastName: 'B', phoneNumber: uniquePhone() },
    });
    expect((await verify(user.phone, code)).json()).toEqual(INVALID);
  });

  it('needs six digits', async () => {
    const response = await verify(uniquePhone(), '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Please enter the complete 6-digit OTP',
      errors: { otp: 'Please enter the complete 6-digit OTP' },
    });
  });
});

/** POST /users/resend-otp for `phone` from `ip`, a new client address unless given. */
const resendOtp = (phone: string, ip = uniqueIp()) =>
  send(ctx.app, 'POST', '/api/v1/users/resend-otp', { body: { phone }, ip });

describe('POST /users/resend-otp', () => {
  it('refuses a resend within 60 s with 429 and the seconds left', async () => {
    const { user } = await registerCustomer(ctx.app);
    const response = await resendOtp(user.phone);
    expectRateLimited(response, 50, 60);
  });

  it('sends a new code after 60 s; the new one works and the old one is dead', async () => {
    const { user } = await registerCustomer(ctx.app);
    const first = await latestCode(ctx.app, user.phone);
    await age(user.phone, 61);
    const response = await resendOtp(user.phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'OTP resent successfully!' });
    const second = await latestCode(ctx.app, user.phone);
    expect((await outboxFor(ctx.app, user.phone)).length).toBe(2);
    if (first !== second) expect((await verify(user.phone, first)).json()).toEqual(INVALID);
    expect((await verify(user.phone, second)).statusCode).toBe(200);
  });

  it('answers an unknown phone the same way, cooldown included, and sends nothing', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const response = await resendOtp(phone, ip);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'OTP resent successfully!' });
    expect(await outboxFor(ctx.app, phone)).toEqual([]);
    const again = await resendOtp(phone, ip);
    expect(again.statusCode).toBe(429);
  });

  it('caps codes per phone at five an hour', async () => {
    const { user } = await registerCustomer(ctx.app);
    for (let i = 0; i < 4; i++) {
      await age(user.phone, 61);
      const response = await resendOtp(user.phone);
      expect(response.statusCode).toBe(200);
    }
    await age(user.phone, 61);
    const capped = await resendOtp(user.phone);
    expect(capped.statusCode).toBe(429);
    // The oldest code (sent 5 × 61 s "ago") leaves the hour in about 55 minutes.
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(50 * 60);
  });

  it('caps codes per IP address at twenty an hour', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      const response = await resendOtp(uniquePhone(), ip);
      expect(response.statusCode).toBe(200);
    }
    const capped = await resendOtp(uniquePhone(), ip);
    expect(capped.statusCode).toBe(429);
    expect(capped.headers['retry-after']).toBeDefined();
  });
});

describe('password reset', () => {
  it('answers a known and an unknown e-mail with the same 200', async () => {
    const { input } = await registerCustomer(ctx.app);
    const known = await requestPasswordReset(ctx.app, input.email);
    const unknown = await requestPasswordReset(ctx.app, uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({
      success: true,
      message: 'If an account exists for this email, a reset code has been sent.',
    });
    expect(unknown.body).toBe(known.body);
  });

  it('sends the code by e-mail and SMS; the reset revokes every older token', async () => {
    const { input, token, user } = await registerCustomer(ctx.app);
    await age(user.phone, 61);
    const request = await requestPasswordReset(ctx.app, input.email.toUpperCase());
    expect(request.statusCode).toBe(200);
    const [email] = await outboxFor(ctx.app, input.email);
    expect(email).toMatchObject({ channel: 'email', to: input.email });
    const code = await latestCode(ctx.app, input.email);
    expect(await latestCode(ctx.app, user.phone)).toBe(code);

    const reset = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: input.email, otp: code, newPassword: 'brand-new-password' },
      ip: uniqueIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      success: true,
      message: 'Password reset successfully. Please sign in with your new password.',
    });

    const old = await send(ctx.app, 'GET', '/api/v1/users/current', { token });
    expect(old.statusCode).toBe(401);
    const oldPassword = await customerLogin(ctx.app, input.email, input.password);
    expect(oldPassword.statusCode).toBe(401);
    const login = await customerLogin(ctx.app, input.email, 'brand-new-password');
    expect(login.statusCode).toBe(200);
    const fresh = await send(ctx.app, 'GET', '/api/v1/users/current', { token: login.json().access_token });
    expect(fresh.statusCode).toBe(200);

    const reused = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: input.email, otp: code, newPassword: 'another-password' },
      ip: uniqueIp(),
    });
    expect(reused.json()).toEqual(INVALID);
  });

  it('refuses a wrong code, a code for the wrong purpose and a short new password', async () => {
    const { input, user } = await registerCustomer(ctx.app);
    const phoneCode = await latestCode(ctx.app, user.phone);
    const wrongPurpose = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: input.email, otp: phoneCode, newPassword: 'brand-new-password' },
    });
    expect(wrongPurpose.json()).toEqual(INVALID);
    await requestPasswordReset(ctx.app, input.email);
    const code = await latestCode(ctx.app, input.email);
    const wrong = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: input.email, otp: wrongCode(code), newPassword: 'brand-new-password' },
    });
    expect(wrong.json()).toEqual(INVALID);
    const short = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: input.email, otp: code, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: 'Password must be at least 8 characters long' });
    // The phone code is still good for its own purpose.
    expect((await verify(user.phone, phoneCode)).statusCode).toBe(200);
  });

  it('answers reset-password for an unknown e-mail like a wrong code', async () => {
    const response = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: uniqueEmail('nobody'), otp: '123456', newPassword: 'brand-new-password' },
    });
    expect(response.json()).toEqual(INVALID);
  });

  it('refuses a second reset request within 60 s, known e-mail or not', async () => {
    for (const email of [(await registerCustomer(ctx.app)).input.email, uniqueEmail('nobody')]) {
      const ip = uniqueIp();
      const first = await requestPasswordReset(ctx.app, email, ip);
      expect(first.statusCode).toBe(200);
      const second = await requestPasswordReset(ctx.app, email, ip);
      expect(second.statusCode).toBe(429);
    }
    const rows = await ctx.app.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, 'password_reset'), sql`${otpCodes.accountType} like 'none:%'`));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('secrets', () => {
  it('never sent a code hash or password hash in any response of this file', () => {
    for (const body of receivedBodies) expect(body).not.toMatch(/codeHash|passwordHash|\$argon2/);
  });
});
