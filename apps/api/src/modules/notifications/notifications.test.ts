import { NOTIFICATION_CENTRE_DEFAULTS } from '@d3/shared/engagement/engagement-schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeFollows } from '../../db/schema/engagement.js';
import { notificationBroadcasts, notifications, pushSubscriptions } from '../../db/schema/notifications.js';
import { registerCustomer } from '../../test/accounts-helpers.js';
import { API, call, UNKNOWN_ID, useApiTestApp } from '../../test/build-app.js';
import { expectProblem, expectProblemCode } from '../../test/problems.js';
import { notify } from './notifications-service.js';

const ctx = useApiTestApp();

interface Emitted {
  userId: string;
  event: string;
  payload: Record<string, unknown>;
}
const emitted: Emitted[] = [];

beforeAll(async () => {
  // The realtime port the chat module provides in production: here it records what is emitted.
  Object.assign(ctx.app, {
    realtime: {
      emitToUser: (userId: string, event: string, payload: Record<string, unknown>) =>
        emitted.push({ userId, event, payload }),
      emitToStore: () => undefined,
      isUserOnline: async () => false,
      isViewingConversation: async () => false,
    },
  });
});

beforeEach(() => {
  emitted.length = 0;
});

async function seedNotification(userId: string, overrides: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await ctx.app.db
    .insert(notifications)
    .values({
      userId,
      type: 'booking_confirmed',
      title: 'Booking Confirmed',
      message: 'See you soon',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A notification's stored row; undefined once it is deleted. */
async function storedNotification(id: string) {
  const [row] = await ctx.app.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /notifications', () => {
  it('lists only the caller’s notifications, priority first then newest, with derived fields and pagination', async () => {
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    await seedNotification(other.user.id, { title: 'Not yours' });
    const low = await seedNotification(user.id, { priority: 'low', title: 'Low', createdAt: minutesAgo(1) });
    const normalOld = await seedNotification(user.id, { title: 'Old', createdAt: minutesAgo(120) });
    const normalNew = await seedNotification(user.id, { title: 'New', createdAt: minutesAgo(5) });
    const urgent = await seedNotification(user.id, {
      priority: 'urgent',
      title: 'Urgent',
      createdAt: minutesAgo(60 * 24 * 3),
      actionUrl: '/stores/x',
    });

    const response = await call(ctx.app, 'GET', `${API}/notifications`, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.notifications.map((n: { id: string }) => n.id)).toEqual([
      urgent.id,
      normalNew.id,
      normalOld.id,
      low.id,
    ]);
    expect(body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalCount: 4,
      limit: 20,
      hasNextPage: false,
    });
    expect(body.data.pagination).toEqual(body.pagination);
    const [first, second, third] = body.data.notifications;
    expect(first).toMatchObject({
      type: 'booking_confirmed',
      title: 'Urgent',
      read: false,
      isRead: false,
      priority: 'urgent',
      actionUrl: '/stores/x',
      timeAgo: '3d ago',
      isNew: false,
      icon: 'calendar',
      color: 'red',
      team: 'D3 Deals',
    });
    expect(second).toMatchObject({ timeAgo: '5m ago', isNew: true, description: 'See you soon' });
    expect(third).toMatchObject({ timeAgo: '2h ago', isNew: false });
  });

  it('pages by limit, filters by type and unreadOnly, and refuses an unknown type with 400', async () => {
    const { user, token } = await ctx.customer();
    for (let i = 0; i < 3; i += 1) await seedNotification(user.id, { createdAt: minutesAgo(i + 1) });
    await seedNotification(user.id, { type: 'new_review', title: 'Review', readAt: new Date() });
    const page2 = await call(ctx.app, 'GET', `${API}/notifications?page=2&limit=3`, { token });
    expect(page2.json().data.notifications).toHaveLength(1);
    expect(page2.json().pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalCount: 4,
      limit: 3,
      hasNextPage: false,
    });
    const reviews = await call(ctx.app, 'GET', `${API}/notifications?type=new_review`, { token });
    expect(reviews.json().data.notifications.map((n: { title: string }) => n.title)).toEqual(['Review']);
    const all = await call(ctx.app, 'GET', `${API}/notifications?type=all&unreadOnly=true`, { token });
    expect(all.json().pagination.totalCount).toBe(3);
    const bad = await call(ctx.app, 'GET', `${API}/notifications?type=drop%20table`, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(bad.json())).toContain('Unknown notification type');
  });

  it('needs a session (401) and lets a merchant read only the merchant’s own', async () => {
    const anonymous = await call(ctx.app, 'GET', `${API}/notifications`);
    expect(anonymous.statusCode).toBe(401);
    const merchant = await ctx.createMerchant();
    const { user } = await ctx.customer();
    await seedNotification(user.id);
    await ctx.app.db
      .insert(notifications)
      .values({ merchantId: merchant.id, type: 'store_follow', title: 'New follower', message: 'x' });
    const response = await call(ctx.app, 'GET', `${API}/notifications`, {
      token: await ctx.merchantToken(merchant.id),
    });
    expect(response.json().data.notifications.map((n: { title: string }) => n.title)).toEqual([
      'New follower',
    ]);
  });
});

describe('GET /notifications/counts', () => {
  it('answers total, unread and unread byType', async () => {
    const { user, token } = await ctx.customer();
    await seedNotification(user.id, { type: 'new_message' });
    await seedNotification(user.id, { type: 'chat_started' });
    await seedNotification(user.id, { type: 'booking_reminder' });
    await seedNotification(user.id, { type: 'booking_created', readAt: new Date() });
    await seedNotification(user.id, { type: 'service_request_offer' });
    await seedNotification(user.id, { type: 'offer_accepted' });
    await seedNotification(user.id, { type: 'store_follow' });
    await seedNotification(user.id, { type: 'system' });
    const response = await call(ctx.app, 'GET', `${API}/notifications/counts`, { token });
    expect(response.json()).toEqual({
      success: true,
      data: {
        total: 8,
        unread: 7,
        byType: { message: 2, booking: 1, offer: 2, service_request_offer: 1, store_follow: 1 },
      },
    });
  });
});

describe('GET /notifications/:id', () => {
  it('shows the caller’s notification and answers 404 for another user’s, an unknown or a malformed id', async () => {
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    const mine = await seedNotification(user.id, { title: 'Mine' });
    const theirs = await seedNotification(other.user.id);
    const ok = await call(ctx.app, 'GET', `${API}/notifications/${mine.id}`, { token });
    expect(ok.json().data).toMatchObject({ id: mine.id, title: 'Mine' });
    expect(ok.json().notification.id).toBe(mine.id);
    for (const id of [theirs.id, UNKNOWN_ID, 'not-a-uuid', "1'%20or%20'1'='1"]) {
      const response = await call(ctx.app, 'GET', `${API}/notifications/${id}`, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    }
  });
});

describe('PUT /notifications/:id/read', () => {
  it('marks read, emits notification_read and the new count, is idempotent, and never touches another user’s', async () => {
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    const first = await seedNotification(user.id);
    await seedNotification(user.id);
    const theirs = await seedNotification(other.user.id);
    const response = await call(ctx.app, 'PUT', `${API}/notifications/${first.id}/read`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: first.id, read: true, isRead: true });
    expect(emitted).toEqual([
      { userId: user.id, event: 'notification_read', payload: { notificationIds: [first.id], unread: 1 } },
      { userId: user.id, event: 'notification_count_update', payload: { unread: 1, total: 2 } },
    ]);
    emitted.length = 0;
    const again = await call(ctx.app, 'PUT', `${API}/notifications/${first.id}/read`, { token });
    expect(again.json().data.read).toBe(true);
    expect(emitted).toEqual([]);
    const forbidden = await call(ctx.app, 'PUT', `${API}/notifications/${theirs.id}/read`, { token });
    expect(forbidden.statusCode).toBe(404);
    expect((await storedNotification(theirs.id))!.readAt).toBeNull();
  });
});

describe('PUT /notifications/mark-all-read', () => {
  it('marks every unread one read, or only one type with ?type', async () => {
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    await seedNotification(user.id, { type: 'new_review' });
    await seedNotification(user.id, { type: 'booking_created' });
    await seedNotification(user.id, { type: 'booking_created' });
    const theirs = await seedNotification(other.user.id);
    const typed = await call(ctx.app, 'PUT', `${API}/notifications/mark-all-read?type=booking_created`, {
      token,
    });
    expect(typed.json()).toEqual({
      success: true,
      message: 'All notifications marked as read',
      data: { updated: 2, unread: 1 },
    });
    expect(emitted[0]).toEqual({
      userId: user.id,
      event: 'notification_read',
      payload: { notificationIds: 'all', type: 'booking_created', unread: 1 },
    });
    const all = await call(ctx.app, 'PUT', `${API}/notifications/mark-all-read`, { token });
    expect(all.json().data).toEqual({ updated: 1, unread: 0 });
    expect((await storedNotification(theirs.id))!.readAt).toBeNull();
  });
});

describe('PUT /notifications/bulk/mark-read and DELETE /notifications/bulk', () => {
  it('reads and deletes only the caller’s ids among those sent, ignoring another user’s', async () => {
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    const a = await seedNotification(user.id);
    const b = await seedNotification(user.id);
    const c = await seedNotification(user.id);
    const theirs = await seedNotification(other.user.id);
    const read = await call(ctx.app, 'PUT', `${API}/notifications/bulk/mark-read`, {
      token,
      body: { notificationIds: [a.id, b.id, b.id, theirs.id] },
    });
    expect(read.json()).toEqual({
      success: true,
      message: 'Notifications marked as read',
      data: { updated: 2, unread: 1 },
    });
    const removed = await call(ctx.app, 'DELETE', `${API}/notifications/bulk`, {
      token,
      body: { notificationIds: [a.id, c.id, theirs.id] },
    });
    expect(removed.json()).toEqual({
      success: true,
      message: 'Notifications deleted',
      data: { deleted: 2, unread: 0 },
    });
    expect(await storedNotification(theirs.id)).toBeDefined();
  });

  it('refuses an empty list, more than 100 ids and a malformed id with 400', async () => {
    const { token } = await ctx.customer();
    for (const notificationIds of [[], Array.from({ length: 101 }, () => UNKNOWN_ID), ['x\u0000']]) {
      const response = await call(ctx.app, 'PUT', `${API}/notifications/bulk/mark-read`, {
        token,
        body: { notificationIds },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toMatch(/VALIDATION_ERROR|BAD_REQUEST/);
    }
    const missing = await call(ctx.app, 'DELETE', `${API}/notifications/bulk`, { token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Send between 1 and 100 notification ids');
  });
});

describe('DELETE /notifications/:id', () => {
  it('deletes the caller’s notification and answers 404 for another user’s', async () => {
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    const mine = await seedNotification(user.id);
    const theirs = await seedNotification(other.user.id);
    const response = await call(ctx.app, 'DELETE', `${API}/notifications/${mine.id}`, { token });
    expect(response.json()).toEqual({
      success: true,
      message: 'Notification deleted',
      data: { deleted: 1, unread: 0 },
    });
    expect(await storedNotification(mine.id)).toBeUndefined();
    const denied = await call(ctx.app, 'DELETE', `${API}/notifications/${theirs.id}`, { token });
    expect(denied.statusCode).toBe(404);
    expect(await storedNotification(theirs.id)).toBeDefined();
  });
});

describe('DELETE /notifications/cleanup', () => {
  it('deletes only the caller’s read notifications older than the cut-off (30 days by default)', async () => {
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    const oldRead = await seedNotification(user.id, {
      readAt: new Date(),
      createdAt: minutesAgo(60 * 24 * 31),
    });
    const oldUnread = await seedNotification(user.id, { createdAt: minutesAgo(60 * 24 * 31) });
    const recentRead = await seedNotification(user.id, {
      readAt: new Date(),
      createdAt: minutesAgo(60 * 24 * 2),
    });
    const theirs = await seedNotification(other.user.id, {
      readAt: new Date(),
      createdAt: minutesAgo(60 * 24 * 31),
    });
    const response = await call(ctx.app, 'DELETE', `${API}/notifications/cleanup`, { token });
    expect(response.json()).toEqual({
      success: true,
      message: 'Old read notifications deleted',
      data: { deleted: 1, unread: 1 },
    });
    const ids = (await ctx.app.db.select({ id: notifications.id }).from(notifications)).map((r) => r.id);
    expect(ids).not.toContain(oldRead.id);
    expect(ids).toEqual(expect.arrayContaining([oldUnread.id, recentRead.id, theirs.id]));
    const byPost = await call(ctx.app, 'POST', `${API}/notifications/cleanup?olderThanDays=1`, { token });
    expect(byPost.json().data).toEqual({ deleted: 1, unread: 1 });
    const bad = await call(ctx.app, 'POST', `${API}/notifications/cleanup?olderThanDays=0`, { token });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('olderThanDays must be a whole number from 1 to 365');
  });
});

describe('GET /notifications/analytics', () => {
  it('counts the caller’s notifications by type and priority with the read rate', async () => {
    const { user, token } = await ctx.customer();
    await seedNotification(user.id, { type: 'new_review', priority: 'high', readAt: new Date() });
    await seedNotification(user.id, { type: 'new_review' });
    await seedNotification(user.id, { type: 'booking_created', createdAt: minutesAgo(60 * 24 * 10) });
    await seedNotification(user.id, { type: 'system', priority: 'low', readAt: new Date() });
    const response = await call(ctx.app, 'GET', `${API}/notifications/analytics`, { token });
    expect(response.json()).toEqual({
      success: true,
      data: {
        total: 4,
        unread: 2,
        read: 2,
        readRate: 0.5,
        last7Days: 3,
        byType: {
          new_review: { total: 2, unread: 1 },
          booking_created: { total: 1, unread: 1 },
          system: { total: 1, unread: 0 },
        },
        byPriority: { urgent: 0, high: 1, normal: 2, low: 1 },
      },
    });
  });
});

describe('GET /notifications/store/:id', () => {
  it('gives a merchant its store’s notifications, 403 for another merchant’s store, 400 for a malformed id', async () => {
    const merchant = await ctx.createMerchant();
    const store = await ctx.createStore({ merchantId: merchant.id });
    const otherStore = await ctx.createStore();
    await ctx.app.db.insert(notifications).values([
      { merchantId: merchant.id, type: 'store_follow', title: 'Follower', message: 'x', storeId: store.id },
      { merchantId: merchant.id, type: 'system', title: 'General', message: 'x' },
    ]);
    const token = await ctx.merchantToken(merchant.id);
    const ok = await call(ctx.app, 'GET', `${API}/notifications/store/${store.id}`, { token });
    expect(ok.json().data.notifications.map((n: { title: string }) => n.title)).toEqual(['Follower']);
    const denied = await call(ctx.app, 'GET', `${API}/notifications/store/${otherStore.id}`, { token });
    expect(denied.statusCode).toBe(403);
    const bad = await call(ctx.app, 'GET', `${API}/notifications/store/nope`, { token });
    expectProblem(bad, 400, 'Invalid store ID format');
  });

  it('gives a customer only their own notifications from that store', async () => {
    const store = await ctx.createStore();
    const { user, token } = await ctx.customer();
    const other = await ctx.customer();
    await seedNotification(user.id, { storeId: store.id, title: 'From store' });
    await seedNotification(user.id, { title: 'Elsewhere' });
    await seedNotification(other.user.id, { storeId: store.id, title: 'Theirs' });
    const response = await call(ctx.app, 'GET', `${API}/notifications/store/${store.id}`, { token });
    expect(response.json().data.notifications.map((n: { title: string }) => n.title)).toEqual(['From store']);
  });
});

describe('GET /notifications/health', () => {
  it('answers ok without a session', async () => {
    const response = await call(ctx.app, 'GET', `${API}/notifications/health`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, status: 'ok', service: 'notifications' });
  });
});

describe('POST /notifications', () => {
  it('does not exist: nobody sends arbitrary notifications (404)', async () => {
    const { token } = await ctx.customer();
    const response = await call(ctx.app, 'POST', `${API}/notifications`, {
      token,
      body: { title: 'Free money', message: 'click' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /notifications/broadcast', () => {
  it('notifies the store’s followers (respecting storeUpdates), emits new_notification, and needs the store’s merchant', async () => {
    const merchant = await ctx.createMerchant();
    const store = await ctx.createStore({ merchantId: merchant.id, name: 'Glow Spa' });
    const follower = await ctx.customer();
    const muted = await ctx.customer();
    const stranger = await ctx.customer();
    await ctx.app.db.insert(storeFollows).values([
      { userId: follower.user.id, storeId: store.id },
      { userId: muted.user.id, storeId: store.id },
    ]);
    const mute = await call(ctx.app, 'PUT', `${API}/notifications/settings`, {
      token: muted.token,
      body: { storeUpdates: false },
    });
    expect(mute.statusCode).toBe(200);
    const token = await ctx.merchantToken(merchant.id);
    const response = await call(ctx.app, 'POST', `${API}/notifications/broadcast`, {
      token,
      body: {
        storeId: store.id,
        title: '  Weekend sale  ',
        message: '20% off $& everything',
        actionUrl: 'https://evil.example',
      },
    });
    expect(response.json()).toEqual({
      success: true,
      message: 'Announcement sent to your followers',
      data: { recipients: 1 },
    });
    const list = await call(ctx.app, 'GET', `${API}/notifications`, { token: follower.token });
    expect(list.json().data.notifications[0]).toMatchObject({
      type: 'store_update',
      title: 'Weekend sale',
      message: '20% off $& everything',
      actionUrl: `/stores/${store.id}`,
      team: 'Glow Spa',
      store: { id: store.id, name: 'Glow Spa', logo_url: null },
    });
    expect(emitted.filter((e) => e.event === 'new_notification').map((e) => e.userId)).toEqual([
      follower.user.id,
    ]);
    for (const who of [muted, stranger]) {
      const theirs = await call(ctx.app, 'GET', `${API}/notifications`, { token: who.token });
      expect(theirs.json().pagination.totalCount).toBe(0);
    }
    const asCustomer = await call(ctx.app, 'POST', `${API}/notifications/broadcast`, {
      token: follower.token,
      body: { storeId: store.id, title: 'x', message: 'y' },
    });
    expect(asCustomer.statusCode).toBe(403);
    const otherMerchant = (await ctx.merchant()).token;
    const notOwner = await call(ctx.app, 'POST', `${API}/notifications/broadcast`, {
      token: otherMerchant,
      body: { storeId: store.id, title: 'x', message: 'y' },
    });
    expect(notOwner.statusCode).toBe(403);
  });

  it('validates the title and message with their messages', async () => {
    const merchant = await ctx.createMerchant();
    const store = await ctx.createStore({ merchantId: merchant.id });
    const token = await ctx.merchantToken(merchant.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ storeId: store.id, title: '   ', message: 'y' }, 'Title is required'],
      [{ storeId: store.id, title: 'x'.repeat(121), message: 'y' }, 'Title must be at most 120 characters'],
      [
        { storeId: store.id, title: 'x', message: 'y'.repeat(1001) },
        'Message must be at most 1000 characters',
      ],
      [{ storeId: store.id, title: 'x' }, 'Message is required'],
      [{ storeId: 'abc', title: 'x', message: 'y' }, 'Invalid store ID format'],
    ];
    for (const [body, message] of cases) {
      const response = await call(ctx.app, 'POST', `${API}/notifications/broadcast`, { token, body });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
  });

  it('allows 5 broadcasts per store per 24 hours, then 429 with Retry-After', async () => {
    const merchant = await ctx.createMerchant();
    const store = await ctx.createStore({ merchantId: merchant.id });
    const token = await ctx.merchantToken(merchant.id);
    await ctx.app.db.insert(notificationBroadcasts).values(
      Array.from({ length: 4 }, (_, i) => ({
        storeId: store.id,
        merchantId: merchant.id,
        title: `t${i}`,
        recipients: 0,
        createdAt: minutesAgo(60 * 23 - i),
      })),
    );
    const fifth = await call(ctx.app, 'POST', `${API}/notifications/broadcast`, {
      token,
      body: { storeId: store.id, title: 'fifth', message: 'y' },
    });
    expect(fifth.statusCode).toBe(200);
    const sixth = await call(ctx.app, 'POST', `${API}/notifications/broadcast`, {
      token,
      body: { storeId: store.id, title: 'sixth', message: 'y' },
    });
    expectProblemCode(sixth, 429, 'RATE_LIMITED');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });
});

describe('GET and PUT /notifications/settings', () => {
  it('is one row with the profile’s toggles: notifications is push, smsAlerts is shared', async () => {
    const { token } = await ctx.customer();
    const initial = await call(ctx.app, 'GET', `${API}/notifications/settings`, { token });
    expect(initial.json().settings).toEqual(NOTIFICATION_CENTRE_DEFAULTS);
    await call(ctx.app, 'PUT', `${API}/users/notification-settings`, {
      token,
      body: { notifications: false },
    });
    const after = await call(ctx.app, 'GET', `${API}/notifications/settings`, { token });
    expect(after.json().settings.push).toBe(false);
  });
});

describe('GET and PUT /notifications/settings for a merchant (issue 13)', () => {
  it('a merchant token reads and saves its own switches, apart from any customer’s, and notify honours them', async () => {
    const { merchant, token } = await ctx.merchant();
    const other = await ctx.customer();

    const initial = await call(ctx.app, 'GET', `${API}/notifications/settings`, { token });
    expect(initial.statusCode).toBe(200);
    expect(initial.json().settings).toEqual(NOTIFICATION_CENTRE_DEFAULTS);

    const saved = await call(ctx.app, 'PUT', `${API}/notifications/settings`, {
      token,
      body: { bookings: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({ bookings: false, messages: true, push: true });
    const again = await call(ctx.app, 'GET', `${API}/notifications/settings`, { token });
    expect(again.json().settings.bookings).toBe(false);
    // The customer's row is another row.
    const theirs = await call(ctx.app, 'GET', `${API}/notifications/settings`, { token: other.token });
    expect(theirs.json().settings.bookings).toBe(true);

    const empty = await call(ctx.app, 'PUT', `${API}/notifications/settings`, { token, body: {} });
    expectProblemCode(empty, 400, 'VALIDATION_ERROR');

    const skipped = await notify(ctx.app.notifications, {
      userId: merchant.id,
      recipientRole: 'merchant',
      type: 'booking_created',
      title: 'New booking',
      message: 'Amina booked a haircut',
    });
    expect(skipped).toBeNull();
    const sent = await notify(ctx.app.notifications, {
      userId: merchant.id,
      recipientRole: 'merchant',
      type: 'new_message',
      title: 'New message',
      message: 'Hello',
    });
    expect(sent?.title).toBe('New message');

    const anonymous = await call(ctx.app, 'GET', `${API}/notifications/settings`);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('deleting an account deletes its notifications and push subscriptions, and sends it no more', async () => {
    const { token, input, user } = await registerCustomer(ctx.app);
    const other = await ctx.customer();
    await seedNotification(user.id);
    await seedNotification(user.id, { readAt: new Date() });
    await seedNotification(other.user.id);
    await ctx.app.db.insert(pushSubscriptions).values([
      { userId: user.id, endpoint: `https://push.example/${user.id}`, p256dh: 'k', auth: 'a' },
      { userId: other.user.id, endpoint: `https://push.example/${other.user.id}`, p256dh: 'k', auth: 'a' },
    ]);

    const deleted = await call(ctx.app, 'DELETE', `${API}/users/account`, {
      token,
      body: { password: input.password },
    });
    expect(deleted.statusCode).toBe(200);
    await ctx.app.events.drain();

    const mine = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(mine).toEqual([]);
    const subs = await ctx.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(subs).toEqual([]);
    // Another user's rows stay.
    const theirs = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, other.user.id));
    expect(theirs).toHaveLength(1);
    const theirSubs = await ctx.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, other.user.id));
    expect(theirSubs).toHaveLength(1);
    // A producer that fires later (e.g. the cancellations the erasure publishes) creates nothing.
    const late = await notify(ctx.app.notifications, {
      userId: user.id,
      type: 'booking_cancelled',
      title: 'Booking Cancelled',
      message: 'Too late',
    });
    expect(late).toBeNull();
    expect(await ctx.app.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual(
      [],
    );
  });
});
