import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authThrottle } from '../db/schema/accounts.js';
import { customerLogin, registerCustomer, uniqueEmail, uniqueIp } from '../test/accounts-helpers.js';
import { useTestApp } from '../test/build-app.js';

/**
 * Issue 14 finding 4: the review locked any account with 5 wrong passwords from anywhere, and
 * 20 failures blocked a whole carrier NAT address.
 */
const ctx = useTestApp();

const login = (email: string, password: string, ip: string) => customerLogin(ctx.app, email, password, ip);

/** Ends the current wait of a key, as if its time had passed. */
async function endWait(key: string) {
  await ctx.app.db
    .update(authThrottle)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(authThrottle.key, key));
}

describe('sign-in back-off', () => {
  it('25 wrong passwords from 5 addresses do not keep the owner out of their own account', async () => {
    const { input } = await registerCustomer(ctx.app);
    for (let source = 0; source < 5; source++) {
      const ip = uniqueIp();
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login(input.email, `guess-${attempt}`, ip)).statusCode).toBe(401);
      }
      expect((await login(input.email, input.password, ip)).statusCode).toBe(429);
    }
    expect((await login(input.email, input.password, uniqueIp())).statusCode).toBe(200);
  });

  it('grows the wait per account and client: 15 s, 30 s, 60 s … never more than 15 minutes', async () => {
    const { input } = await registerCustomer(ctx.app);
    const ip = uniqueIp();
    const key = `login:customer:${input.email}:${ip}`;
    for (let attempt = 0; attempt < 5; attempt++) await login(input.email, 'wrong-password', ip);
    const waits: number[] = [];
    for (let round = 0; round < 9; round++) {
      const blocked = await login(input.email, 'wrong-password', ip);
      expect(blocked.statusCode).toBe(429);
      waits.push(Number(blocked.headers['retry-after']));
      await endWait(key);
      expect((await login(input.email, 'wrong-password', ip)).statusCode).toBe(401);
    }
    expect(waits.slice(0, 4).map((wait) => Math.round(wait / 15) * 15)).toEqual([15, 30, 60, 120]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(15 * 60);
    expect(waits.at(-1)).toBeGreaterThan(14 * 60);
    const [row] = await ctx.app.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    expect(row?.lockedUntil).not.toBeNull();
    // Never permanent: an hour without failures forgets them all, and one more mistake is free again.
    await ctx.app.db
      .update(authThrottle)
      .set({ lockedUntil: null, windowStartedAt: sql`now() - interval '61 minutes'` })
      .where(eq(authThrottle.key, key));
    expect((await login(input.email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(input.email, input.password, ip)).statusCode).toBe(200);
  });

  it('lets many customers behind one carrier address make mistakes, but pauses one source spraying guesses', async () => {
    const nat = uniqueIp();
    // 30 customers behind one NAT address, each mistyping twice, then signing in.
    for (let index = 0; index < 30; index++) {
      const { input } = await registerCustomer(ctx.app);
      expect((await login(input.email, 'typo-one', nat)).statusCode).toBe(401);
      expect((await login(input.email, 'typo-two', nat)).statusCode).toBe(401);
      expect((await login(input.email, input.password, nat)).statusCode).toBe(200);
    }
    // One source guessing across accounts is paused at LOGIN_IP_MAX failures (default 100).
    expect(ctx.config.loginIpMax).toBe(100);
    const attacker = uniqueIp();
    for (let index = 0; index < ctx.config.loginIpMax; index++) {
      expect((await login(uniqueEmail('spray'), 'Password1!', attacker)).statusCode).toBe(401);
    }
    const blocked = await login(uniqueEmail('spray'), 'Password1!', attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  }, 120_000);
});
