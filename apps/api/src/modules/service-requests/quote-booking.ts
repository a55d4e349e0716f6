import type { TQuoteBookingTarget, TQuoteBookRequest } from '@d3/shared/bookings/booking-schemas';
import {
  SERVICE_REQUEST_MESSAGES as M,
  quoteDurationMinutes,
} from '@d3/shared/service-requests/service-request-rules';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus, TransactionListener } from '../../events/event-bus.js';
import {
  type CreateBookingResult,
  createQuoteBooking,
  liveQuoteBookingId,
  type QuoteBookingInfo,
  quoteBranches,
  quoteSlots,
} from '../bookings/bookings-service.js';
import { storesByIds } from '../stores/stores-service.js';
import { loadQuote } from './request-views.js';
import * as repository from './service-requests-repository.js';

// Booking an accepted quote (issue 12; decision "Booking an accepted quote"): the wizard's target,
// slots and branches, the booking, and the request completed with it.

/**
 * The quote a customer may book: it exists (404), the caller posted its request (403), it is the
 * accepted quote of a request still in progress (400 QUOTE_NOT_ACCEPTED otherwise).
 */
async function bookableQuote(db: Db, userId: string, quoteId: string) {
  const found = await loadQuote(db, quoteId);
  if (found.request.userId !== userId) throw new AppError('NOT_REQUEST_OWNER', M.notOwner);
  if (
    found.quote.status !== 'accepted' ||
    found.request.status !== 'in_progress' ||
    found.request.acceptedQuoteId !== quoteId
  ) {
    throw new AppError('QUOTE_NOT_ACCEPTED');
  }
  const info: QuoteBookingInfo = {
    quoteId,
    storeId: found.quote.storeId,
    durationMinutes: quoteDurationMinutes(found.quote.estimatedDuration),
  };
  return { found, info };
}

/** What the booking wizard shows for an accepted quote (the owner only). */
export async function quoteBookingTarget(
  db: Db,
  userId: string,
  quoteId: string,
): Promise<TQuoteBookingTarget> {
  const { found, info } = await bookableQuote(db, userId, quoteId);
  const [store] = await storesByIds(db, [found.quote.storeId]);
  return {
    quoteId,
    requestId: found.request.id,
    title: found.request.title,
    storeId: found.quote.storeId,
    storeName: store?.name ?? '',
    storeLogoUrl: store?.logo_url ?? null,
    quotedPrice: Number(found.quote.quotedPrice),
    estimatedDuration: found.quote.estimatedDuration,
    durationMinutes: info.durationMinutes,
    bookingId: await liveQuoteBookingId(db, quoteId),
  };
}

export async function quoteBookingSlots(
  db: Db,
  userId: string,
  query: { quoteId: string; date: string; branchId?: string | undefined },
) {
  const { info } = await bookableQuote(db, userId, query.quoteId);
  return quoteSlots(db, info, query);
}

export async function quoteBookingBranches(db: Db, userId: string, quoteId: string) {
  const { info } = await bookableQuote(db, userId, quoteId);
  return quoteBranches(db, info);
}

/** Books the accepted quote at its store (one live booking per quote; bookings holds the rule). */
export async function bookQuote(
  db: Db,
  bus: EventBus,
  userId: string,
  body: TQuoteBookRequest,
): Promise<CreateBookingResult> {
  const { info } = await bookableQuote(db, userId, body.quoteId);
  return createQuoteBooking(db, bus, userId, info, body);
}

/**
 * In the transaction that completes a quote booking: its request moves from in_progress to
 * completed (once; a request already completed or cancelled stays as it is).
 */
export const completeRequestOfBooking: TransactionListener<'booking.completing'> = async (tx, booking) => {
  if (!booking.quoteId) return;
  const quote = await repository.findQuote(tx, booking.quoteId);
  if (!quote) return;
  const request = await repository.lockRequest(tx, quote.request.id);
  if (request?.status !== 'in_progress' || request.acceptedQuoteId !== booking.quoteId) return;
  await repository.updateRequest(tx, request.id, {
    status: 'completed',
    completedAt: booking.at,
    updatedAt: booking.at,
  });
};
