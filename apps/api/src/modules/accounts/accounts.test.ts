import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { authThrottle, users } from '../../db/schema/accounts.js';
import {
  customerInput,
  customerLogin,
  receivedBodies,
  registerCustomer,
  registerMerchant,
  send,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts-helpers.js';
import { useTestApp } from '../../test/build-app.js';
import { expectRateLimited } from '../../test/problems.js';
import { sessionCheck } from './accounts-service.js';

const ctx = useTestApp();

describe('POST /users/register', () => {
  it('creates the customer, answers 201 with a working token and the 30-day cookie', async () => {
    const input = customerInput({ phoneNumber: '0712 345 678', email: uniqueEmail('Reg').toUpperCase() });
    const response = await send(ctx.app, 'POST', '/api/v1/users/register', { body: input, ip: uniqueIp() });
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json).toMatchObject({
      success: true,
      message: 'Registration successful. Please verify your phone number.',
      access_token: expect.any(String),
      user: {
        firstName: 'Amina',
        lastName: 'Njeri',
        first_name: 'Amina',
        last_name: 'Njeri',
        email: input.email.toLowerCase(),
        phoneNumber: '+254712345678',
        phone: '+254712345678',
        isEmailVerified: false,
        isPhoneVerified: false,
        isKYCVerified: false,
        hasPassword: true,
        googleLinked: false,
        user_type: 'customer',
      },
    });
    expect(json.user.referralSlug).toMatch(/^amina-njeri-[0-9a-f]{6}$/);
    const cookie = response.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({
      value: json.access_token,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 2_592_000,
      path: '/',
    });
    const current = await send(ctx.app, 'GET', '/api/v1/users/current', { token: json.access_token });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ success: true, data: { user: json.user } });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, json.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('names every missing field with the seed message, keyed first_name, last_name, phone', async () => {
    const response = await send(ctx.app, 'POST', '/api/v1/users/register', { body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'First name is required',
      errors: {
        first_name: 'First name is required',
        last_name: 'Last name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        password: 'Password is required',
      },
    });
  });

  it.each([
    ['blank first name', { firstName: '   ' }, 'first_name', 'First name is required'],
    ['blank last name', { lastName: '' }, 'last_name', 'Last name is required'],
    ['empty email', { email: '' }, 'email', 'Email is required'],
    ['malformed email', { email: 'amina@' }, 'email', 'Email is invalid'],
    ['empty phone', { phoneNumber: '' }, 'phone', 'Phone number is required'],
    ['foreign phone', { phoneNumber: '+447911123456' }, 'phone', 'Please enter a valid Kenyan phone number'],
    ['letters for a phone', { phoneNumber: 'call me' }, 'phone', 'Please enter a valid Kenyan phone number'],
    ['empty password', { password: '' }, 'password', 'Password is required'],
    [
      '7-character password',
      { password: 'a'.repeat(7) },
      'password',
      'Password must be at least 8 characters long',
    ],
    [
      '129-character password',
      { password: 'a'.repeat(129) },
      'password',
      'Password must be at most 128 characters long',
    ],
  ])('refuses a %s with its message', async (_name, override, field, message) => {
    const response = await send(ctx.app, 'POST', '/api/v1/users/register', { body: customerInput(override) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('accepts passwords of 8, 64 and 128 characters', async () => {
    for (const length of [8, 64, 128]) {
      const password = 'p'.repeat(length);
      const { input } = await registerCustomer(ctx.app, { password });
      const login = await customerLogin(ctx.app, input.email, password);
      expect(login.statusCode).toBe(200);
    }
  });

  it.each([
    ['0712345678'],
    ['0712 345 678'],
    ['712345678'],
    ['254712345678'],
    ['+254 712 345 678'],
    ['+254-712-345-678'],
  ])('normalises the phone spelling %s to E.164', async (spelling) => {
    const { user } = await registerCustomer(ctx.app, { phoneNumber: spelling });
    expect(user.phoneNumber).toBe('+254712345678');
  });

  it('normalises 01… numbers too', async () => {
    const { user } = await registerCustomer(ctx.app, { phoneNumber: '0112 345 678' });
    expect(user.phone).toBe('+254112345678');
  });

  it('refuses an e-mail already registered in another case with 409', async () => {
    const { input } = await registerCustomer(ctx.app);
    const again = await send(ctx.app, 'POST', '/api/v1/users/register', {
      body: customerInput({ email: input.email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'User already exists', code: 'USER_EXISTS' });
  });

  it('lets exactly one of several simultaneous sign-ups with one e-mail through', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      ['', 'upper', 'mixed'].map((variant) =>
        send(ctx.app, 'POST', '/api/v1/users/register', {
          body: customerInput({
            email:
              variant === 'upper' ? email.toUpperCase() : variant === 'mixed' ? `R${email.slice(1)}` : email,
          }),
          ip: uniqueIp(),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const [{ n }] = (await ctx.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('links the referrer from referralSlug and ignores an unknown slug', async () => {
    const referrer = await registerCustomer(ctx.app);
    const referred = await registerCustomer(ctx.app, { referralSlug: referrer.user.referralSlug });
    const stranger = await registerCustomer(ctx.app, { referralSlug: 'nobody-000000' });
    const rows = await ctx.app.db
      .select({ id: users.id, referredBy: users.referredBy })
      .from(users)
      .where(sql`${users.id} in (${referred.user.id}, ${stranger.user.id})`);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.referredBy]));
    expect(byId[referred.user.id]).toBe(referrer.user.id);
    expect(byId[stranger.user.id]).toBeNull();
    expect(referred.user.referralSlug).not.toBe(referrer.user.referralSlug);
  });
});

describe('POST /users/login', () => {
  it('signs in with any case of the e-mail, on /users/login and /auth/login', async () => {
    const { input, user } = await registerCustomer(ctx.app);
    for (const url of ['/api/v1/users/login', '/api/v1/auth/login']) {
      const response = await send(ctx.app, 'POST', url, {
        body: { email: input.email.toUpperCase(), password: input.password },
        ip: uniqueIp(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        access_token: expect.any(String),
        user: { id: user.id, email: input.email },
      });
      expect(response.cookies.find((c) => c.name === 'access_token')?.value).toBe(
        response.json().access_token,
      );
    }
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const { input } = await registerCustomer(ctx.app);
    const wrong = await customerLogin(ctx.app, input.email, 'not-the-password');
    const unknown = await customerLogin(ctx.app, uniqueEmail('ghost'), input.password);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Invalid credentials',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.cookies).toEqual([]);
  });

  it('gives the sign-in form its messages', async () => {
    const empty = await send(ctx.app, 'POST', '/api/v1/users/login', { body: {} });
    expect(empty.json()).toMatchObject({
      message: 'Email is required',
      errors: { email: 'Email is required', password: 'Password is required' },
    });
    const invalid = await send(ctx.app, 'POST', '/api/v1/users/login', {
      body: { email: 'nope', password: 'x' },
    });
    expect(invalid.json().errors).toEqual({ email: 'Please enter a valid email address' });
  });

  it('backs off one client after five failures (429 with Retry-After, even with the right password), never the account elsewhere', async () => {
    const { input } = await registerCustomer(ctx.app);
    const ip = uniqueIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await customerLogin(ctx.app, input.email, `wrong-${attempt}`, ip);
      expect(response.statusCode).toBe(401);
    }
    const locked = await customerLogin(ctx.app, input.email, input.password, ip);
    expectRateLimited(locked, 10, 15);
    expect(locked.cookies).toEqual([]);
    // The owner on another client is not locked out.
    const elsewhere = await customerLogin(ctx.app, input.email, input.password);
    expect(elsewhere.statusCode).toBe(200);

    // Once the wait has passed, the right password works again and clears the client's count.
    const key = `login:customer:${input.email}:${ip}`;
    await ctx.app.db
      .update(authThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(authThrottle.key, key));
    const after = await customerLogin(ctx.app, input.email, input.password, ip);
    expect(after.statusCode).toBe(200);
    const rows = await ctx.app.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    expect(rows).toEqual([]);
  });

  it('forgives earlier failures after a successful sign-in', async () => {
    const { input } = await registerCustomer(ctx.app);
    const ip = uniqueIp();
    const attempt = (password: string) => customerLogin(ctx.app, input.email, password, ip);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt(input.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt(input.password)).statusCode).toBe(200);
  });

  it('pauses an IP address after LOGIN_IP_MAX failures across accounts', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < ctx.config.loginIpMax; i++) {
      const response = await customerLogin(ctx.app, uniqueEmail('spray'), 'guess-123', ip);
      expect(response.statusCode).toBe(401);
    }
    const { input } = await registerCustomer(ctx.app);
    const blocked = await customerLogin(ctx.app, input.email, input.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const elsewhere = await customerLogin(ctx.app, input.email, input.password);
    expect(elsewhere.statusCode).toBe(200);
    // A hundred password checks (argon2) took over 30 s on a loaded 2-core host: the bound is the
    // count of failures, never the time they take.
  }, 300_000);
});

describe('profile', () => {
  it('answers GET /users/profile and GET /profile with the user', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    for (const url of ['/api/v1/users/profile', '/api/v1/profile']) {
      const response = await send(ctx.app, 'GET', url, { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, user });
    }
  });

  it('reads the token from the access_token cookie as well', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    const response = await send(ctx.app, 'GET', '/api/v1/users/current', {
      headers: { cookie: `access_token=${token}` },
    });
    expect(response.json().data.user.id).toBe(user.id);
  });

  it('needs a customer session', async () => {
    const response = await send(ctx.app, 'GET', '/api/v1/users/profile');
    expect(response.statusCode).toBe(401);
  });

  it('updates only first name, last name and phone; a new phone must be verified again', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    await ctx.app.db.update(users).set({ isPhoneVerified: true }).where(eq(users.id, user.id));
    const [before] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    const response = await send(ctx.app, 'PUT', '/api/v1/users/profile', {
      token,
      body: {
        firstName: 'Wanjiku',
        lastName: 'Kamau',
        phoneNumber: '0722 000 111',
        email: 'hijack@example.com',
        password: 'new-password-123',
        passwordHash: 'x',
        isEmailVerified: true,
        isKYCVerified: true,
        isKycVerified: true,
        tokenVersion: 99,
        rewardPoints: '1000000',
        googleSub: 'someone',
        referralSlug: 'taken',
        id: '00000000-0000-4000-8000-000000000000',
        user_type: 'admin',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      user: {
        id: user.id,
        firstName: 'Wanjiku',
        first_name: 'Wanjiku',
        lastName: 'Kamau',
        phone: '+254722000111',
        email: user.email,
        isPhoneVerified: false,
        isEmailVerified: false,
        isKYCVerified: false,
        googleLinked: false,
        referralSlug: user.referralSlug,
      },
    });
    const [after] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({
      email: before!.email,
      passwordHash: before!.passwordHash,
      tokenVersion: before!.tokenVersion,
      rewardPoints: before!.rewardPoints,
      googleSub: null,
      isKycVerified: false,
      referralSlug: before!.referralSlug,
    });
    // The old token still works: nothing security-relevant changed.
    expect((await send(ctx.app, 'GET', '/api/v1/users/current', { token })).statusCode).toBe(200);
  });

  it('keeps the phone verified when the same number is sent in another spelling', async () => {
    const { token, user } = await registerCustomer(ctx.app, { phoneNumber: '0733 111 222' });
    await ctx.app.db.update(users).set({ isPhoneVerified: true }).where(eq(users.id, user.id));
    const response = await send(ctx.app, 'PUT', '/api/v1/users/profile', {
      token,
      body: { firstName: 'A', lastName: 'B', phoneNumber: '+254733111222' },
    });
    expect(response.json().user.isPhoneVerified).toBe(true);
  });

  it('refuses blank names with first_name / last_name keys', async () => {
    const { token } = await registerCustomer(ctx.app);
    const response = await send(ctx.app, 'PUT', '/api/v1/users/profile', {
      token,
      body: { firstName: '', lastName: ' ', phoneNumber: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      phone: 'Please enter a valid Kenyan phone number',
    });
  });

  it('signs out by clearing the cookie', async () => {
    const response = await send(ctx.app, 'POST', '/api/v1/users/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Logged out successfully' });
    const cookie = response.cookies.find((c) => c.name === 'access_token');
    expect(cookie?.value).toBe('');
    expect(cookie?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('tokens', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses a forged, an expired and an alg:none token with 401', async () => {
    const { user } = await registerCustomer(ctx.app);
    const claims = { role: 'customer', tv: 0 };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: user.id, exp: 9_999_999_999 })}.`;
    for (const token of [forged, expired, algNone, 'garbage']) {
      const response = await send(ctx.app, 'GET', '/api/v1/users/current', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json().success).toBe(false);
    }
  });

  it('a token used before is refused (SESSION_EXPIRED) once it expires, though its signature is not checked again', async () => {
    const { user } = await registerCustomer(ctx.app);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    const token = await new SignJWT({ role: 'customer', tv: row!.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await send(ctx.app, 'GET', '/api/v1/users/current', { token })).statusCode).toBe(200);
    // Real time, not a faked Date: wait until the token's second of expiry has passed.
    const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 50));
    const late = await send(ctx.app, 'GET', '/api/v1/users/current', { token });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('SESSION_EXPIRED');
    // A copy of the token with one character of its signature changed was never verified. Not the last
    // character: its low bits are padding, so 'A' and 'B' there can decode to the same signature.
    const at = token.length - 10;
    const tamperedToken = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    const tampered = await send(ctx.app, 'GET', '/api/v1/users/current', { token: tamperedToken });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses the token of a deleted account', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    await ctx.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const response = await send(ctx.app, 'GET', '/api/v1/users/current', { token });
    expect(response.statusCode).toBe(401);
  });

  it('checks the sessions of requests that arrive together with one statement per role, each getting its own answer', async () => {
    const first = await registerCustomer(ctx.app);
    const second = await registerCustomer(ctx.app);
    const signedOut = await registerCustomer(ctx.app);
    expect((await send(ctx.app, 'POST', '/api/v1/users/logout', { token: signedOut.token })).statusCode).toBe(
      200,
    );
    const merchant = await registerMerchant(ctx.app);

    const client = ctx.app.db.$client as unknown as { query: (...args: unknown[]) => unknown };
    const query = vi.spyOn(client, 'query');
    const versionReads = () =>
      query.mock.calls
        .map(([statement]) =>
          typeof statement === 'string' ? statement : (statement as { text: string }).text,
        )
        .filter((text) => /token_version.*= any\(/s.test(text)).length;
    try {
      // Checks made in one turn: one statement per role, whatever the timing of the machine.
      const isSessionCurrent = sessionCheck(ctx.app.db);
      const tv = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).tv;
      const checks = await Promise.all([
        isSessionCurrent({ sub: first.user.id, role: 'customer', tv: tv(first.token) }),
        isSessionCurrent({ sub: second.user.id, role: 'customer', tv: tv(second.token) }),
        isSessionCurrent({
          sub: signedOut.user.id,
          role: 'customer',
          tv: tv(signedOut.token),
        }),
        isSessionCurrent({ sub: first.user.id, role: 'customer', tv: tv(first.token) + 1 }),
        isSessionCurrent({
          sub: merchant.merchant.id,
          role: 'merchant',
          tv: tv(merchant.token),
        }),
      ]);
      expect(checks).toEqual([true, true, false, false, true]);
      expect(versionReads()).toBe(2);

      // Through HTTP, each request gets its own answer (whether their tokens are verified in the same
      // turn, and so share a statement, depends on the machine's timing).
      query.mockClear();
      const answers = await Promise.all([
        send(ctx.app, 'GET', '/api/v1/users/current', { token: first.token }),
        send(ctx.app, 'GET', '/api/v1/users/current', { token: second.token }),
        send(ctx.app, 'GET', '/api/v1/users/current', { token: signedOut.token }),
        send(ctx.app, 'GET', '/api/v1/users/current', { token: first.token }),
        send(ctx.app, 'GET', '/api/v1/merchants/me', { token: merchant.token }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 200, 200]);
      expect(
        answers.map((answer) => answer.json().data?.user?.id ?? answer.json().merchant?.id ?? null),
      ).toEqual([first.user.id, second.user.id, null, first.user.id, merchant.merchant.id]);
      expect(answers[2]!.json().code).toBe('SESSION_EXPIRED');
      expect(versionReads()).toBeGreaterThanOrEqual(2);
    } finally {
      query.mockRestore();
    }
  });

  it('refuses a customer token on merchant routes with 403', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    for (const url of [`/api/v1/merchants/${user.id}/profile`, '/api/v1/merchants/me']) {
      const response = await send(ctx.app, 'GET', url, { token });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('secrets', () => {
  it('never sent a password, hash, token version or code hash in any response of this file', () => {
    expect(receivedBodies.length).toBeGreaterThan(50);
    for (const body of receivedBodies) {
      // A `password` key may only carry a field error ('Password is required', ...).
      expect(body).not.toMatch(
        /passwordHash|password_hash|"password":"(?!Password )|\$argon2|tokenVersion|codeHash/,
      );
      expect(body).not.toContain('Sup3r-secret-pass');
    }
  });
});
