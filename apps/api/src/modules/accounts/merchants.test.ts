import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/accounts.js';
import { categories, locations } from '../../db/schema/locations.js';
import { stores } from '../../db/schema/stores.js';
import {
  customerInput,
  latestCode,
  merchantLogin,
  receivedBodies,
  registerCustomer,
  registerMerchant,
  send,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts-helpers.js';
import { useTestApp } from '../../test/build-app.js';

const ctx = useTestApp();

describe('merchant accounts', () => {
  it('registers a merchant: 201 with access_token and merchant, token of role merchant', async () => {
    const input = customerInput({ email: uniqueEmail('Shop').toUpperCase(), phoneNumber: '0722 111 333' });
    const response = await send(ctx.app, 'POST', '/api/v1/merchants/register', { body: input });
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json).toEqual({
      success: true,
      message: 'Registration successful',
      access_token: expect.any(String),
      merchant: {
        id: expect.any(String),
        firstName: 'Amina',
        lastName: 'Njeri',
        email: input.email.toLowerCase(),
        phoneNumber: '+254722111333',
        locale: 'en',
        createdAt: expect.any(String),
      },
    });
    expect(response.cookies.find((c) => c.name === 'merchant_access_token')?.httpOnly).toBe(true);
    // The customer session cookie of the same browser is left alone.
    expect(response.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    const me = await send(ctx.app, 'GET', '/api/v1/merchants/me', { token: json.access_token });
    expect(me.json()).toEqual({ success: true, merchant: json.merchant, stores: [] });
    // A merchant token never passes a customer check.
    expect(
      (await send(ctx.app, 'GET', '/api/v1/users/current', { token: json.access_token })).statusCode,
    ).toBe(403);
  });

  it('refuses a duplicate e-mail in another case with 409 and names missing fields', async () => {
    const { input } = await registerMerchant(ctx.app);
    const again = await send(ctx.app, 'POST', '/api/v1/merchants/register', {
      body: { ...input, email: input.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'User already exists', code: 'USER_EXISTS' });
    const empty = await send(ctx.app, 'POST', '/api/v1/merchants/register', { body: { email: 'x@y.co' } });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['first_name', 'last_name', 'password', 'phone']);
  });

  it('keeps customer and merchant accounts apart: one e-mail may be both', async () => {
    const { input } = await registerCustomer(ctx.app);
    const merchant = await registerMerchant(ctx.app, { email: input.email, password: 'merchant-pass-1' });
    const asCustomer = await merchantLogin(ctx.app, input.email, input.password);
    expect(asCustomer.statusCode).toBe(401);
    const login = await merchantLogin(ctx.app, input.email, 'merchant-pass-1');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      success: true,
      access_token: expect.any(String),
      merchant: { id: merchant.merchant.id },
    });
  });

  it('answers wrong credentials with 401 and backs that client off after five failures', async () => {
    const { input } = await registerMerchant(ctx.app);
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const response = await merchantLogin(ctx.app, input.email, 'nope-nope', ip);
      expect(response.json()).toEqual({
        success: false,
        message: 'Invalid credentials',
        code: 'INVALID_CREDENTIALS',
      });
    }
    const locked = await merchantLogin(ctx.app, input.email, input.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('shows a merchant its own profile with its stores, and refuses another merchant with 403', async () => {
    const owner = await registerMerchant(ctx.app);
    const other = await registerMerchant(ctx.app);
    await ctx.app.db.insert(locations).values({
      id: 'test-westlands',
      name: 'Test Westlands',
      area: 'Nairobi',
      latitude: -1.26,
      longitude: 36.8,
    });
    await ctx.app.db.insert(categories).values({ id: 'test-beauty', name: 'Test Beauty' });
    const [store] = await ctx.app.db
      .insert(stores)
      .values({
        merchantId: owner.merchant.id,
        name: 'Glow Spa',
        category: 'Test Beauty',
        locationId: 'test-westlands',
        logoUrl: '/media/glow.png',
      })
      .returning();

    const own = await send(ctx.app, 'GET', `/api/v1/merchants/${owner.merchant.id}/profile`, {
      token: owner.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      success: true,
      merchant: owner.merchant,
      stores: [
        {
          id: store!.id,
          name: 'Glow Spa',
          category: 'Test Beauty',
          location: 'Test Westlands',
          logo_url: '/media/glow.png',
          logoUrl: '/media/glow.png',
        },
      ],
    });
    const foreign = await send(ctx.app, 'GET', `/api/v1/merchants/${owner.merchant.id}/profile`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(foreign.body).not.toContain('Glow Spa');
    const anonymous = await send(ctx.app, 'GET', `/api/v1/merchants/${owner.merchant.id}/profile`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('resets a merchant password by e-mail code and revokes older merchant tokens', async () => {
    const { input, token, merchant } = await registerMerchant(ctx.app);
    const request = await send(ctx.app, 'POST', '/api/v1/merchants/request-password-reset', {
      body: { email: input.email },
      ip: uniqueIp(),
    });
    expect(request.statusCode).toBe(200);
    const unknown = await send(ctx.app, 'POST', '/api/v1/merchants/request-password-reset', {
      body: { email: uniqueEmail('nobody') },
      ip: uniqueIp(),
    });
    expect(unknown.body).toBe(request.body);
    const code = await latestCode(ctx.app, input.email);
    // A customer reset cannot use a merchant's code.
    const crossed = await send(ctx.app, 'POST', '/api/v1/users/reset-password', {
      body: { email: input.email, otp: code, newPassword: 'brand-new-password' },
    });
    expect(crossed.statusCode).toBe(400);
    const reset = await send(ctx.app, 'POST', '/api/v1/merchants/reset-password', {
      body: { email: input.email, otp: code, newPassword: 'brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await send(ctx.app, 'GET', '/api/v1/merchants/me', { token })).statusCode).toBe(401);
    const [row] = await ctx.app.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.tokenVersion).toBe(1);
    const login = await merchantLogin(ctx.app, input.email, 'brand-new-password');
    expect(login.statusCode).toBe(200);
  });

  it('never sent a password hash in any response of this file', () => {
    for (const body of receivedBodies)
      expect(body).not.toMatch(/passwordHash|password_hash|\$argon2|tokenVersion/);
  });
});
