import { SERVICE_REQUEST_MESSAGES as M } from '@d3/shared/service-requests/service-request-rules';
import type { TCreateQuote, TOffersQuery, TQuote } from '@d3/shared/service-requests/service-request-schemas';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Session } from '../../plugins/auth.js';
import { assertStoreOwner } from '../stores/stores-service.js';
import { eventOf, type PendingRequestEvent, publish } from './request-events.js';
import { loadQuote, loadRequest, quotePage, quoteViews } from './request-views.js';
import * as repository from './service-requests-repository.js';

// Quotes (seed 001 §7 "Marketplace", API-CONTRACT "Merchant side"): the lists, a merchant's quote
// and its withdrawal, the owner's accept and reject.

/** `GET /request-service/{id}/offers`: the owner sees all quotes, a merchant its own, another customer 403. */
export async function listRequestQuotes(db: Db, id: string, session: Session, query: TOffersQuery) {
  const row = await loadRequest(db, id);
  if (session.role === 'customer' && session.sub !== row.userId) {
    throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  }
  const filters: repository.QuoteFilters = {
    requestId: id,
    status: query.status,
    ...(session.role === 'merchant' ? { merchantId: session.sub } : {}),
  };
  return quotePage(db, filters, query);
}

/** A customer: quotes received on all of their requests. A merchant: the quotes it made. */
export async function listMyQuotes(db: Db, session: Session, query: TOffersQuery) {
  const filters: repository.QuoteFilters =
    session.role === 'customer'
      ? { ownerId: session.sub, status: query.status, search: query.search }
      : { merchantId: session.sub, status: query.status, search: query.search };
  return quotePage(db, filters, query);
}

export async function createQuote(
  db: Db,
  bus: EventBus,
  merchantId: string,
  requestId: string,
  body: TCreateQuote,
  now = new Date(),
): Promise<TQuote> {
  await loadRequest(db, requestId);
  const store = await assertStoreOwner(db, body.storeId, merchantId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'FORBIDDEN') {
      throw new AppError('FORBIDDEN', M.notYourStore);
    }
    throw error;
  });
  let result: { quote: repository.QuoteRow; request: repository.RequestRow };
  try {
    result = await db.transaction(async (tx) => {
      // Shares the lock an accept takes: no quote slips in while another is being accepted.
      const request = (await repository.lockRequest(tx, requestId, 'share'))!;
      if (request.status !== 'active') throw new AppError('REQUEST_NOT_OPEN', M.notOpen);
      const quote = await repository.insertQuote(tx, {
        requestId,
        storeId: store.id ?? body.storeId,
        merchantId,
        quotedPrice: body.quotedPrice.toFixed(2),
        message: body.message,
        availability: body.availability,
        estimatedDuration: body.estimatedDuration,
        includesSupplies: body.includesSupplies,
        warranty: body.warranty,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      return { quote, request };
    });
  } catch (error) {
    if (uniqueViolation(error)?.includes('live_store'))
      throw new AppError('DUPLICATE_QUOTE', M.duplicateQuote);
    throw error;
  }
  publish(bus, [eventOf('service_request.offer_created', result.quote, result.request, now)]);
  const [view] = await quoteViews(db, [result]);
  return view!;
}

/** A quote as its notifications need it (no owner check: the caller is the system); null when gone. */
export async function quoteForNotification(db: Db, id: string): Promise<TQuote | null> {
  const row = await repository.findQuote(db, id);
  if (!row) return null;
  const [view] = await quoteViews(db, [row]);
  return view ?? null;
}

/** A quote on the user's own request (on requestId's, when the address names one), or the error. */
async function loadOwnersQuote(db: Db, userId: string, requestId: string | undefined, quoteId: string) {
  const found = await loadQuote(db, quoteId);
  if (requestId && found.request.id !== requestId) throw new AppError('QUOTE_NOT_FOUND', M.offerNotFound);
  if (found.request.userId !== userId) throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  return found;
}

/**
 * The owner accepts a pending quote: one transaction accepts it, rejects every other pending
 * quote and moves the request to in_progress. The request row lock serialises racing accepts;
 * the loser finds its quote rejected (400).
 */
export async function acceptQuote(
  db: Db,
  bus: EventBus,
  userId: string,
  requestId: string | undefined,
  quoteId: string,
  now = new Date(),
): Promise<TQuote> {
  const found = await loadOwnersQuote(db, userId, requestId, quoteId);
  return decidePendingQuote(db, bus, found.request.id, quoteId, M.notPending, async (tx, request) => {
    if (request.status !== 'active') throw new AppError('REQUEST_NOT_OPEN', M.notOpen);
    const accepted = await repository.updateQuote(tx, quoteId, {
      status: 'accepted',
      decidedAt: now,
      updatedAt: now,
    });
    const rejected = await repository.rejectOtherPending(
      tx,
      request.id,
      quoteId,
      'Another offer was accepted',
      now,
    );
    const updated = await repository.updateRequest(tx, request.id, {
      status: 'in_progress',
      acceptedQuoteId: quoteId,
      updatedAt: now,
    });
    return [
      eventOf('service_request.offer_accepted', accepted, updated, now),
      ...rejected.map((row) => eventOf('service_request.offer_rejected', row, updated, now)),
    ];
  });
}

export async function rejectQuote(
  db: Db,
  bus: EventBus,
  userId: string,
  requestId: string | undefined,
  quoteId: string,
  reason: string | undefined,
  now = new Date(),
): Promise<TQuote> {
  const found = await loadOwnersQuote(db, userId, requestId, quoteId);
  return decidePendingQuote(db, bus, found.request.id, quoteId, M.notPending, async (tx, request) => {
    const rejected = await repository.updateQuote(tx, quoteId, {
      status: 'rejected',
      rejectReason: reason || null,
      decidedAt: now,
      updatedAt: now,
    });
    return [eventOf('service_request.offer_rejected', rejected, request, now)];
  });
}

/** The quoting merchant withdraws its pending quote. */
export async function withdrawQuote(
  db: Db,
  bus: EventBus,
  merchantId: string,
  quoteId: string,
  now = new Date(),
): Promise<TQuote> {
  const found = await loadQuote(db, quoteId);
  if (found.quote.merchantId !== merchantId) throw new AppError('NOT_QUOTE_OWNER', M.notYourQuote);
  return decidePendingQuote(db, bus, found.request.id, quoteId, M.notPendingWithdraw, async (tx, request) => {
    const withdrawn = await repository.updateQuote(tx, quoteId, {
      status: 'withdrawn',
      decidedAt: now,
      updatedAt: now,
    });
    return [eventOf('service_request.offer_withdrawn', withdrawn, request, now)];
  });
}

/**
 * Locks the quote's request and the quote, refuses a quote no longer pending (`notPending`), lets
 * `decide` write in that transaction, publishes its events once committed and answers the quote.
 */
async function decidePendingQuote(
  db: Db,
  bus: EventBus,
  requestId: string,
  quoteId: string,
  notPending: string,
  decide: (tx: repository.Executor, request: repository.RequestRow) => Promise<PendingRequestEvent[]>,
): Promise<TQuote> {
  const events = await db.transaction(async (tx) => {
    const request = (await repository.lockRequest(tx, requestId))!;
    const quote = (await repository.lockQuote(tx, quoteId))!;
    if (quote.status !== 'pending') throw new AppError('QUOTE_NOT_PENDING', notPending);
    return decide(tx, request);
  });
  publish(bus, events);
  const [view] = await quoteViews(db, [await loadQuote(db, quoteId)]);
  return view!;
}
