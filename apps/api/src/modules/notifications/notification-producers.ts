import type { TBooking } from '@d3/shared/bookings/booking-schemas';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import type { Locale } from '@d3/shared/i18n/locale';
import {
  bookingWhenText,
  type NotificationTextKey,
  notificationText,
  type TextValues,
} from '@d3/shared/i18n/server-texts';
import {
  type NotificationPriority,
  serviceOfferPriority,
  serviceOfferTags,
  serviceOfferTitle,
} from '@d3/shared/notifications/notification-rules';
import type { Db } from '../../db/client.js';
import type {
  BookingEventPayload,
  ChatMessageSentPayload,
  DomainEvents,
  EventBus,
} from '../../events/event-bus.js';
import { customerNames } from '../accounts/accounts-service.js';
import { bookingsForNotification } from '../bookings/bookings-service.js';
import { quoteForNotification } from '../service-requests/service-requests-service.js';
import { storeBasics } from '../stores/stores-service.js';
import { markConversationNotificationsRead } from './notification-changes.js';
import type { NotificationsContext, NotifyInput } from './notifications-service.js';
import { forgetRecipient, notify, notifyMany } from './notifications-service.js';

/** Where a merchant's notifications lead on the merchant site. */
export const MERCHANT_LINKS = {
  bookings: '/merchant/bookings',
  chat: '/merchant/chat',
  reviews: '/merchant/reviews',
  stores: '/merchant/stores',
  serviceRequests: '/merchant/service-requests',
};

type BookingEventName = Extract<keyof DomainEvents, `booking.${string}`>;
/** A store's id, merchant and name, as `storeBasics` reads them. */
type StoreBasics = Awaited<ReturnType<typeof storeBasics>>[number];

interface BookingCopy {
  type: string;
  priority: NotificationPriority;
  customer: { title: NotificationTextKey; message: NotificationTextKey };
  /** Absent: the merchant is not told (they did it, or it needs no attention). */
  merchant?: { title: NotificationTextKey; message: NotificationTextKey };
}

type QuoteEventName = Extract<
  keyof DomainEvents,
  `service_request.offer_${'accepted' | 'rejected' | 'withdrawn'}`
>;

/** What the quoting merchant is told when the customer decides (or the merchant withdrew). */
const QUOTE_OUTCOME_COPY: ReadonlyArray<
  [QuoteEventName, { type: string; title: NotificationTextKey; message: NotificationTextKey }]
> = [
  [
    'service_request.offer_accepted',
    { type: 'offer_accepted', title: 'offerAcceptedTitle', message: 'offerAccepted' },
  ],
  [
    'service_request.offer_rejected',
    { type: 'offer_rejected', title: 'offerDeclinedTitle', message: 'offerDeclined' },
  ],
  [
    'service_request.offer_withdrawn',
    { type: 'offer_withdrawn', title: 'offerWithdrawnTitle', message: 'offerWithdrawn' },
  ],
];

/**
 * A booking event's copy whose NOTIFICATION_TEXTS keys follow one naming: `booking{Event}Title`
 * for both, `booking{Event}` for the customer, `merchantBooking{Event}` for the merchant.
 */
function bookingEventCopy(
  event: 'Confirmed' | 'Cancelled' | 'Completed' | 'Rescheduled',
  priority: NotificationPriority,
): BookingCopy {
  return {
    type: `booking_${event.toLowerCase()}`,
    priority,
    customer: { title: `booking${event}Title`, message: `booking${event}` },
    merchant: { title: `booking${event}Title`, message: `merchantBooking${event}` },
  };
}

/** Texts of the booking notifications (the seeds give the types, not the words): NOTIFICATION_TEXTS keys. */
export const BOOKING_COPY: Partial<Record<BookingEventName, BookingCopy>> = {
  'booking.created': {
    type: 'booking_created',
    priority: 'normal',
    customer: { title: 'bookingReceivedTitle', message: 'bookingReceived' },
    merchant: { title: 'merchantNewBookingTitle', message: 'merchantNewBooking' },
  },
  'booking.confirmed': bookingEventCopy('Confirmed', 'high'),
  'booking.cancelled': bookingEventCopy('Cancelled', 'high'),
  'booking.completed': bookingEventCopy('Completed', 'low'),
  'booking.rescheduled': bookingEventCopy('Rescheduled', 'normal'),
};

/** The seed's service-offer titles (serviceOfferTitle) as NOTIFICATION_TEXTS keys. */
const SERVICE_OFFER_TITLE_KEYS: Record<string, NotificationTextKey> = {
  'Verified Provider Made an Offer': 'serviceOfferVerifiedTitle',
  'Premium Service Offer Received': 'serviceOfferPremiumTitle',
  'Quick Response Offer': 'serviceOfferQuickTitle',
  'New Service Offer Received': 'serviceOfferTitle',
};

/** A booking's offer or service in a message; 'your booking' (in the reader's language) without either. */
export function bookingWhat(booking: Pick<TBooking, 'Offer' | 'Service'>, locale: Locale): string {
  return booking.Offer?.title ?? booking.Service?.name ?? notificationText(locale, 'yourBooking');
}

/**
 * One copy's title and message, written in the recipient's language when `notifyMany` knows it. The
 * values are worked out once a language for both (a booking's dates are formatted: issue 38).
 */
function localized(
  copy: { title: NotificationTextKey; message: NotificationTextKey },
  values: (locale: Locale) => TextValues,
  suffix?: (locale: Locale) => string,
): Pick<NotifyInput, 'title' | 'message'> {
  const valuesIn = new Map<Locale, TextValues>();
  const valuesOf = (locale: Locale) => {
    const known = valuesIn.get(locale) ?? values(locale);
    valuesIn.set(locale, known);
    return known;
  };
  return {
    title: (locale) => notificationText(locale, copy.title, valuesOf(locale)),
    message: (locale) => notificationText(locale, copy.message, valuesOf(locale)) + (suffix?.(locale) ?? ''),
  };
}

function bookingFacts(booking: TBooking, locale: Locale): TextValues {
  return {
    what: bookingWhat(booking, locale),
    store: booking.Store.name,
    when: bookingWhenText(booking.startTime, locale),
    customer: booking.clientInfo.name?.trim() || notificationText(locale, 'someone'),
  };
}

/**
 * A subscriber that handles its events in batches: events that arrive while a batch runs wait
 * for the next one (at most `max` each), and the first waits only for the next turn of the event
 * loop. Each event's promise settles with its batch, so the bus still logs a failure and
 * `drain()` still waits for the work.
 */
export function batched<T>(run: (items: T[]) => Promise<void>, max = 100): (item: T) => Promise<void> {
  const queue: Array<{ item: T; done: () => void; fail: (error: unknown) => void }> = [];
  let running = false;
  const start = () => {
    if (running || !queue.length) return;
    running = true;
    setImmediate(async () => {
      while (queue.length) {
        const batch = queue.splice(0, max);
        try {
          await run(batch.map((b) => b.item));
          for (const b of batch) b.done();
        } catch (error) {
          for (const b of batch) b.fail(error);
        }
      }
      running = false;
      start();
    });
  };
  return (item) =>
    new Promise<void>((done, fail) => {
      queue.push({ item, done, fail });
      start();
    });
}

/**
 * The event-bus subscribers that turn what happened into notifications (issue 11). Each calls
 * `notify`, which honours the recipient's settings; a failure is logged by the bus.
 */
export function registerNotificationProducers(bus: EventBus, db: Db, service: NotificationsContext): void {
  // Right to erasure: the erased customer's notifications and push subscriptions go too.
  bus.on('account.deleted', async (payload) => {
    await forgetRecipient(service, { role: payload.role, id: payload.userId });
  });

  // Booking events come in batches too (a rush of bookings, and every auto-confirmed create publishes
  // 'booking.created' and 'booking.confirmed' together): one read of the bookings, one of their
  // stores and one notifyMany per batch, instead of ~11 statements per event (issue 16).
  const bookingEvents = batched((events: BookingEvent[]) => bookingNotifications(db, service, events));
  for (const name of Object.keys(BOOKING_COPY) as BookingEventName[]) {
    bus.on(name, (payload) => bookingEvents({ name, payload }));
  }

  // Chat messages come in batches (the sends of a busy process): one query for the stores, one
  // for the senders' names and one notifyMany, instead of that many per message.
  bus.on(
    'chat.message_sent',
    batched(async (payloads: ChatMessageSentPayload[]) => {
      const stores = new Map(
        (await storeBasics(db, [...new Set(payloads.map((p) => p.storeId))])).map((s) => [s.id, s]),
      );
      const senders = payloads.filter((p) => p.senderRole === 'customer').map((p) => p.senderId);
      const names = senders.length ? await customerNames(db, senders) : new Map();
      const candidates = payloads.flatMap((payload) =>
        payload.recipientUserIds
          .filter((recipientId) => recipientId !== payload.senderId)
          .map((recipientId) => ({ payload, recipientId })),
      );
      // Someone reading the conversation already sees the message: no notification.
      const viewing = await Promise.all(
        candidates.map((c) =>
          service.delivery().isViewingConversation(c.recipientId, c.payload.conversationId),
        ),
      );
      const inputs = candidates
        .filter((_, i) => !viewing[i])
        .map(({ payload, recipientId }): NotifyInput => {
          const known = stores.get(payload.storeId)?.name;
          const storeName = known ?? 'a store';
          const toMerchant = payload.senderRole === 'customer';
          const name = toMerchant ? names.get(payload.senderId) : undefined;
          const knownName = name && !name.deleted ? `${name.firstName} ${name.lastName}`.trim() : '';
          const customerName = knownName || 'A customer';
          const sender = (locale: Locale) =>
            toMerchant
              ? knownName || notificationText(locale, 'someone')
              : (known ?? notificationText(locale, 'aStore'));
          return {
            userId: recipientId,
            recipientRole: toMerchant ? 'merchant' : 'customer',
            type: 'new_message',
            title: (locale) => notificationText(locale, 'newMessageFromTitle', { sender: sender(locale) }),
            message: payload.preview.slice(0, 200),
            actionUrl: toMerchant ? MERCHANT_LINKS.chat : `/chat/Store/${payload.storeId}`,
            storeId: payload.storeId,
            sender: toMerchant ? customerName : storeName,
            data: {
              conversationId: payload.conversationId,
              messageId: payload.messageId,
              storeId: payload.storeId,
              storeName,
            },
          };
        });
      await notifyMany(service, inputs);
    }),
  );

  // A conversation read in the chat reads its "New message from …" notifications too (the bell's
  // dot and count no longer wait for a click on a message already read).
  bus.on('chat.conversation_read', async (payload) => {
    await markConversationNotificationsRead(
      service,
      { role: payload.readerRole, id: payload.readerId },
      payload.conversationId,
    );
  });

  // Service requests (issue 12): the owner hears of each quote (priority, tags and title by the
  // seed's rules, plus `service_offer_received` live); the quoting merchant of its outcome.
  bus.on('service_request.offer_created', async (payload) => {
    const quote = await quoteForNotification(db, payload.offerId);
    if (!quote) return;
    const tags = serviceOfferTags(quote);
    const title = serviceOfferTitle(tags);
    const titleKey = SERVICE_OFFER_TITLE_KEYS[title] ?? 'serviceOfferTitle';
    const data = {
      requestId: payload.requestId,
      offerId: payload.offerId,
      storeId: payload.storeId,
      storeName: quote.storeName,
      quotedPrice: quote.quotedPrice,
      tags,
    };
    await notify(service, {
      userId: payload.ownerUserId,
      type: 'service_request_offer',
      title: (locale) => notificationText(locale, titleKey),
      message: (locale) =>
        notificationText(locale, 'serviceOffer', {
          store: quote.storeName,
          price: formatKesShort(quote.quotedPrice),
          request: payload.requestTitle,
        }),
      actionUrl: `/service-request/${payload.requestId}`,
      priority: serviceOfferPriority(quote),
      storeId: payload.storeId,
      sender: quote.storeName,
      data,
    });
    service.delivery().emitToUser(payload.ownerUserId, 'service_offer_received', { ...data, title });
  });
  for (const [name, copy] of QUOTE_OUTCOME_COPY) {
    bus.on(name, (payload) =>
      notify(service, {
        userId: payload.merchantUserId,
        recipientRole: 'merchant',
        type: copy.type,
        ...localized(copy, () => ({ request: payload.requestTitle })),
        actionUrl: MERCHANT_LINKS.serviceRequests,
        priority: copy.type === 'offer_accepted' ? 'high' : 'normal',
        storeId: payload.storeId,
        data: { requestId: payload.requestId, offerId: payload.offerId, storeId: payload.storeId },
      }).then(() => undefined),
    );
  }

  /** Subscribes to an event about a store: an unknown store tells nobody, a known one `notify`s `toInput`. */
  const notifyAboutStore = <K extends 'store.followed' | 'review.created' | 'review.responded'>(
    name: K,
    toInput: (payload: DomainEvents[K], store: StoreBasics) => NotifyInput | Promise<NotifyInput>,
  ) =>
    bus.on(name, async (payload) => {
      const [store] = await storeBasics(db, [payload.storeId]);
      if (!store) return;
      await notify(service, await toInput(payload, store));
    });

  notifyAboutStore('store.followed', async (payload, store) => {
    const name = (await customerNames(db, [payload.userId])).get(payload.userId);
    const who = (locale: Locale) =>
      name && !name.deleted
        ? `${name.firstName} ${name.lastName.slice(0, 1)}.`.trim()
        : notificationText(locale, 'someone');
    return {
      userId: store.merchantId,
      recipientRole: 'merchant',
      type: 'store_follow',
      ...localized({ title: 'newFollowerTitle', message: 'newFollower' }, (locale) => ({
        who: who(locale),
        store: store.name,
        followers: payload.followers,
      })),
      actionUrl: MERCHANT_LINKS.stores,
      storeId: store.id,
      priority: 'low',
      data: { storeId: store.id, storeName: store.name, followers: payload.followers },
    };
  });

  notifyAboutStore('review.created', (payload, store) => ({
    userId: store.merchantId,
    recipientRole: 'merchant',
    type: 'new_review',
    ...localized({ title: 'newReviewTitle', message: 'newReview' }, () => ({
      reviewer: payload.reviewerName,
      store: store.name,
      rating: payload.rating,
    })),
    actionUrl: MERCHANT_LINKS.reviews,
    storeId: store.id,
    priority: payload.rating <= 2 ? 'high' : 'normal',
    data: { storeId: store.id, storeName: store.name, reviewId: payload.reviewId, rating: payload.rating },
  }));

  notifyAboutStore('review.responded', (payload, store) => ({
    userId: payload.userId,
    type: 'review_response',
    ...localized({ title: 'reviewResponseTitle', message: 'reviewResponse' }, () => ({ store: store.name })),
    actionUrl: `/stores/${store.id}/reviews`,
    storeId: store.id,
    sender: store.name,
    data: { storeId: store.id, storeName: store.name, reviewId: payload.reviewId },
  }));
}

/** One booking event, as the bus delivered it. */
interface BookingEvent {
  name: BookingEventName;
  payload: BookingEventPayload;
}

/**
 * The notifications of a batch of booking events, in the order the events came: for each, the
 * customer's, then the merchant's (unless the merchant did it, or the copy tells them nothing).
 */
async function bookingNotifications(
  db: Db,
  service: NotificationsContext,
  events: BookingEvent[],
): Promise<void> {
  const told = events.filter((event) => BOOKING_COPY[event.name]);
  const bookings = new Map(
    (await bookingsForNotification(db, [...new Set(told.map((e) => e.payload.bookingId))])).map((b) => [
      b.id,
      b,
    ]),
  );
  const merchantTold = told.filter((e) => BOOKING_COPY[e.name]?.merchant && e.payload.actor !== 'merchant');
  const storeIds = [
    ...new Set(merchantTold.flatMap((e) => bookings.get(e.payload.bookingId)?.storeId ?? [])),
  ];
  const stores = new Map((await storeBasics(db, storeIds)).map((store) => [store.id, store]));
  const inputs = told.flatMap(({ name, payload }): NotifyInput[] => {
    const copy = BOOKING_COPY[name]!;
    const booking = bookings.get(payload.bookingId);
    if (!booking) return [];
    const facts = (locale: Locale) => bookingFacts(booking, locale);
    const reason = name === 'booking.cancelled' ? payload.detail : undefined;
    const suffix = reason
      ? (locale: Locale) => notificationText(locale, 'reasonSuffix', { reason })
      : undefined;
    const base: Omit<NotifyInput, 'userId' | 'title' | 'message'> = {
      type: copy.type,
      priority: copy.priority,
      storeId: booking.storeId,
      data: {
        bookingId: booking.id,
        storeId: booking.storeId,
        storeName: booking.Store.name,
        startTime: booking.startTime,
        status: payload.status,
        ...(booking.Store.logoUrl ? { avatar: booking.Store.logoUrl } : {}),
      },
    };
    const forCustomer: NotifyInput[] = payload.userId
      ? [
          {
            ...base,
            ...localized(copy.customer, facts, suffix),
            userId: payload.userId,
            actionUrl: `/booking-details/${booking.id}`,
            sender: booking.Store.name,
          },
        ]
      : [];
    // The merchant is not told what the merchant did.
    const store = stores.get(booking.storeId);
    const forMerchant: NotifyInput[] =
      copy.merchant && payload.actor !== 'merchant' && store
        ? [
            {
              ...base,
              ...localized(copy.merchant, facts, suffix),
              userId: store.merchantId,
              recipientRole: 'merchant',
              actionUrl: MERCHANT_LINKS.bookings,
            },
          ]
        : [];
    return [...forCustomer, ...forMerchant];
  });
  await notifyMany(service, inputs);
}
