import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
// @ts-expect-error http_ece (web-push's own encryption library) ships no types
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { loadVapidKeys } from '../../adapters/push/web-push-sender.js';
import { pushSubscriptions } from '../../db/schema/notifications.js';
import { API, call } from '../../test/build-app.js';
import { browserKeys, usePushServiceApp } from '../../test/push.js';
import { notify, pushesSettled } from './notifications-service.js';

const { ctx, pushService, base } = usePushServiceApp();

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and served to the site', async () => {
    const file = JSON.parse(await readFile(path.join(ctx.config.dataDir, 'vapid-keys.json'), 'utf8'));
    expect(loadVapidKeys(ctx.config.dataDir)).toEqual(file);
    expect(file.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const response = await call(ctx.app, 'GET', `${API}/notifications/push-subscription/key`);
    expect(response.json()).toEqual({ success: true, publicKey: file.publicKey });
    expect(loadVapidKeys(ctx.config.dataDir, { publicKey: 'pub', privateKey: 'priv' })).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
    });
  });
});

describe('POST and DELETE /notifications/push-subscription', () => {
  it('saves a subscription, pushes each new notification encrypted to it, and removes it', async () => {
    const { user, token } = await ctx.customer();
    const browser = browserKeys();
    const endpoint = `${base()}/push/${user.id}`;
    const saved = await call(ctx.app, 'POST', `${API}/notifications/push-subscription`, {
      token,
      body: { subscription: { endpoint, keys: browser.keys } },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ success: true, message: 'Push subscription saved' });
    const id = saved.json().data.id as string;

    const before = pushService.received.length;
    await notify(ctx.app.notifications, {
      userId: user.id,
      type: 'booking_confirmed',
      title: 'Booking Confirmed',
      message: 'See you at 10:30',
      actionUrl: '/booking-details/abc',
    });
    // Pushes leave after the bell's events, on their own (issue 31 finding 3).
    await pushesSettled(ctx.app.notifications);
    const push = pushService.received.slice(before).find((p) => p.path === `/push/${user.id}`)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const clear = ece.decrypt(push.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    expect(JSON.parse(clear.toString('utf8'))).toMatchObject({
      title: 'Booking Confirmed',
      body: 'See you at 10:30',
      type: 'booking_confirmed',
      actionUrl: '/booking-details/abc',
    });

    const other = await ctx.customer();
    const notYours = await call(ctx.app, 'DELETE', `${API}/notifications/push-subscription/${id}`, {
      token: other.token,
    });
    expect(notYours.statusCode).toBe(404);
    const removed = await call(ctx.app, 'DELETE', `${API}/notifications/push-subscription/${id}`, { token });
    expect(removed.json()).toEqual({ success: true, message: 'Push subscription removed' });
    expect(
      await ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)),
    ).toHaveLength(0);
  });

  it('deletes a subscription the push service reports gone (410) and sends nothing when push is off', async () => {
    const { user, token } = await ctx.customer();
    const gone = `${base()}/push/gone-${user.id}`;
    pushService.gone.add(`gone-${user.id}`);
    await call(ctx.app, 'POST', `${API}/notifications/push-subscription`, {
      token,
      body: { subscription: { endpoint: gone, keys: browserKeys().keys } },
    });
    await notify(ctx.app.notifications, { userId: user.id, type: 'system', title: 'Hello', message: 'x' });
    await pushesSettled(ctx.app.notifications);
    expect(
      await ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone)),
    ).toHaveLength(0);

    const live = `${base()}/push/live-${user.id}`;
    await call(ctx.app, 'POST', `${API}/notifications/push-subscription`, {
      token,
      body: { subscription: { endpoint: live, keys: browserKeys().keys } },
    });
    await call(ctx.app, 'PUT', `${API}/users/notification-settings`, {
      token,
      body: { notifications: false },
    });
    const before = pushService.received.length;
    await notify(ctx.app.notifications, { userId: user.id, type: 'system', title: 'Quiet', message: 'x' });
    await pushesSettled(ctx.app.notifications);
    expect(pushService.received.slice(before).filter((p) => p.path.endsWith(user.id))).toHaveLength(0);
  });

  it('refuses a subscription without an https endpoint or keys with 400', async () => {
    const { token } = await ctx.customer();
    const bodies = [
      {},
      { subscription: { endpoint: 'ftp://push.example/x', keys: browserKeys().keys } },
      { subscription: { endpoint: 'http://169.254.169.254/latest', keys: browserKeys().keys } },
      { subscription: { endpoint: 'https://push.example/x' } },
    ];
    for (const body of bodies) {
      const response = await call(ctx.app, 'POST', `${API}/notifications/push-subscription`, { token, body });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(
        'A push subscription needs an https endpoint of a known push service and its p256dh and auth keys',
      );
    }
    const anonymous = await call(ctx.app, 'POST', `${API}/notifications/push-subscription`, {
      body: { subscription: { endpoint: 'https://push.example/x', keys: browserKeys().keys } },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
