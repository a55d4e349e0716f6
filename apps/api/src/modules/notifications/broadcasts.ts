import type { NotificationPriority } from '@d3/shared/notifications/notification-rules';
import { isUuid, NOTIFICATION_MESSAGES } from '@d3/shared/notifications/notification-schemas';
import { AppError } from '../../errors/app-error.js';
import { storeFollowerIds } from '../engagement/follows-service.js';
import { assertStoreOwner, storeBasics } from '../stores/stores-service.js';
import { safeActionUrl } from './notification-view.js';
import type { NotificationsContext } from './notifications-context.js';
import * as repository from './notifications-repository.js';
import { notify } from './notifications-service.js';

export const BROADCAST_LIMIT = 5;
export const BROADCAST_WINDOW_MS = 24 * 60 * 60_000;

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
