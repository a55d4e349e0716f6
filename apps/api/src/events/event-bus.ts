import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';

/** A transaction of the one database (what `db.transaction` hands its callback). */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What happened to a booking; later capabilities (notifications, referrals) subscribe. */
export interface BookingEventPayload {
  bookingId: string;
  userId: string | null;
  storeId: string;
  bookingType: 'offer' | 'service' | 'quote';
  status: string;
  actor: 'customer' | 'merchant' | 'system';
  at: Date;
  /** e.g. the cancel reason or the old start time of a reschedule. */
  detail?: string | undefined;
}

export interface PaymentEventPayload {
  paymentId: string;
  bookingId: string;
  userId: string | null;
  amount: number;
  status: 'completed' | 'failed';
  at: Date;
}

/** Money went back to a customer, or could not automatically (issue 34). */
export interface RefundEventPayload {
  refundId: string;
  bookingId: string;
  /** The account to tell (null for a friend who paid a split share without one). */
  userId: string | null;
  /** The number that paid and gets the money back (2547…), for the SMS; null once erased. */
  phoneNumber: string | null;
  amount: number;
  status: 'completed' | 'failed';
  receipt: string | null;
  supportReference: string | null;
  at: Date;
}

/** A chat message was stored (issue 11); notifications decide whether to tell the recipient. */
export interface ChatMessageSentPayload {
  messageId: string;
  conversationId: string;
  storeId: string;
  /** The customer's user id or the store's merchant id. */
  senderId: string;
  senderRole: 'customer' | 'merchant';
  /** Who should hear about it: the customer, or the store's merchant. */
  recipientUserIds: string[];
  /** The first 100 characters of the text ('Photo' for an image without a caption). */
  preview: string;
  at: Date;
}

/** A reader marked a conversation read: its message notifications are read with it. */
export interface ChatConversationReadPayload {
  conversationId: string;
  /** The customer's user id or the merchant's id. */
  readerId: string;
  readerRole: 'customer' | 'merchant';
}

/** Engagement facts the notifications module turns into notifications (issue 11). */
export interface StoreFollowedPayload {
  storeId: string;
  userId: string;
  followers: number;
  at: Date;
}
export interface ReviewCreatedPayload {
  reviewId: string;
  storeId: string;
  userId: string;
  rating: number;
  reviewerName: string;
  at: Date;
}
export interface ReviewRespondedPayload {
  reviewId: string;
  storeId: string;
  userId: string;
  merchantId: string;
  at: Date;
}

/** A quote on a service request changed (issue 12); the notifications module subscribes. */
export interface ServiceRequestOfferEventPayload {
  requestId: string;
  offerId: string;
  /** The customer who posted the request. */
  ownerUserId: string;
  storeId: string;
  /** The merchant who made the quote. */
  merchantUserId: string;
  quotedPrice: number;
  requestTitle: string;
  at: Date;
}

/** A customer erased their account (right to erasure); modules that own per-user rows forget them. */
export interface AccountDeletedPayload {
  userId: string;
  role: 'customer';
  at: Date;
}

/**
 * An account's token version moved on (logout, password change or reset): its sessions older than
 * `tokenVersion` (all of them when undefined) have ended; the realtime layer ends their sockets on
 * every process (issue 31 finding 1). Account deletion ends them through `account.deleted`.
 */
export interface SessionsRevokedPayload {
  role: 'customer' | 'merchant';
  accountId: string;
  tokenVersion?: number | undefined;
  at: Date;
}

/** A freed place of a full slot was offered to a customer on its waitlist (issue 36). */
export interface WaitlistOfferedPayload {
  waitId: string;
  userId: string;
  storeId: string;
  storeName: string;
  title: string;
  startTime: Date;
  expiresAt: Date;
  bookingType: 'offer' | 'service';
  entityId: string;
  at: Date;
}

export interface DomainEvents {
  'booking.created': BookingEventPayload;
  'booking.confirmed': BookingEventPayload;
  'booking.checked_in': BookingEventPayload;
  'booking.completed': BookingEventPayload;
  'booking.cancelled': BookingEventPayload;
  'booking.rescheduled': BookingEventPayload;
  'payment.completed': PaymentEventPayload;
  'payment.failed': PaymentEventPayload;
  'refund.completed': RefundEventPayload;
  'refund.failed': RefundEventPayload;
  'chat.message_sent': ChatMessageSentPayload;
  'chat.conversation_read': ChatConversationReadPayload;
  'store.followed': StoreFollowedPayload;
  'review.created': ReviewCreatedPayload;
  'review.responded': ReviewRespondedPayload;
  'service_request.offer_created': ServiceRequestOfferEventPayload;
  'service_request.offer_accepted': ServiceRequestOfferEventPayload;
  'service_request.offer_rejected': ServiceRequestOfferEventPayload;
  'service_request.offer_withdrawn': ServiceRequestOfferEventPayload;
  'account.deleted': AccountDeletedPayload;
  'account.sessions_revoked': SessionsRevokedPayload;
  'waitlist.offered': WaitlistOfferedPayload;
}

/** A booking is being completed (issue 12: the referral credit, the quote's request completed). */
export interface BookingCompletingPayload {
  bookingId: string;
  userId: string | null;
  bookingType: 'offer' | 'service' | 'quote';
  /** The service-request quote a 'quote' booking books, else null. */
  quoteId: string | null;
  /** The access fee the customer actually paid, in shillings (0 when none was paid). */
  paidFee: number;
  at: Date;
}

/**
 * Events published inside the transaction that makes the change: a subscriber's writes commit or
 * roll back with it, and a subscriber that throws rolls the change back (docs/decisions/0400).
 */
export interface TransactionEvents {
  'booking.completing': BookingCompletingPayload;
}

type Listener<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void | Promise<void>;

/** A subscriber to an event published inside a transaction; it writes through `tx`. */
export type TransactionListener<K extends keyof TransactionEvents> = (
  tx: DbTransaction,
  payload: TransactionEvents[K],
) => Promise<void>;

/**
 * The one in-process event bus. Publish only after the transaction that made the change has
 * committed. A failing subscriber is logged and never undoes or blocks the publisher's change.
 */
export class EventBus {
  readonly #listeners = new Map<keyof DomainEvents, Set<Listener<never>>>();
  readonly #pending = new Set<Promise<void>>();
  readonly #inTransaction = new Map<keyof TransactionEvents, Set<TransactionListener<never>>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  on<K extends keyof DomainEvents>(name: K, listener: Listener<K>): () => void {
    const set = this.#listeners.get(name) ?? new Set();
    set.add(listener as Listener<never>);
    this.#listeners.set(name, set);
    return () => set.delete(listener as Listener<never>);
  }

  publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      const run = (async () => {
        try {
          await (listener as Listener<K>)(payload);
        } catch (error) {
          this.log.error({ err: error, event: name }, 'event subscriber failed');
        }
      })();
      this.#pending.add(run);
      void run.finally(() => this.#pending.delete(run));
    }
  }

  /**
   * Subscribes to an event published inside the publisher's transaction (the same function
   * subscribed twice runs once). Returns the unsubscribe function.
   */
  onInTransaction<K extends keyof TransactionEvents>(name: K, listener: TransactionListener<K>): () => void {
    const set = this.#inTransaction.get(name) ?? new Set();
    set.add(listener as TransactionListener<never>);
    this.#inTransaction.set(name, set);
    return () => set.delete(listener as TransactionListener<never>);
  }

  /** Runs the subscribers one after another inside `tx`; the first that throws rolls the transaction back. */
  async publishInTransaction<K extends keyof TransactionEvents>(
    tx: DbTransaction,
    name: K,
    payload: TransactionEvents[K],
  ): Promise<void> {
    for (const listener of this.#inTransaction.get(name) ?? []) {
      await (listener as TransactionListener<K>)(tx, payload);
    }
  }

  /** Resolves when every subscriber started so far has finished (shutdown and tests). */
  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
