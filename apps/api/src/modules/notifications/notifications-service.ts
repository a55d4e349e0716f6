import { DEFAULT_LOCALE, type Locale } from '@d3/shared/i18n/locale';
import { type NotificationPriority, settingForType } from '@d3/shared/notifications/notification-rules';
import type { TNotification } from '@d3/shared/notifications/notification-schemas';
import { customerNames, recipientLocales } from '../accounts/accounts-service.js';
import { notificationSettingsOf, notificationSettingsOfMany } from '../engagement/profile-service.js';
import { NOTIFICATION_EVENTS } from './notification-delivery.js';
import { toNotificationView } from './notification-view.js';
import type { NotificationsContext } from './notifications-context.js';
import type { Recipient } from './notifications-repository.js';
import * as repository from './notifications-repository.js';
import { sendPush } from './push-delivery.js';

/**
 * The notifications module (issue 11): owns notifications, broadcasts, push subscriptions and
 * notification jobs. Producers call `notify`; it honours the recipient's settings, stores the
 * notification, tells their open sockets and sends Web Push. This file is the sending; the
 * module's other jobs live beside it, one file each: notifications-context.ts (the context
 * notifications-setup.ts builds), notification-view.ts, notification-reads.ts (lists, counts,
 * analytics), notification-changes.ts (read marks, deletes), broadcasts.ts and push-delivery.ts
 * (Web Push sends and subscriptions).
 */

export type { NotificationsContext } from './notifications-context.js';
export { pushesSettled } from './notifications-context.js';

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
