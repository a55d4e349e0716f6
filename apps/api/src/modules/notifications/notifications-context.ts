import type { FastifyBaseLogger } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';
import {
  DEFAULT_PUSH_SERVICE_HOSTS,
  type PushEndpointPolicy,
} from '../../adapters/push/push-endpoint-policy.js';
import { NO_PUSH, type PushSender } from '../../adapters/push/push-sender.js';
import type { Db } from '../../db/client.js';
import { NO_DELIVERY, type NotificationDelivery } from './notification-delivery.js';

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
