import { type DateInput, relativeTime } from '../time/relative-time.js';

/**
 * Pure notification rules (seed 001 §4 "Notifications", §9; seed 000 §4): type groups,
 * priorities and their order, the 'new' and 'recent' windows, service-offer priority, tags and
 * titles, chat-notification titles and the badge text. Server and sites use the same functions.
 */

export const NOTIFICATION_TYPE_GROUPS = {
  message: ['new_message', 'message_read', 'chat_started'],
  booking: [
    'booking_created',
    'booking_confirmed',
    'booking_cancelled',
    'booking_completed',
    'booking_reminder',
  ],
  offer: ['service_request_offer', 'offer_accepted', 'offer_rejected', 'offer_withdrawn'],
  store: ['store_follow', 'store_unfollow', 'new_review', 'review_response'],
} as const;

export type NotificationGroup = keyof typeof NOTIFICATION_TYPE_GROUPS | 'system';

type KnownType = (typeof NOTIFICATION_TYPE_GROUPS)[keyof typeof NOTIFICATION_TYPE_GROUPS][number];
/** Every type the seeds name, plus 'system' (and the server's booking_rescheduled, a booking type). */
export const NOTIFICATION_TYPES = [
  ...NOTIFICATION_TYPE_GROUPS.message,
  ...NOTIFICATION_TYPE_GROUPS.booking,
  'booking_rescheduled',
  ...NOTIFICATION_TYPE_GROUPS.offer,
  ...NOTIFICATION_TYPE_GROUPS.store,
  'system',
] as const;
export type NotificationType = KnownType | 'booking_rescheduled' | 'system';

/** The group of a type; anything not listed is 'system' (booking_rescheduled is a booking). */
export function notificationGroup(type: string | null | undefined): NotificationGroup {
  if (type === 'booking_rescheduled') return 'booking';
  for (const [group, types] of Object.entries(NOTIFICATION_TYPE_GROUPS)) {
    if ((types as readonly string[]).includes(type ?? '')) return group as NotificationGroup;
  }
  return 'system';
}

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

const PRIORITY_RANK: Record<NotificationPriority, number> = { urgent: 4, high: 3, normal: 2, low: 1 };

/** urgent 4, high 3, normal 2, low 1; missing or unknown counts as normal (2). */
export function priorityRank(priority: string | null | undefined): number {
  return typeof priority === 'string' && Object.hasOwn(PRIORITY_RANK, priority)
    ? PRIORITY_RANK[priority as NotificationPriority]
    : PRIORITY_RANK.normal;
}

function timeOf(value: DateInput): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return (value instanceof Date ? value : new Date(value)).getTime();
}

/** Higher priority first, then newest first (an unreadable date sorts last within its priority). */
export function compareNotifications(
  a: { priority?: string | null; createdAt?: DateInput },
  b: { priority?: string | null; createdAt?: DateInput },
): number {
  const byPriority = priorityRank(b.priority) - priorityRank(a.priority);
  if (byPriority !== 0) return byPriority;
  const at = timeOf(a.createdAt);
  const bt = timeOf(b.createdAt);
  return (Number.isNaN(bt) ? -Infinity : bt) - (Number.isNaN(at) ? -Infinity : at);
}

export function sortNotifications<T extends { priority?: string | null; createdAt?: DateInput }>(
  list: readonly T[],
): T[] {
  return [...list].sort(compareNotifications);
}

export const NEW_WINDOW_MS = 60 * 60_000;
export const RECENT_OFFER_WINDOW_MS = 24 * 60 * 60_000;

/** 'New' means strictly under 60 minutes old (a future time from clock skew counts as new). */
export function isNewNotification(createdAt: DateInput, now: Date): boolean {
  const time = timeOf(createdAt);
  if (Number.isNaN(time)) return false;
  return now.getTime() - time < NEW_WINDOW_MS;
}

/** A service offer is recent when at most 24 hours old. */
export function isRecentOffer(createdAt: DateInput, now: Date): boolean {
  const time = timeOf(createdAt);
  if (Number.isNaN(time)) return false;
  return now.getTime() - time <= RECENT_OFFER_WINDOW_MS;
}

/** 'Just now', '{n}m ago', '{n}h ago', '{n}d ago', the date, 'Unknown time'. */
export function notificationTimeAgo(createdAt: DateInput, now: Date): string {
  return relativeTime(createdAt, now);
}

// ---- service-offer notifications ----

export const HIGH_VALUE_PRICE = 500;
export const VERIFIED_RATING = 4.5;

export interface ServiceOfferFacts {
  status?: string | null;
  quotedPrice?: number | string | null;
  verified?: boolean | null;
  rating?: number | string | null;
  responseTime?: string | null;
  includesSupplies?: boolean | null;
  warranty?: string | boolean | null;
}

const num = (value: number | string | null | undefined) => {
  const parsed = typeof value === 'string' ? Number(value) : (value ?? Number.NaN);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
};

const isHighValue = (offer: ServiceOfferFacts) =>
  (offer.status ?? 'pending') === 'pending' && num(offer.quotedPrice) > HIGH_VALUE_PRICE;
const isVerifiedProvider = (offer: ServiceOfferFacts) =>
  offer.verified === true && num(offer.rating) > VERIFIED_RATING;

/**
 * Pending offer with quotedPrice above 500: high. A verified provider rated above 4.5 raises the
 * priority to high, or to urgent when it is already high. Otherwise normal.
 */
export function serviceOfferPriority(offer: ServiceOfferFacts): NotificationPriority {
  let priority: NotificationPriority = isHighValue(offer) ? 'high' : 'normal';
  if (isVerifiedProvider(offer)) priority = priority === 'high' ? 'urgent' : 'high';
  return priority;
}

export type ServiceOfferTag = 'high-value' | 'verified-provider' | 'quick-response' | 'value-added';

export function serviceOfferTags(offer: ServiceOfferFacts): ServiceOfferTag[] {
  const tags: ServiceOfferTag[] = [];
  if (isHighValue(offer)) tags.push('high-value');
  if (isVerifiedProvider(offer)) tags.push('verified-provider');
  const responseTime = offer.responseTime ?? '';
  if (responseTime.includes('Quick') || responseTime.includes('hour')) tags.push('quick-response');
  const warranty =
    typeof offer.warranty === 'string' ? offer.warranty.trim() !== '' : offer.warranty === true;
  if (offer.includesSupplies === true || warranty) tags.push('value-added');
  return tags;
}

/** Title by tag in order: verified-provider, high-value, quick-response, else the plain title. */
export function serviceOfferTitle(tags: readonly ServiceOfferTag[]): string {
  if (tags.includes('verified-provider')) return 'Verified Provider Made an Offer';
  if (tags.includes('high-value')) return 'Premium Service Offer Received';
  if (tags.includes('quick-response')) return 'Quick Response Offer';
  return 'New Service Offer Received';
}

// ---- bell ----

/** Ids the client made up itself (sample-, chat-, offer-): read locally, never sent to the API. */
export function isLocalOnlyNotificationId(id: string): boolean {
  return id.startsWith('sample-') || id.startsWith('chat-') || id.startsWith('offer-');
}

/** 'New message from {store}' for one unread message, 'You have {n} unread messages' for several. */
export function chatNotificationTitle(unread: number, storeName: string): string {
  return unread > 1 ? `You have ${unread} unread messages` : `New message from ${storeName}`;
}

/** Red badge text: the count, '9+' above 9, nothing at 0. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}

/** Which setting (notification centre view) allows a type to be created at all. */
export function settingForType(type: string): 'messages' | 'bookings' | 'offers' | 'storeUpdates' | null {
  switch (notificationGroup(type)) {
    case 'message':
      return 'messages';
    case 'booking':
      return 'bookings';
    case 'offer':
      return 'offers';
    case 'store':
      return 'storeUpdates';
    default:
      return null;
  }
}
