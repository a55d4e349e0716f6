import { DEFAULT_LOCALE, type Locale } from '@d3/shared/i18n/locale';
import {
  isNewNotification,
  type NotificationPriority,
  notificationGroup,
  notificationTimeAgo,
  settingForType,
} from '@d3/shared/notifications/notification-rules';
import {
  isUuid,
  NOTIFICATION_MESSAGES,
  type TNotification,
  type TNotificationCounts,
  type TNotificationListQuery,
} from '@d3/shared/notifications/notification-schemas';
import type { FastifyBaseLogger } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';
import {
  DEFAULT_PUSH_SERVICE_HOSTS,
  isAllowedPushEndpoint,
  type PushEndpointPolicy,
} from '../../adapters/push/push-endpoint-policy.js';
import { NO_PUSH, type PushSender } from '../../adapters/push/push-sender.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { customerNames, recipientLocales } from '../accounts/accounts-service.js';
import { storeFollowerIds } from '../engagement/follows-service.js';
import { notificationSettingsOf, notificationSettingsOfMany } from '../engagement/profile-service.js';
import { assertStoreOwner, storeBasics } from '../stores/stores-service.js';
import { NO_DELIVERY, NOTIFICATION_EVENTS, type NotificationDelivery } from './notification-delivery.js';
import type { NotificationRow, Recipient } from './notifications-repository.js';
import * as repository from './notifications-repository.js';

export type { Recipient } from './notifications-repository.js';

/**
 * A text as written (a merchant's broadcast, a chat preview), or written for the recipient's
 * language (issue 33): `notifyMany` calls it with the recipient's `locale`.
 */
export type LocalizedText = string | ((locale: Locale) => string);

/** What a producer (bookings, chat, engagement, service requests) hands to `notify`. */
export interface NotifyInput {
  /** The customer's id, or the merchant's with recipientRole 'merchant'. */
  userId: string;
  recipientRole?: 'customer' | 'merchant';
  type: string;
  title: LocalizedText;
  message: LocalizedText;
  subtitle?: string | null;
  actionUrl?: string | null;
  actionType?: string | null;
  data?: Record<string, unknown>;
  priority?: NotificationPriority;
  storeId?: string | null;
  sender?: string | null;
  /** The setting that allows it, when not the type's group (broadcasts: storeUpdates). */
  setting?: 'messages' | 'bookings' | 'offers' | 'storeUpdates';
}

export interface NotificationsDependencies {
  db: Db;
  delivery?: () => NotificationDelivery;
  push?: PushSender;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
  /** Which endpoints a subscription may name (push-endpoint-policy.ts). */
  pushPolicy?: PushEndpointPolicy;
  /** Push limits (issue 31 finding 3). */
  pushLimits?: Partial<PushLimits>;
}

export interface PushLimits {
  /** Subscriptions kept per account (the newest). */
  perAccount: number;
  /** Sends in flight at once, for the whole process. */
  concurrency: number;
  /** Failures in a row after which a subscription is dropped. */
  dropAfterFailures: number;
}

export const DEFAULT_PUSH_LIMITS: PushLimits = { perAccount: 5, concurrency: 16, dropAfterFailures: 3 };

const ICONS = {
  message: 'message-circle',
  booking: 'calendar',
  offer: 'tag',
  store: 'store',
  system: 'bell',
};
const COLORS: Record<string, string> = { urgent: 'red', high: 'orange', normal: 'blue', low: 'gray' };

export const BROADCAST_LIMIT = 5;
export const BROADCAST_WINDOW_MS = 24 * 60 * 60_000;

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

export function toNotificationView(row: NotificationRow, now: Date): TNotification {
  const data = row.data ?? {};
  const storeName = str(data.storeName);
  const createdAt = row.createdAt.toISOString();
  const timeAgo = notificationTimeAgo(row.createdAt, now);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    subtitle: row.subtitle,
    message: row.message,
    description: row.message,
    createdAt,
    read: row.readAt !== null,
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    priority: row.priority as NotificationPriority,
    avatar: str(data.avatar),
    actionUrl: row.actionUrl,
    actionType: row.actionType,
    data,
    metadata: data,
    sender: row.sender,
    store: row.storeId && storeName ? { id: row.storeId, name: storeName, logo_url: str(data.avatar) } : null,
    time: timeAgo,
    timeAgo,
    isNew: isNewNotification(row.createdAt, now),
    team: row.sender ?? storeName ?? 'D3 Deals',
    icon: ICONS[notificationGroup(row.type)],
    color: COLORS[row.priority] ?? 'blue',
  };
}

/** The types a `type` filter covers: one type (seed 001 §7 filters by type). */
function typesOf(type: string | undefined): readonly string[] | undefined {
  return type ? [type] : undefined;
}

/**
 * The notifications module (issue 11): owns notifications, broadcasts, push subscriptions and
 * notification jobs. Producers call `notify`; it honours the recipient's settings, stores the
 * notification, tells their open sockets and sends Web Push.
 */
export interface NotificationsContext {
  db: Db;
  /** Read on each use: the realtime port is set once the socket server is up. */
  delivery: () => NotificationDelivery;
  push: PushSender;
  log: NotificationsDependencies['log'];
  now: () => Date;
  pushPolicy: PushEndpointPolicy;
  pushLimits: PushLimits;
  /** Push sends in flight for the whole process (never more than pushLimits.concurrency). */
  pushSlots: LimitFunction;
  /** Push batches not yet settled (pushesSettled waits for them). */
  pushing: Set<Promise<void>>;
}

/** Built once per app (notifications-setup.ts); tests build their own. */
export function createNotificationsContext(deps: NotificationsDependencies): NotificationsContext {
  return {
    db: deps.db,
    delivery: deps.delivery ?? (() => NO_DELIVERY),
    push: deps.push ?? NO_PUSH,
    log: deps.log,
    now: deps.now ?? (() => new Date()),
    pushPolicy: deps.pushPolicy ?? { hosts: DEFAULT_PUSH_SERVICE_HOSTS, simulatorOrigin: undefined },
    pushLimits: { ...DEFAULT_PUSH_LIMITS, ...deps.pushLimits },
    pushSlots: pLimit({ ...DEFAULT_PUSH_LIMITS, ...deps.pushLimits }.concurrency),
    pushing: new Set(),
  };
}

/** Resolves when every push started so far has been sent or has failed (shutdown and tests). */
export async function pushesSettled(ctx: NotificationsContext): Promise<void> {
  while (ctx.pushing.size > 0) await Promise.allSettled([...ctx.pushing]);
}

/** The recipient's switches (a customer's or a merchant's; no row: every switch on). */
export async function settingsOf(ctx: NotificationsContext, recipient: Recipient) {
  return notificationSettingsOf(ctx.db, recipient);
}

/**
 * Creates one notification unless the recipient switched its group off (messages, bookings,
 * offers, storeUpdates; system always arrives). Returns null when skipped.
 */
export async function notify(ctx: NotificationsContext, input: NotifyInput): Promise<TNotification | null> {
  const [view] = await notifyMany(ctx, [input]);
  return view ?? null;
}

/**
 * `notify` for several inputs at once (the chat producer hands over a batch of messages): the
 * same checks, one query each for erased accounts, settings, the insert, the unread counts and
 * the push subscriptions, instead of that many per notification. Answers per input, in order.
 */
export async function notifyMany(
  ctx: NotificationsContext,
  inputs: NotifyInput[],
): Promise<Array<TNotification | null>> {
  if (!inputs.length) return [];
  const recipients = inputs.map(
    (input): Recipient => ({ role: input.recipientRole ?? 'customer', id: input.userId }),
  );
  const key = (r: Recipient) => `${r.role}:${r.id}`;
  // An erased account gets nothing (e.g. the cancellations its own erasure publishes).
  const customerIds = recipients.filter((r) => r.role === 'customer').map((r) => r.id);
  const names = customerIds.length ? await customerNames(ctx.db, customerIds) : new Map();
  const settings = await notificationSettingsOfMany(ctx.db, recipients);
  const wanted = inputs.map((input, i) => {
    const recipient = recipients[i]!;
    if (recipient.role === 'customer' && (names.get(recipient.id)?.deleted ?? true)) return false;
    const own = settings.get(key(recipient));
    const setting = input.setting ?? settingForType(input.type);
    return !(own && setting && !own[setting]);
  });
  const chosen = inputs.flatMap((input, i) => (wanted[i] ? [{ input, recipient: recipients[i]! }] : []));
  const localized = chosen.filter(
    (c) => typeof c.input.title !== 'string' || typeof c.input.message !== 'string',
  );
  const localeOf = localized.length
    ? await recipientLocales(
        ctx.db,
        localized.map((c) => c.recipient),
      )
    : () => DEFAULT_LOCALE;
  const rows = await repository.insertNotifications(
    ctx.db,
    chosen.map((c) => rowOf(ctx, c.recipient, c.input, localeOf(c.recipient))),
  );
  const now = ctx.now();
  const views = rows.map((row) => toNotificationView(row, now));
  const counts = await repository.unreadCounts(
    ctx.db,
    chosen.map((c) => c.recipient),
  );
  // Each notification's event carries the count as of its own insert: the final count less the
  // batch's later notifications to the same recipient (all of them unread).
  const later = new Map<string, number>();
  const countsAt = [...chosen]
    .reverse()
    .map((c) => {
      const k = key(c.recipient);
      const after = later.get(k) ?? 0;
      later.set(k, after + 1);
      const final = counts.get(k) ?? { unread: 0, total: 0 };
      return { unread: Math.max(0, final.unread - after), total: Math.max(0, final.total - after) };
    })
    .reverse();
  const delivery = ctx.delivery();
  chosen.forEach((c, i) => {
    delivery.emitToUser(c.recipient.id, NOTIFICATION_EVENTS.created, {
      notification: views[i],
      unread: countsAt[i]!.unread,
    });
    delivery.emitToUser(c.recipient.id, NOTIFICATION_EVENTS.count, countsAt[i]);
  });
  const pushTo = chosen.flatMap((c, i) =>
    (settings.get(key(c.recipient))?.push ?? true) ? [{ recipient: c.recipient, view: views[i]! }] : [],
  );
  // Pushes leave on their own, after the bell and chat events: a slow push service never holds up
  // a notification (issue 31 finding 3).
  if (ctx.push.publicKey && pushTo.length) {
    const sending = sendPush(ctx, pushTo).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'web push batch failed'),
    );
    ctx.pushing.add(sending);
    void sending.finally(() => ctx.pushing.delete(sending));
  }
  let next = 0;
  return wanted.map((w) => (w ? (views[next++] ?? null) : null));
}

function rowOf(
  _ctx: NotificationsContext,
  recipient: Recipient,
  input: NotifyInput,
  locale: Locale,
): repository.NotificationInsert {
  const text = (value: LocalizedText) => (typeof value === 'string' ? value : value(locale));
  return {
    ...repository.recipientColumns(recipient),
    type: input.type,
    title: text(input.title),
    message: text(input.message),
    subtitle: input.subtitle ?? null,
    actionUrl: input.actionUrl ?? null,
    actionType: input.actionType ?? (input.actionUrl ? 'navigate' : null),
    data: input.data ?? {},
    priority: input.priority ?? 'normal',
    storeId: input.storeId ?? null,
    sender: input.sender ?? null,
  };
}

/** An account was erased: its notifications and push subscriptions go (account.deleted). */
export async function forgetRecipient(
  ctx: NotificationsContext,
  recipient: Recipient,
): Promise<{ notifications: number; pushSubscriptions: number }> {
  return repository.deleteEverythingOf(ctx.db, recipient);
}

/** Each subscription's push at once (within the process-wide limit), each with its own deadline. */
async function sendPush(
  ctx: NotificationsContext,
  items: Array<{ recipient: Recipient; view: TNotification }>,
): Promise<void> {
  const subscriptions = await repository.pushSubscriptionsOfMany(
    ctx.db,
    items.map((i) => i.recipient),
  );
  const sends = items.flatMap(({ recipient, view }) => {
    const payload = JSON.stringify({
      id: view.id,
      title: view.title,
      body: view.message,
      type: view.type,
      actionUrl: view.actionUrl ?? '/',
    });
    const own = subscriptions.filter((s) =>
      recipient.role === 'merchant' ? s.merchantId === recipient.id : s.userId === recipient.id,
    );
    return own.map((subscription) => ctx.pushSlots(() => sendOne(ctx, subscription, payload)));
  });
  await Promise.all(sends);
}

async function sendOne(
  ctx: NotificationsContext,
  subscription: repository.PushSubscriptionRow,
  payload: string,
): Promise<void> {
  try {
    const outcome = await ctx.push.send(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
    );
    if (outcome === 'gone') await repository.deletePushSubscriptionById(ctx.db, subscription.id);
    else if (subscription.failures > 0) await repository.clearPushFailures(ctx.db, subscription.id);
  } catch (error) {
    // A refused address, a time-out or an error answer: counted, and after a few in a row the
    // subscription is dropped (the push service never reaches the browser anyway).
    const dropped = await repository
      .recordPushFailure(ctx.db, subscription.id, ctx.pushLimits.dropAfterFailures)
      .catch(() => 'kept' as const);
    ctx.log.warn({ err: error, subscriptionId: subscription.id, dropped }, 'web push failed');
  }
}

async function emitRead(
  ctx: NotificationsContext,
  recipient: Recipient,
  notificationIds: string[] | 'all',
  type?: string,
) {
  const counts = await repository.unreadCount(ctx.db, recipient);
  const delivery = ctx.delivery();
  delivery.emitToUser(recipient.id, NOTIFICATION_EVENTS.read, {
    notificationIds,
    ...(type ? { type } : {}),
    unread: counts.unread,
  });
  delivery.emitToUser(recipient.id, NOTIFICATION_EVENTS.count, counts);
  return counts;
}

// ---- reads ----

export async function listNotifications(
  ctx: NotificationsContext,
  recipient: Recipient,
  query: TNotificationListQuery,
  storeId?: string,
) {
  const { rows, total } = await repository.listNotifications(
    ctx.db,
    recipient,
    { types: typesOf(query.type), unreadOnly: query.unreadOnly, ...(storeId ? { storeId } : {}) },
    query.page,
    query.limit,
  );
  const now = ctx.now();
  const totalPages = Math.ceil(total / query.limit);
  return {
    notifications: rows.map((row) => toNotificationView(row, now)),
    pagination: {
      currentPage: query.page,
      totalPages,
      totalCount: total,
      limit: query.limit,
      hasNextPage: query.page < totalPages,
    },
  };
}

/** Notifications about one store: its merchant's (403 for another merchant), or a customer's own from it. */
export async function listForStore(
  ctx: NotificationsContext,
  recipient: Recipient,
  storeId: string,
  query: TNotificationListQuery,
) {
  if (!isUuid(storeId)) throw new AppError('VALIDATION_ERROR', NOTIFICATION_MESSAGES.invalidStoreId);
  if (recipient.role === 'merchant') await assertStoreOwner(ctx.db, storeId, recipient.id);
  return listNotifications(ctx, recipient, query, storeId);
}

export async function notificationCounts(
  ctx: NotificationsContext,
  recipient: Recipient,
): Promise<TNotificationCounts> {
  const rows = await repository.countsByType(ctx.db, recipient);
  const byType = { message: 0, booking: 0, offer: 0, service_request_offer: 0, store_follow: 0 };
  let total = 0;
  let unread = 0;
  for (const row of rows) {
    total += row.total;
    unread += row.unread;
    const group = notificationGroup(row.type);
    if (group === 'message') byType.message += row.unread;
    if (group === 'booking') byType.booking += row.unread;
    if (group === 'offer') byType.offer += row.unread;
    if (row.type === 'service_request_offer') byType.service_request_offer += row.unread;
    if (group === 'store') byType.store_follow += row.unread;
  }
  return { total, unread, byType };
}

export async function getNotification(
  ctx: NotificationsContext,
  recipient: Recipient,
  id: string,
): Promise<TNotification> {
  return toNotificationView(await owned(ctx, recipient, id), ctx.now());
}

/** Another recipient's notification, or a malformed id, is simply not found (404). */
async function owned(ctx: NotificationsContext, recipient: Recipient, id: string): Promise<NotificationRow> {
  const row = isUuid(id) ? await repository.findNotification(ctx.db, id) : undefined;
  const owner = recipient.role === 'merchant' ? row?.merchantId : row?.userId;
  if (!row || owner !== recipient.id) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
  return row;
}

export async function notificationAnalytics(ctx: NotificationsContext, recipient: Recipient) {
  const [byTypeRows, byPriorityRows, last7Days] = await Promise.all([
    repository.countsByType(ctx.db, recipient),
    repository.countsByPriority(ctx.db, recipient),
    repository.countSince(ctx.db, recipient, new Date(ctx.now().getTime() - 7 * 24 * 60 * 60_000)),
  ]);
  const byType: Record<string, { total: number; unread: number }> = {};
  let total = 0;
  let unread = 0;
  for (const row of byTypeRows) {
    byType[row.type] = { total: row.total, unread: row.unread };
    total += row.total;
    unread += row.unread;
  }
  const byPriority: Record<string, number> = { urgent: 0, high: 0, normal: 0, low: 0 };
  for (const row of byPriorityRows) byPriority[row.priority] = row.total;
  const read = total - unread;
  return {
    total,
    unread,
    read,
    readRate: total ? Math.round((read / total) * 1000) / 1000 : 0,
    last7Days,
    byType,
    byPriority,
  };
}

// ---- writes ----

export async function markRead(
  ctx: NotificationsContext,
  recipient: Recipient,
  id: string,
): Promise<TNotification> {
  const row = await owned(ctx, recipient, id);
  const changed = await repository.markRead(ctx.db, recipient, [row.id]);
  if (changed.length) await emitRead(ctx, recipient, changed);
  return getNotification(ctx, recipient, id);
}

export async function markAllRead(ctx: NotificationsContext, recipient: Recipient, type?: string) {
  const changed = await repository.markRead(ctx.db, recipient, null, typesOf(type));
  const counts = changed.length
    ? await emitRead(ctx, recipient, 'all', type)
    : await repository.unreadCount(ctx.db, recipient);
  return { updated: changed.length, unread: counts.unread };
}

/** Ids that are not the caller's are ignored (never revealed). */
export async function bulkMarkRead(ctx: NotificationsContext, recipient: Recipient, ids: readonly string[]) {
  const changed = await repository.markRead(ctx.db, recipient, [...new Set(ids)]);
  const counts = changed.length
    ? await emitRead(ctx, recipient, changed)
    : await repository.unreadCount(ctx.db, recipient);
  return { updated: changed.length, unread: counts.unread };
}

export async function bulkDelete(ctx: NotificationsContext, recipient: Recipient, ids: readonly string[]) {
  const deleted = await repository.deleteOwned(ctx.db, recipient, [...new Set(ids)]);
  const counts = await repository.unreadCount(ctx.db, recipient);
  if (deleted.length) ctx.delivery().emitToUser(recipient.id, NOTIFICATION_EVENTS.count, counts);
  return { deleted: deleted.length, unread: counts.unread };
}

export async function deleteNotification(ctx: NotificationsContext, recipient: Recipient, id: string) {
  const row = await owned(ctx, recipient, id);
  return bulkDelete(ctx, recipient, [row.id]);
}

/** Deletes the caller's read notifications older than `olderThanDays`. */
export async function cleanupNotifications(
  ctx: NotificationsContext,
  recipient: Recipient,
  olderThanDays: number,
) {
  const before = new Date(ctx.now().getTime() - olderThanDays * 24 * 60 * 60_000);
  const deleted = await repository.deleteReadOlderThan(ctx.db, recipient, before);
  const counts = await repository.unreadCount(ctx.db, recipient);
  return { deleted, unread: counts.unread };
}

/**
 * A merchant announces to its store's followers (system type, storeUpdates setting honoured).
 * At most BROADCAST_LIMIT per store per 24 hours: 429 with Retry-After beyond it.
 */
export async function broadcastNotification(
  ctx: NotificationsContext,
  merchantId: string,
  input: {
    storeId: string;
    title: string;
    message: string;
    actionUrl?: string | undefined;
    priority?: NotificationPriority | undefined;
  },
) {
  if (!isUuid(input.storeId)) {
    throw new AppError('VALIDATION_ERROR', NOTIFICATION_MESSAGES.invalidStoreId, {
      storeId: NOTIFICATION_MESSAGES.invalidStoreId,
    });
  }
  await assertStoreOwner(ctx.db, input.storeId, merchantId);
  const [store] = await storeBasics(ctx.db, [input.storeId]);
  const now = ctx.now();
  const recent = await repository.broadcastsSince(
    ctx.db,
    input.storeId,
    new Date(now.getTime() - BROADCAST_WINDOW_MS),
  );
  if (recent.length >= BROADCAST_LIMIT) {
    const oldest = recent[0]!.createdAt.getTime();
    const wait = Math.max(1, Math.ceil((oldest + BROADCAST_WINDOW_MS - now.getTime()) / 1000));
    throw new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(wait) });
  }
  const storeName = store?.name ?? null;
  const followerIds = await storeFollowerIds(ctx.db, input.storeId);
  await repository.insertBroadcast(ctx.db, {
    storeId: input.storeId,
    merchantId,
    title: input.title,
    recipients: followerIds.length,
  });
  let recipients = 0;
  for (const userId of followerIds) {
    const sent = await notify(ctx, {
      userId,
      type: 'store_update',
      title: input.title,
      message: input.message,
      actionUrl: safeActionUrl(input.actionUrl) ?? `/stores/${input.storeId}`,
      priority: input.priority ?? 'normal',
      setting: 'storeUpdates',
      storeId: input.storeId,
      sender: storeName,
      data: { storeId: input.storeId, ...(storeName ? { storeName } : {}), broadcast: true },
    });
    if (sent) recipients += 1;
  }
  return { recipients };
}

// ---- push subscriptions ----

export async function subscribePush(
  ctx: NotificationsContext,
  recipient: Recipient,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  if (!isAllowedPushEndpoint(subscription.endpoint, ctx.pushPolicy)) {
    const message = NOTIFICATION_MESSAGES.subscriptionInvalid;
    throw new AppError('VALIDATION_ERROR', message, { 'subscription.endpoint': message });
  }
  const row = await repository.savePushSubscription(
    ctx.db,
    recipient,
    { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    ctx.pushLimits.perAccount,
  );
  return { id: row.id };
}

export async function unsubscribePush(ctx: NotificationsContext, recipient: Recipient, id: string) {
  if (!isUuid(id) || !(await repository.deletePushSubscription(ctx.db, recipient, id))) {
    throw new AppError('NOT_FOUND', 'Push subscription not found');
  }
}

/** Only same-site paths are followed from a notification ('/stores/…'), never another origin. */
export function safeActionUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : null;
}
