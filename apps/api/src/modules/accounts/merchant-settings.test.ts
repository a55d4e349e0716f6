import { describe, expect, it } from 'vitest';
import {
  merchantLogin,
  registerCustomer,
  registerMerchant,
  send,
  uniqueEmail,
} from '../../test/accounts-helpers.js';
import { useTestApp } from '../../test/build-app.js';

const ctx = useTestApp();

describe('merchant settings: profile', () => {
  it('updates name and phone, keeps the e-mail without a password, and shows it on /merchants/me', async () => {
    const { input, token } = await registerMerchant(ctx.app);
    const response = await send(ctx.app, 'PUT', '/api/v1/merchants/me', {
      token,
      body: { firstName: ' Achieng ', lastName: 'Otieno', phoneNumber: '0733 444 555', email: input.email },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      merchant: {
        firstName: 'Achieng',
        lastName: 'Otieno',
        phoneNumber: '+254733444555',
        email: input.email,
      },
    });
    const me = await send(ctx.app, 'GET', '/api/v1/merchants/me', { token });
    expect(me.json().merchant).toMatchObject({ firstName: 'Achieng', phoneNumber: '+254733444555' });
  });

  it('names bad fields inline (camelCase keys) and refuses a signed-out or customer caller', async () => {
    const { token } = await registerMerchant(ctx.app);
    const bad = await send(ctx.app, 'PUT', '/api/v1/merchants/me', {
      token,
      body: { firstName: '', lastName: 'Otieno', phoneNumber: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: {
        firstName: 'First name is required',
        phoneNumber: 'Please enter a valid Kenyan phone number',
      },
    });
    const body = { firstName: 'A', lastName: 'B', phoneNumber: '0733444555' };
    expect((await send(ctx.app, 'PUT', '/api/v1/merchants/me', { body })).statusCode).toBe(401);
    const customer = await registerCustomer(ctx.app);
    const asCustomer = await send(ctx.app, 'PUT', '/api/v1/merchants/me', { token: customer.token, body });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('changes the e-mail only with the right current password, and never to an e-mail in use', async () => {
    const { input, token } = await registerMerchant(ctx.app);
    const other = await registerMerchant(ctx.app);
    const base = { firstName: 'Wanjiru', lastName: 'Kamau', phoneNumber: input.phoneNumber };
    const newEmail = uniqueEmail('moved');
    const updateMe = (changes: Record<string, unknown>) =>
      send(ctx.app, 'PUT', '/api/v1/merchants/me', { token, body: { ...base, ...changes } });

    const noPassword = await updateMe({ email: newEmail });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_INCORRECT',
      errors: { currentPassword: 'Enter your current password to change your email' },
    });
    const wrong = await updateMe({ email: newEmail, currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_INCORRECT',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    const taken = await updateMe({ email: other.input.email.toUpperCase(), currentPassword: input.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USER_EXISTS', errors: { email: 'User already exists' } });

    const moved = await updateMe({ email: newEmail.toUpperCase(), currentPassword: input.password });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().merchant.email).toBe(newEmail);
    const login = await merchantLogin(ctx.app, newEmail, input.password);
    expect(login.statusCode).toBe(200);
    // The other merchant is untouched.
    const otherMe = await send(ctx.app, 'GET', '/api/v1/merchants/me', { token: other.token });
    expect(otherMe.json().merchant.email).toBe(other.input.email);
  });
});

describe('merchant settings: password change', () => {
  /** PUT /merchants/change-password with `token`'s session. */
  const changePassword = (token: string, body: { currentPassword: string; newPassword: string }) =>
    send(ctx.app, 'PUT', '/api/v1/merchants/change-password', { token, body });

  it('a wrong current password is 400 CURRENT_PASSWORD_INCORRECT and changes nothing', async () => {
    const { input, token } = await registerMerchant(ctx.app);
    const response = await changePassword(token, {
      currentPassword: 'wrong-password',
      newPassword: 'Brand-new-pass-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      code: 'CURRENT_PASSWORD_INCORRECT',
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect((await send(ctx.app, 'GET', '/api/v1/merchants/me', { token })).statusCode).toBe(200);
    const login = await merchantLogin(ctx.app, input.email, input.password);
    expect(login.statusCode).toBe(200);
  });

  it('validates the new password and refuses the same one', async () => {
    const { input, token } = await registerMerchant(ctx.app);
    const short = await changePassword(token, { currentPassword: '', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters long',
    });
    const same = await changePassword(token, {
      currentPassword: input.password,
      newPassword: input.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({
      newPassword: 'New password must be different from the current password',
    });
  });

  it('changes the password: a fresh token for this browser, every older session ends, only the new password signs in', async () => {
    const { input, token } = await registerMerchant(ctx.app);
    const secondDevice = await merchantLogin(ctx.app, input.email, input.password);
    const otherToken = secondDevice.json().access_token as string;
    const bystander = await registerMerchant(ctx.app);

    const response = await changePassword(token, {
      currentPassword: input.password,
      newPassword: 'Brand-new-pass-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Password changed successfully',
      access_token: expect.any(String),
    });
    expect(response.cookies.find((c) => c.name === 'merchant_access_token')?.value).toBe(
      response.json().access_token,
    );
    const fresh = response.json().access_token as string;
    expect((await send(ctx.app, 'GET', '/api/v1/merchants/me', { token: fresh })).statusCode).toBe(200);
    expect((await send(ctx.app, 'GET', '/api/v1/merchants/me', { token })).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/v1/merchants/me', { token: otherToken })).statusCode).toBe(401);
    // Another merchant's session is not touched.
    expect((await send(ctx.app, 'GET', '/api/v1/merchants/me', { token: bystander.token })).statusCode).toBe(
      200,
    );

    const oldLogin = await merchantLogin(ctx.app, input.email, input.password);
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await merchantLogin(ctx.app, input.email, 'Brand-new-pass-1');
    expect(newLogin.statusCode).toBe(200);
  });

  it("a customer token cannot change a merchant's password", async () => {
    const customer = await registerCustomer(ctx.app);
    const response = await changePassword(customer.token, {
      currentPassword: customer.input.password,
      newPassword: 'Brand-new-pass-1',
    });
    expect(response.statusCode).toBe(403);
  });
});
