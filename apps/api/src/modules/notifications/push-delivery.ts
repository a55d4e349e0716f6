import {
  isUuid,
  NOTIFICATION_MESSAGES,
  type TNotification,
} from '@d3/shared/notifications/notification-schemas';
import { isAllowedPushEndpoint } from '../../adapters/push/push-endpoint-policy.js';
import { AppError } from '../../errors/app-error.js';
import type { NotificationsContext } from './notifications-context.js';
import type { Recipient } from './notifications-repository.js';
import * as repository from './notifications-repository.js';

/** Each subscription's push at once (within the process-wide limit), each with its own deadline. */
export async function sendPush(
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
