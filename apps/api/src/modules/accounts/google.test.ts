import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { LocalGoogleIssuer } from '../../adapters/google/google-simulator.js';
import { users } from '../../db/schema/accounts.js';
import { customerLogin, registerCustomer, send, uniqueEmail, uniqueIp } from '../../test/accounts-helpers.js';
import { useTestApp } from '../../test/build-app.js';

const ctx = useTestApp();

async function credentialFor(body: Record<string, unknown>) {
  const response = await send(ctx.app, 'POST', '/api/v1/dev/google/id-token', { body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().credential as string;
}

async function signInWithGoogle(credential: string, extra: Record<string, unknown> = {}) {
  return send(ctx.app, 'POST', '/api/v1/users/google-signin', {
    body: { credential, ...extra },
    ip: uniqueIp(),
  });
}

const FAILED = { success: false, message: 'Google authentication failed', code: 'GOOGLE_AUTH_FAILED' };

describe('POST /users/google-signin', () => {
  it('creates a customer from a new Google account, then signs the same one in', async () => {
    const email = uniqueEmail('google');
    const credential = await credentialFor({ email, givenName: 'Otieno', familyName: 'Odhiambo' });
    const first = await signInWithGoogle(credential);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      isNewUser: true,
      access_token: expect.any(String),
      user: {
        firstName: 'Otieno',
        lastName: 'Odhiambo',
        email,
        phone: null,
        isEmailVerified: true,
        isPhoneVerified: false,
        hasPassword: false,
        googleLinked: true,
      },
    });
    expect(first.cookies.find((c) => c.name === 'access_token')?.value).toBe(first.json().access_token);
    const current = await send(ctx.app, 'GET', '/api/v1/users/current', { token: first.json().access_token });
    expect(current.json().data.user.id).toBe(first.json().user.id);

    const again = await signInWithGoogle(await credentialFor({ email, givenName: 'Otieno' }));
    expect(again.json()).toMatchObject({ isNewUser: false, user: { id: first.json().user.id } });

    // A Google-only account has no password to sign in with.
    const login = await customerLogin(ctx.app, email, 'anything-at-all');
    expect(login.statusCode).toBe(401);
  });

  it('links an existing account with the same verified e-mail', async () => {
    const { user, input } = await registerCustomer(ctx.app);
    const response = await signInWithGoogle(await credentialFor({ email: input.email.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isNewUser: false,
      user: { id: user.id, googleLinked: true, hasPassword: true, isEmailVerified: true, firstName: 'Amina' },
    });
  });

  it('refuses to take over an account when Google has not verified the e-mail', async () => {
    const { input } = await registerCustomer(ctx.app);
    const response = await signInWithGoogle(
      await credentialFor({ email: input.email, emailVerified: false }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, message: 'User already exists' });
  });

  it('records the referrer of a new Google customer', async () => {
    const referrer = await registerCustomer(ctx.app);
    const response = await signInWithGoogle(await credentialFor({ email: uniqueEmail('ref') }), {
      referralSlug: referrer.user.referralSlug,
    });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, response.json().user.id));
    expect(row!.referredBy).toBe(referrer.user.id);
  });

  it('answers 422 for garbage, a wrong audience, a wrong issuer, an expired token and a foreign key', async () => {
    const email = uniqueEmail('bad');
    const good = await credentialFor({ email });
    const { kid } = decodeProtectedHeader(good);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const foreign = await new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: kid! })
      .setIssuer('https://accounts.google.local')
      .setAudience('d3-local-google-client')
      .setSubject('someone')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const [header, payload] = good.split('.');
    const unsigned = `${header}.${payload}.`;
    const credentials = [
      'not-a-google-credential',
      await credentialFor({ email, audience: 'someone-elses-client-id' }),
      await new LocalGoogleIssuer(ctx.config.dataDir).issue({ email, issuer: 'https://evil.example' }),
      foreign,
      unsigned,
    ];
    for (const credential of credentials) {
      const response = await signInWithGoogle(credential);
      expect(response.statusCode, credential).toBe(422);
      expect(response.json()).toEqual(FAILED);
    }
    const missing = await send(ctx.app, 'POST', '/api/v1/users/google-signin', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ credential: 'Google credential is required' });
  });

  it('refuses an expired Google token with 422', async () => {
    const issuer = new LocalGoogleIssuer(ctx.config.dataDir);
    const expired = await issuer.issue({ email: uniqueEmail('old'), expiresIn: -600 });
    const response = await signInWithGoogle(expired);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(FAILED);
  });
});

describe('link and unlink Google', () => {
  it('links a Google account to the signed-in customer and unlinks it again', async () => {
    const { token, user } = await registerCustomer(ctx.app);
    const credential = await credentialFor({ email: uniqueEmail('work') });
    const linked = await send(ctx.app, 'POST', '/api/v1/users/link-google', { token, body: { credential } });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      success: true,
      message: 'Google account linked successfully',
      user: { id: user.id, googleLinked: true, email: user.email },
    });
    // Signing in with that Google account now reaches this customer.
    const viaGoogle = await signInWithGoogle(credential);
    expect(viaGoogle.json()).toMatchObject({ isNewUser: false, user: { id: user.id } });

    const other = await registerCustomer(ctx.app);
    const taken = await send(ctx.app, 'POST', '/api/v1/users/link-google', {
      token: other.token,
      body: { credential },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'GOOGLE_ACCOUNT_IN_USE' });

    const unlinked = await send(ctx.app, 'DELETE', '/api/v1/users/unlink-google', { token });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({
      message: 'Google account unlinked successfully',
      user: { googleLinked: false },
    });
  });

  it('refuses to unlink Google from an account without a password', async () => {
    const response = await signInWithGoogle(await credentialFor({ email: uniqueEmail('only') }));
    const token = response.json().access_token;
    const unlink = await send(ctx.app, 'DELETE', '/api/v1/users/unlink-google', { token });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json()).toMatchObject({
      message: 'Set a password before unlinking Google, or you will not be able to sign in.',
    });
    expect(
      (await send(ctx.app, 'GET', '/api/v1/users/current', { token })).json().data.user.googleLinked,
    ).toBe(true);
  });

  it('needs a customer session and a valid credential', async () => {
    const anonymous = await send(ctx.app, 'POST', '/api/v1/users/link-google', {
      body: { credential: 'whatever-credential' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await registerCustomer(ctx.app);
    const bad = await send(ctx.app, 'POST', '/api/v1/users/link-google', {
      token,
      body: { credential: 'whatever-credential' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
