import { describe, expect, it } from 'vitest';
import {
  customerInput,
  outboxFor,
  registerMerchant,
  requestPasswordReset,
  send,
  uniqueIp,
} from '../../test/accounts-helpers.js';
import { useTestApp } from '../../test/build-app.js';

const ctx = useTestApp();

describe('the account’s language (issue 33)', () => {
  it('takes the sign-up’s first language from Accept-Language and sends the phone code in it', async () => {
    const sw = customerInput();
    const swResponse = await send(ctx.app, 'POST', '/api/v1/users/register', {
      body: sw,
      ip: uniqueIp(),
      headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' },
    });
    expect(swResponse.statusCode, swResponse.body).toBe(201);
    expect(swResponse.json().user.locale).toBe('sw');
    const [code] = await outboxFor(ctx.app, swResponse.json().user.phoneNumber);
    expect(code!.body).toMatch(
      /^Msimbo wako wa kuthibitisha D3 Deals ni \d{6}\. Unaisha baada ya dakika 10\. Usimpe mtu yeyote\.$/,
    );

    const en = customerInput();
    const enResponse = await send(ctx.app, 'POST', '/api/v1/users/register', {
      body: en,
      ip: uniqueIp(),
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(enResponse.json().user.locale).toBe('en');
    const [enCode] = await outboxFor(ctx.app, enResponse.json().user.phoneNumber);
    expect(enCode!.body).toMatch(
      /^Your D3 Deals verification code is \d{6}\. It expires in 10 minutes\. Never share it\.$/,
    );

    // The language chosen on the site wins over the browser's.
    const chosen = await send(ctx.app, 'POST', '/api/v1/users/register', {
      body: customerInput({ locale: 'sw' }),
      ip: uniqueIp(),
      headers: { 'accept-language': 'en' },
    });
    expect(chosen.json().user.locale).toBe('sw');
  });

  it('saves the language from the profile API, refuses anything but en and sw, and sends the reset code in it', async () => {
    const input = customerInput();
    const registered = await send(ctx.app, 'POST', '/api/v1/users/register', { body: input, ip: uniqueIp() });
    const token = registered.json().access_token as string;
    expect(registered.json().user.locale).toBe('en');

    const saved = await send(ctx.app, 'PUT', '/api/v1/users/preferences', { token, body: { locale: 'sw' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ locale: 'sw', user: { locale: 'sw' } });
    // Dark mode is left as it was.
    expect(saved.json().dark_mode).toBeNull();

    for (const bad of ['fr', 'SW', '', 'sw\u0000']) {
      const refused = await send(ctx.app, 'PUT', '/api/v1/users/preferences', {
        token,
        body: { locale: bad },
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const empty = await send(ctx.app, 'PUT', '/api/v1/users/preferences', { token, body: {} });
    expect(empty.statusCode).toBe(400);

    const profile = await send(ctx.app, 'GET', '/api/v1/users/profile', { token });
    expect(profile.json().user.locale).toBe('sw');

    await requestPasswordReset(ctx.app, input.email);
    const [resetCode] = await outboxFor(ctx.app, registered.json().user.phoneNumber);
    expect(resetCode!.body).toMatch(/^Msimbo wa kubadilisha nenosiri la D3 Deals ni \d{6}\./);

    const back = await send(ctx.app, 'PUT', '/api/v1/users/profile', {
      token,
      body: { firstName: 'Amina', lastName: 'Njeri', locale: 'en' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.locale).toBe('en');
  });

  it('keeps a merchant’s language too', async () => {
    const { token, merchant } = await registerMerchant(ctx.app);
    expect(merchant.locale).toBe('en');
    const updated = await send(ctx.app, 'PUT', '/api/v1/merchants/me', {
      token,
      body: { firstName: 'Wanjiru', lastName: 'Kamau', phoneNumber: merchant.phoneNumber, locale: 'sw' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().merchant.locale).toBe('sw');
  });
});
