import { describe, expect, it } from 'vitest';
import {
  badgeText,
  chatNotificationTitle,
  isLocalOnlyNotificationId,
  isNewNotification,
  isRecentOffer,
  notificationGroup,
  notificationTimeAgo,
  priorityRank,
  serviceOfferPriority,
  serviceOfferTags,
  serviceOfferTitle,
  settingForType,
  sortNotifications,
} from './notification-rules.js';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('notification type groups', () => {
  it('puts each seed type in its group and anything else in system', () => {
    for (const type of ['new_message', 'message_read', 'chat_started'])
      expect(notificationGroup(type)).toBe('message');
    for (const type of [
      'booking_created',
      'booking_confirmed',
      'booking_cancelled',
      'booking_completed',
      'booking_reminder',
      'booking_rescheduled',
    ]) {
      expect(notificationGroup(type)).toBe('booking');
    }
    for (const type of ['service_request_offer', 'offer_accepted', 'offer_rejected', 'offer_withdrawn']) {
      expect(notificationGroup(type)).toBe('offer');
    }
    for (const type of ['store_follow', 'store_unfollow', 'new_review', 'review_response']) {
      expect(notificationGroup(type)).toBe('store');
    }
    expect(notificationGroup('promotion')).toBe('system');
    expect(notificationGroup('')).toBe('system');
    expect(notificationGroup(undefined)).toBe('system');
    expect(notificationGroup('constructor')).toBe('system');
  });

  it('maps each group to the setting that allows it; system needs none', () => {
    expect(settingForType('new_message')).toBe('messages');
    expect(settingForType('booking_reminder')).toBe('bookings');
    expect(settingForType('offer_accepted')).toBe('offers');
    expect(settingForType('new_review')).toBe('storeUpdates');
    expect(settingForType('system')).toBeNull();
  });
});

describe('priorities and order', () => {
  it('ranks urgent 4, high 3, normal 2, low 1, missing or unknown as normal', () => {
    expect(priorityRank('urgent')).toBe(4);
    expect(priorityRank('high')).toBe(3);
    expect(priorityRank('normal')).toBe(2);
    expect(priorityRank('low')).toBe(1);
    expect(priorityRank(undefined)).toBe(2);
    expect(priorityRank(null)).toBe(2);
    expect(priorityRank('toString')).toBe(2);
  });

  it('sorts by priority then newest first, missing priority between high and low', () => {
    const list = [
      { id: 'low-new', priority: 'low', createdAt: ago(1 * MIN) },
      { id: 'normal-old', priority: 'normal', createdAt: ago(3 * HOUR) },
      { id: 'missing-new', createdAt: ago(2 * MIN) },
      { id: 'urgent-old', priority: 'urgent', createdAt: ago(48 * HOUR) },
      { id: 'high', priority: 'high', createdAt: ago(5 * MIN) },
      { id: 'no-date', priority: 'normal', createdAt: null },
    ];
    expect(sortNotifications(list).map((n) => n.id)).toEqual([
      'urgent-old',
      'high',
      'missing-new',
      'normal-old',
      'no-date',
      'low-new',
    ]);
    expect(list[0]?.id).toBe('low-new');
  });
});

describe("the 'new' and 'recent' windows", () => {
  it('is new strictly under 60 minutes', () => {
    expect(isNewNotification(ago(0), NOW)).toBe(true);
    expect(isNewNotification(ago(60 * MIN - 1), NOW)).toBe(true);
    expect(isNewNotification(ago(60 * MIN), NOW)).toBe(false);
    expect(isNewNotification(ago(60 * MIN + 1), NOW)).toBe(false);
    expect(isNewNotification(null, NOW)).toBe(false);
    expect(isNewNotification('not a date', NOW)).toBe(false);
  });

  it('is a recent offer at most 24 hours old', () => {
    expect(isRecentOffer(ago(24 * HOUR - 1), NOW)).toBe(true);
    expect(isRecentOffer(ago(24 * HOUR), NOW)).toBe(true);
    expect(isRecentOffer(ago(24 * HOUR + 1), NOW)).toBe(false);
    expect(isRecentOffer(undefined, NOW)).toBe(false);
  });
});

describe('relative time', () => {
  it('walks every boundary from Just now to the date and Unknown time', () => {
    expect(notificationTimeAgo(ago(0), NOW)).toBe('Just now');
    expect(notificationTimeAgo(ago(MIN - 1), NOW)).toBe('Just now');
    expect(notificationTimeAgo(ago(MIN), NOW)).toBe('1m ago');
    expect(notificationTimeAgo(ago(HOUR - 1), NOW)).toBe('59m ago');
    expect(notificationTimeAgo(ago(HOUR), NOW)).toBe('1h ago');
    expect(notificationTimeAgo(ago(24 * HOUR - 1), NOW)).toBe('23h ago');
    expect(notificationTimeAgo(ago(24 * HOUR), NOW)).toBe('1d ago');
    expect(notificationTimeAgo(ago(7 * 24 * HOUR - 1), NOW)).toBe('6d ago');
    expect(notificationTimeAgo(ago(7 * 24 * HOUR), NOW)).toBe('13 Nov 2026');
    expect(notificationTimeAgo(null, NOW)).toBe('Unknown time');
    expect(notificationTimeAgo('', NOW)).toBe('Unknown time');
  });
});

describe('service-offer notifications', () => {
  it('gives a pending offer above 500 high priority, 500 itself normal', () => {
    expect(serviceOfferPriority({ status: 'pending', quotedPrice: 500.01 })).toBe('high');
    expect(serviceOfferPriority({ status: 'pending', quotedPrice: 500 })).toBe('normal');
    expect(serviceOfferPriority({ quotedPrice: '501' })).toBe('high');
    expect(serviceOfferPriority({ status: 'accepted', quotedPrice: 5000 })).toBe('normal');
  });

  it('raises a verified provider rated above 4.5 to high, or urgent when already high', () => {
    expect(serviceOfferPriority({ quotedPrice: 100, verified: true, rating: 4.6 })).toBe('high');
    expect(serviceOfferPriority({ quotedPrice: 900, verified: true, rating: 4.6 })).toBe('urgent');
    expect(serviceOfferPriority({ quotedPrice: 900, verified: true, rating: 4.5 })).toBe('high');
    expect(serviceOfferPriority({ quotedPrice: 100, verified: false, rating: 5 })).toBe('normal');
    expect(serviceOfferPriority({ quotedPrice: 100, verified: true, rating: 'n/a' })).toBe('normal');
  });

  it('tags high-value, verified-provider, quick-response and value-added', () => {
    expect(
      serviceOfferTags({
        quotedPrice: 600,
        verified: true,
        rating: 4.8,
        responseTime: 'Quick',
        includesSupplies: true,
      }),
    ).toEqual(['high-value', 'verified-provider', 'quick-response', 'value-added']);
    expect(serviceOfferTags({ quotedPrice: 100, responseTime: 'Within 2 hours' })).toEqual([
      'quick-response',
    ]);
    expect(serviceOfferTags({ quotedPrice: 100, responseTime: 'quick', warranty: '' })).toEqual([]);
    expect(serviceOfferTags({ quotedPrice: 100, warranty: '6 months' })).toEqual(['value-added']);
    expect(serviceOfferTags({ quotedPrice: 100, warranty: true })).toEqual(['value-added']);
  });

  it('titles by the first tag in order verified, high-value, quick, else plain', () => {
    expect(serviceOfferTitle(['high-value', 'verified-provider'])).toBe('Verified Provider Made an Offer');
    expect(serviceOfferTitle(['quick-response', 'high-value'])).toBe('Premium Service Offer Received');
    expect(serviceOfferTitle(['value-added', 'quick-response'])).toBe('Quick Response Offer');
    expect(serviceOfferTitle(['value-added'])).toBe('New Service Offer Received');
    expect(serviceOfferTitle([])).toBe('New Service Offer Received');
  });
});

describe('bell texts', () => {
  it("reads 'New message from {store}' for one and 'You have {n} unread messages' for several", () => {
    expect(chatNotificationTitle(1, 'Glow Spa')).toBe('New message from Glow Spa');
    expect(chatNotificationTitle(2, 'Glow Spa')).toBe('You have 2 unread messages');
  });

  it("shows the count up to 9, '9+' above 9 and nothing at 0", () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });

  it('treats sample-, chat- and offer- ids as local only', () => {
    expect(isLocalOnlyNotificationId('sample-1')).toBe(true);
    expect(isLocalOnlyNotificationId('chat-abc')).toBe(true);
    expect(isLocalOnlyNotificationId('offer-9')).toBe(true);
    expect(isLocalOnlyNotificationId('0b6a1c1e-5f7c-4c3c-9f6a-1a2b3c4d5e6f')).toBe(false);
    expect(isLocalOnlyNotificationId('xchat-1')).toBe(false);
  });
});
