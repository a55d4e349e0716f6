import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants, otpCodes, users } from '../db/schema/accounts.js';
import {
  customerLogin,
  latestCode,
  registerCustomer,
  registerMerchant,
  requestPasswordReset,
  send,
  uniqueIp,
} from '../test/accounts-helpers.js';
import { TEST_API_KEY, useTestApp } from '../test/build-app.js';
import { expectProblemCode } from '../test/problems.js';

/**
 * Issue 14 finding 7: logout only cleared the cookie, so a copied token kept working for 30 days.
 * Logout and password reset now move the account's token version on; every authenticated request
 * compares the token's version with the account's (one primary-key read).
 */
const ctx = useTestApp();

const current = (token: string) => send(ctx.app, 'GET', '/api/v1/users/current', { token });

async function tokenVersion(id: string) {
  const [row] = await ctx.app.db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, id));
  return row!.tv;
}

describe('logout revokes the token', () => {
  it('a customer token works, logout with it, the same token then gets 401 SESSION_EXPIRED', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    const before = await current(token);
    expect(before.statusCode).toBe(200);
    expect(before.json().data.user.id).toBe(user.id);

    const logout = await send(ctx.app, 'POST', '/api/v1/users/logout', { token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect(await tokenVersion(user.id)).toBe(1);

    const after = await current(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'SESSION_EXPIRED' });
    // Replaying the logout with the dead token changes nothing and still answers 200.
    const again = await send(ctx.app, 'POST', '/api/v1/users/logout', { token });
    expect(again.statusCode).toBe(200);
    expect(await tokenVersion(user.id)).toBe(1);
  });

  it('logout through the session cookie revokes every token of the account; a new sign-in works', async () => {
    const { input, token: first } = await registerCustomer(ctx.app);
    const login = await customerLogin(ctx.app, input.email, input.password);
    const second = login.json().access_token as string;
    expect((await current(second)).statusCode).toBe(200);

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { 'x-api-key': TEST_API_KEY, cookie: `access_token=${second}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'access_token')?.value).toBe('');
    expect((await current(first)).statusCode).toBe(401);
    expect((await current(second)).statusCode).toBe(401);

    const again = await customerLogin(ctx.app, input.email, input.password);
    expect(again.statusCode).toBe(200);
    expect((await current(again.json().access_token)).statusCode).toBe(200);
  });

  it('logout without a token, or with a garbage one, clears the cookie and revokes nothing', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    for (const options of [{}, { token: 'garbage' }]) {
      const response = await send(ctx.app, 'POST', '/api/v1/users/logout', options);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Logged out successfully' });
    }
    expect(await tokenVersion(user.id)).toBe(0);
    expect((await current(token)).statusCode).toBe(200);
  });

  it('a merchant logout revokes the merchant token; a customer token sent to it revokes nothing', async () => {
    const { token, merchant } = await registerMerchant(ctx.app);
    const me = () => send(ctx.app, 'GET', '/api/v1/merchants/me', { token });
    expect((await me()).statusCode).toBe(200);

    const customer = await registerCustomer(ctx.app);
    await send(ctx.app, 'POST', '/api/v1/merchants/logout', { token: customer.token });
    expect((await current(customer.token)).statusCode).toBe(200);

    const logout = await send(ctx.app, 'POST', '/api/v1/merchants/logout', { token });
    expect(logout.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    const [row] = await ctx.app.db
      .select({ tv: merchants.tokenVersion })
      .from(merchants)
      .where(eq(merchants.id, merchant.id));
    expect(row!.tv).toBe(1);
  });

  it('a password reset makes the old token 401', async () => {
    const { input, token, user } = await registerCustomer(ctx.app);
    // The registration's phone code holds the per-account cooldown; age it away.
    await ctx.app.db
      .update(otpCodes)
      .set({ createdAt: sql`${otpCodes.createdAt} - interval '61 seconds'` })
      .where(eq(otpCodes.accountId, user.id));
    const request = await requestPasswordReset(ctx.app, input.email);
    expect(request.statusCode).toBe(200);
    const code = await latestCode(ctx.app, input.email);
    const reset = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: input.email, otp: code, newPassword: 'brand-new-password' },
      ip: uniqueIp(),
    });
    expect(reset.statusCode).toBe(200);
    const old = await current(token);
    expectProblemCode(old, 401, 'SESSION_EXPIRED');
  });
});
