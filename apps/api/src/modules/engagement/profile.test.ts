import { NOTIFICATION_CENTRE_DEFAULTS } from '@d3/shared/engagement/engagement-schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otpCodes, users } from '../../db/schema/accounts.js';
import { favorites, notificationSettings, reviews, storeFollows } from '../../db/schema/engagement.js';
import { stores } from '../../db/schema/stores.js';
import { registerCustomer, send, uniqueIp } from '../../test/accounts-helpers.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { ACCOUNT_SETTINGS_DEFAULTS, accountSettings } from '../../test/notification-settings.js';
import { expectProblem } from '../../test/problems.js';

const ctx = useApiTestApp();

describe('profile figures', () => {
  it('service statistics count favourites, followed stores and reward points', async () => {
    const { user, token } = await ctx.customer();
    await ctx.createReferralReward(user.id, 12050);
    const empty = (await call(ctx.app, 'GET', `${API}/users/service-statistics`, { token })).json();
    expect(empty).toMatchObject({ success: true, totalBookings: 0, totalFavorites: 0, followedStores: 0 });

    const offers = [await ctx.createOffer(), await ctx.createOffer()];
    for (const offer of offers) await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token });
    const store = await ctx.createStore();
    await call(ctx.app, 'POST', `${API}/stores/${store.id}/toggle-follow`, { token });
    await ctx.createBookingRow({ storeId: store.id, userId: user.id });
    await ctx.createBookingRow({ storeId: store.id, userId: user.id, status: 'cancelled' });
    await ctx.createBookingRow({ storeId: store.id }); // someone else's

    const stats = (await call(ctx.app, 'GET', `${API}/users/service-statistics`, { token })).json();
    const figures = { totalBookings: 2, totalFavorites: 2, followedStores: 1, rewardPoints: 120.5 };
    expect(stats).toEqual({ success: true, ...figures, data: figures });
  });

  it('rewards and points answer the referral ledger total as a number', async () => {
    const { user, token } = await ctx.customer();
    await ctx.createReferralReward(user.id, 4200);
    for (const path of ['/users/rewards', '/users/points']) {
      const response = await call(ctx.app, 'GET', `${API}${path}`, { token });
      expect(response.json()).toEqual({ success: true, points: 42, rewardPoints: 42 });
    }
    expect((await call(ctx.app, 'GET', `${API}/users/rewards`)).statusCode).toBe(401);
  });
});

describe('notification settings: two views of one row', () => {
  it('defaults: all on except e-mail updates, without creating a row', async () => {
    const { user, token } = await ctx.customer();
    const account = (await accountSettings(ctx.app, token)).json();
    expect(account.settings).toEqual(ACCOUNT_SETTINGS_DEFAULTS);
    expect(account.data).toEqual(account.settings);
    const centre = (await call(ctx.app, 'GET', `${API}/notifications/settings`, { token })).json();
    expect(centre.settings).toEqual(NOTIFICATION_CENTRE_DEFAULTS);
    const rows = await ctx.app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('PUT with one boolean changes only that one; each view sees the other’s change', async () => {
    const { user, token } = await ctx.customer();
    const one = await accountSettings(ctx.app, token, { emailUpdates: true });
    expect(one.statusCode).toBe(200);
    expect(one.json().settings).toEqual({ ...ACCOUNT_SETTINGS_DEFAULTS, emailUpdates: true });

    const centre = await call(ctx.app, 'PUT', `${API}/notifications/settings`, {
      token,
      body: { push: false, offers: false },
    });
    expect(centre.json().settings).toMatchObject({
      push: false,
      offers: false,
      email: true,
      storeUpdates: true,
    });

    // `notifications` in the account view is the push switch.
    const account = (await accountSettings(ctx.app, token)).json();
    expect(account.settings).toEqual({
      ...ACCOUNT_SETTINGS_DEFAULTS,
      notifications: false,
      emailUpdates: true,
    });

    await accountSettings(ctx.app, token, { notifications: true, smsAlerts: false });
    const after = (await call(ctx.app, 'GET', `${API}/notifications/settings`, { token })).json();
    expect(after.settings).toMatchObject({ push: true, offers: false });

    const rows = await ctx.app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ push: true, offers: false, emailUpdates: true, smsAlerts: false });
  });

  it('rejects an empty body or a non-boolean', async () => {
    const { token } = await ctx.customer();
    const empty = await accountSettings(ctx.app, token, {});
    expectProblem(empty, 400, 'Send at least one setting');
    const wrong = await call(ctx.app, 'PUT', `${API}/notifications/settings`, {
      token,
      body: { email: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('PUT /users/preferences', () => {
  it('stores dark mode on the user (true, false, null)', async () => {
    const { user, token } = await ctx.customer();
    for (const darkMode of [true, false, null]) {
      const response = await call(ctx.app, 'PUT', `${API}/users/preferences`, { token, body: { darkMode } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        darkMode,
        dark_mode: darkMode,
        user: { dark_mode: darkMode },
      });
      const [row] = await ctx.app.db
        .select({ darkMode: users.darkMode })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row!.darkMode).toBe(darkMode);
    }
    const profile = await call(ctx.app, 'PUT', `${API}/users/preferences`, {
      token,
      body: { darkMode: true },
    });
    expect(profile.json().user.dark_mode).toBe(true);
    const bad = await call(ctx.app, 'PUT', `${API}/users/preferences`, { token, body: { darkMode: 'dark' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /users/change-password', () => {
  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { token, input } = await registerCustomer(ctx.app);
    const wrong = await call(ctx.app, 'PUT', `${API}/users/change-password`, {
      token,
      body: { currentPassword: 'not-my-password', newPassword: 'An0ther-good-pass' },
    });
    expectProblem(wrong, 400, 'Current password is incorrect');
    expect((await call(ctx.app, 'GET', `${API}/users/current`, { token })).statusCode).toBe(200);
    const login = await send(ctx.app, 'POST', `${API}/users/login`, {
      body: { email: input.email, password: input.password },
      ip: uniqueIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('validates the new password with the sign-up rule', async () => {
    const { token, input } = await registerCustomer(ctx.app);
    const short = await call(ctx.app, 'PUT', `${API}/users/change-password`, {
      token,
      body: { currentPassword: input.password, newPassword: 'short' },
    });
    expectProblem(short, 400, 'Password must be at least 8 characters long');
  });

  it('changes the password: old tokens 401, the returned token works, sign-in with the new password works', async () => {
    const { token: oldToken, input } = await registerCustomer(ctx.app);
    const newPassword = 'Brand-new-pass-42';
    const changed = await call(ctx.app, 'PUT', `${API}/users/change-password`, {
      token: oldToken,
      body: { currentPassword: input.password, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const { access_token: freshToken, message } = changed.json();
    expect(message).toBe('Password changed successfully');
    expect(typeof freshToken).toBe('string');
    expect(changed.headers['set-cookie']).toContain('access_token=');

    expect((await call(ctx.app, 'GET', `${API}/users/current`, { token: oldToken })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', `${API}/users/current`, { token: freshToken })).statusCode).toBe(200);

    const oldLogin = await send(ctx.app, 'POST', `${API}/users/login`, {
      body: { email: input.email, password: input.password },
      ip: uniqueIp(),
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await send(ctx.app, 'POST', `${API}/users/login`, {
      body: { email: input.email, password: newPassword },
      ip: uniqueIp(),
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('DELETE /users/account', () => {
  it('a wrong password is 400 and keeps the account', async () => {
    const { token } = await registerCustomer(ctx.app);
    const wrong = await call(ctx.app, 'DELETE', `${API}/users/account`, {
      token,
      body: { password: 'nope-nope' },
    });
    expectProblem(wrong, 400, 'Password is incorrect');
    const missing = await call(ctx.app, 'DELETE', `${API}/users/account`, { token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `${API}/users/current`, { token })).statusCode).toBe(200);
  });

  it('erases personal data and engagement, fixes store figures, revokes tokens, frees the e-mail', async () => {
    const { token, input, user } = await registerCustomer(ctx.app, {
      firstName: 'Erased',
      lastName: 'Person',
    });
    const store = await ctx.createStore();
    const offer = await ctx.createOffer({ storeId: store.id });
    const other = await ctx.customer();
    await call(ctx.app, 'POST', `${API}/offers/${offer.id}/favorite`, { token });
    await call(ctx.app, 'POST', `${API}/stores/${store.id}/toggle-follow`, { token });
    await call(ctx.app, 'POST', `${API}/stores/${store.id}/toggle-follow`, { token: other.token });
    await ctx.createCompletedVisit(user.id, store.id);
    await ctx.createCompletedVisit(other.user.id, store.id);
    await call(ctx.app, 'POST', `${API}/reviews`, {
      token,
      body: { store_id: store.id, rating: 1, text: 'Bad' },
    });
    await call(ctx.app, 'POST', `${API}/reviews`, {
      token: other.token,
      body: { store_id: store.id, rating: 5, text: 'Good' },
    });
    await accountSettings(ctx.app, token, { smsAlerts: false });
    await call(ctx.app, 'PUT', `${API}/users/preferences`, { token, body: { darkMode: true } });

    const deleted = await call(ctx.app, 'DELETE', `${API}/users/account`, {
      token,
      body: { password: input.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().success).toBe(true);

    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: 'Deleted',
      lastName: 'Deleted',
      phoneNumber: null,
      passwordHash: null,
      avatar: null,
      googleSub: null,
      darkMode: null,
      isEmailVerified: false,
      isPhoneVerified: false,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.email).toMatch(/@deleted\.invalid$/);
    const rowText = JSON.stringify(row);
    for (const personal of [input.email, input.phoneNumber, 'Erased', 'Person']) {
      expect(rowText.toLowerCase()).not.toContain(String(personal).toLowerCase());
    }
    for (const table of [favorites, storeFollows, reviews] as const) {
      expect(await ctx.app.db.select().from(table).where(eq(table.userId, user.id))).toHaveLength(0);
    }
    expect(
      await ctx.app.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id)),
    ).toHaveLength(0);
    expect(await ctx.app.db.select().from(otpCodes).where(eq(otpCodes.accountId, user.id))).toHaveLength(0);

    const [figures] = await ctx.app.db.select().from(stores).where(eq(stores.id, store.id));
    expect(figures).toMatchObject({ followers: 1, totalReviews: 1, rating: '5.00' });

    expect((await call(ctx.app, 'GET', `${API}/users/current`, { token })).statusCode).toBe(401);
    const login = await send(ctx.app, 'POST', `${API}/users/login`, {
      body: { email: input.email, password: input.password },
      ip: uniqueIp(),
    });
    expect(login.statusCode).toBe(401);

    const again = await registerCustomer(ctx.app, { email: input.email });
    expect(again.user.email).toBe(input.email.toLowerCase());
    expect(again.user.id).not.toBe(user.id);
  });
});
