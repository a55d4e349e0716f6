import type { TBooking } from '@d3/shared/bookings/booking-schemas';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import {
  chatNotificationTitle,
  type NotificationPriority,
  serviceOfferPriority,
  serviceOfferTags,
  serviceOfferTitle,
} from '@d3/shared/notifications/notification-rules';
import { nairobiDate, nairobiTimeOfDay } from '@d3/shared/time/relative-time';
import type { Db } from '../../db/client.js';
import type {
  BookingEventPayload,
  ChatMessageSentPayload,
  DomainEvents,
  EventBus,
  ServiceRequestOfferEventPayload,
} from '../../events/event-bus.js';
import { customerNames } from '../accounts/accounts-service.js';
import { bookingsForNotification } from '../bookings/bookings-service.js';
import { quoteForNotification } from '../service-requests/service-requests-service.js';
import { storeBasics } from '../stores/stores-service.js';
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
  customer: (b: BookingFacts) => { title: string; message: string };
  /** Absent: the merchant is not told (they did it, or it needs no attention). */
  merchant?: (b: BookingFacts) => { title: string; message: string };
}

interface BookingFacts {
  what: string;
  store: string;
  when: string;
  customer: string;
  reason: string | undefined;
}

type QuoteEventName = Extract<
  keyof DomainEvents,
  `service_request.offer_${'accepted' | 'rejected' | 'withdrawn'}`
>;

/** What the quoting merchant is told when the customer decides (or the merchant withdrew). */
const QUOTE_OUTCOME_COPY: ReadonlyArray<
  [QuoteEventName, { type: string; title: string; message: (p: ServiceRequestOfferEventPayload) => string }]
> = [
  [
    'service_request.offer_accepted',
    {
      type: 'offer_accepted',
      title: 'Offer Accepted',
      message: (p) => `Your offer on "${p.requestTitle}" was accepted. Contact the customer to get started.`,
    },
  ],
  [
    'service_request.offer_rejected',
    {
      type: 'offer_rejected',
      title: 'Offer Declined',
      message: (p) => `Your offer on "${p.requestTitle}" was declined.`,
    },
  ],
  [
    'service_request.offer_withdrawn',
    {
      type: 'offer_withdrawn',
      title: 'Offer Withdrawn',
      message: (p) => `Your offer on "${p.requestTitle}" was withdrawn.`,
    },
  ],
];

/** Texts of the booking notifications (the seeds give the types, not the words). */
export const BOOKING_COPY: Partial<Record<BookingEventName, BookingCopy>> = {
  'booking.created': {
    type: 'booking_created',
    priority: 'normal',
    customer: (b) => ({
      title: 'Booking Received',
      message: `Your booking for ${b.what} at ${b.store} on ${b.when} has been received.`,
    }),
    merchant: (b) => ({ title: 'New Booking', message: `${b.customer} booked ${b.what} for ${b.when}.` }),
  },
  'booking.confirmed': {
    type: 'booking_confirmed',
    priority: 'high',
    customer: (b) => ({
      title: 'Booking Confirmed',
      message: `Your booking for ${b.what} at ${b.store} on ${b.when} is confirmed.`,
    }),
    merchant: (b) => ({
      title: 'Booking Confirmed',
      message: `${b.customer}'s booking for ${b.what} on ${b.when} is confirmed.`,
    }),
  },
  'booking.cancelled': {
    type: 'booking_cancelled',
    priority: 'high',
    customer: (b) => ({
      title: 'Booking Cancelled',
      message: `Your booking for ${b.what} at ${b.store} on ${b.when} was cancelled.${b.reason ? ` Reason: ${b.reason}` : ''}`,
    }),
    merchant: (b) => ({
      title: 'Booking Cancelled',
      message: `${b.customer} cancelled ${b.what} on ${b.when}.${b.reason ? ` Reason: ${b.reason}` : ''}`,
    }),
  },
  'booking.completed': {
    type: 'booking_completed',
    priority: 'low',
    customer: (b) => ({
      title: 'Booking Completed',
      message: `Thanks for visiting ${b.store}. How was ${b.what}? Leave a review.`,
    }),
    merchant: (b) => ({
      title: 'Booking Completed',
      message: `${b.customer}'s ${b.what} on ${b.when} is completed.`,
    }),
  },
  'booking.rescheduled': {
    type: 'booking_rescheduled',
    priority: 'normal',
    customer: (b) => ({
      title: 'Booking Rescheduled',
      message: `Your booking for ${b.what} at ${b.store} is now on ${b.when}.`,
    }),
    merchant: (b) => ({
      title: 'Booking Rescheduled',
      message: `${b.customer} moved ${b.what} to ${b.when}.`,
    }),
  },
};

export function bookingWhen(startTime: string): string {
  const date = new Date(startTime);
  return `${nairobiDate(date)} at ${nairobiTimeOfDay(date)}`;
}

function bookingFacts(booking: TBooking, reason?: string): BookingFacts {
  return {
    what: booking.Offer?.title ?? booking.Service?.name ?? 'your booking',
    store: booking.Store.name,
    when: bookingWhen(booking.startTime),
    customer: booking.clientInfo.name?.trim() || 'A customer',
    reason,
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
          const storeName = stores.get(payload.storeId)?.name ?? 'a store';
          const toMerchant = payload.senderRole === 'customer';
          let customerName = 'A customer';
          const name = toMerchant ? names.get(payload.senderId) : undefined;
          if (name && !name.deleted) customerName = `${name.firstName} ${name.lastName}`.trim();
          return {
            userId: recipientId,
            recipientRole: toMerchant ? 'merchant' : 'customer',
            type: 'new_message',
            title: toMerchant ? `New message from ${customerName}` : chatNotificationTitle(1, storeName),
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

  // Service requests (issue 12): the owner hears of each quote (priority, tags and title by the
  // seed's rules, plus `service_offer_received` live); the quoting merchant of its outcome.
  bus.on('service_request.offer_created', async (payload) => {
    const quote = await quoteForNotification(db, payload.offerId);
    if (!quote) return;
    const tags = serviceOfferTags(quote);
    const title = serviceOfferTitle(tags);
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
      title,
      message: `${quote.storeName} offered ${formatKesShort(quote.quotedPrice)} for "${payload.requestTitle}".`,
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
        title: copy.title,
        message: copy.message(payload),
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
    const who =
      name && !name.deleted ? `${name.firstName} ${name.lastName.slice(0, 1)}.`.trim() : 'A customer';
    return {
      userId: store.merchantId,
      recipientRole: 'merchant',
      type: 'store_follow',
      title: 'New Follower',
      message: `${who} started following ${store.name}. You now have ${payload.followers} followers.`,
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
    title: 'New Review',
    message: `${payload.reviewerName} rated ${store.name} ${payload.rating} out of 5.`,
    actionUrl: MERCHANT_LINKS.reviews,
    storeId: store.id,
    priority: payload.rating <= 2 ? 'high' : 'normal',
    data: { storeId: store.id, storeName: store.name, reviewId: payload.reviewId, rating: payload.rating },
  }));

  notifyAboutStore('review.responded', (payload, store) => ({
    userId: payload.userId,
    type: 'review_response',
    title: 'Response to Your Review',
    message: `${store.name} responded to your review.`,
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
    const facts = bookingFacts(booking, name === 'booking.cancelled' ? payload.detail : undefined);
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
            ...copy.customer(facts),
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
              ...copy.merchant(facts),
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
