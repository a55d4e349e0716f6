import { bookingsRoutes } from '@d3/shared/api/routes';
import type { TQuoteBookingTarget } from '@d3/shared/bookings/booking-schemas';
import type { TOffer, TService } from '@d3/shared/catalogue/catalogue-schemas';
import { mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import { useQuery } from '@tanstack/react-query';
import { getOffer, offerQueryKey } from '../../../lib/api/get-offer';
import { getService, serviceQueryKey } from '../../../lib/api/get-service';
import { call, isApiError } from '../../../lib/api-client';
import { siteText } from '../../../lib/site-i18n';
import { lastBookableDate } from '../lib/booking-dates';
import { WIZARD_MESSAGES } from '../lib/booking-messages';
import { BOOKING_TIMEOUT_MS, bookingErrorMessage } from './booking-errors';
import type { TBookingType } from './booking-types';

/** What the wizard books, whichever kind it is. */
export interface TBookingTarget {
  bookingType: TBookingType;
  id: string;
  title: string;
  storeId: string;
  storeName: string;
  imageUrl: string | null;
  durationMinutes: number | null;
  /** Offer: discounted price; service: its price (null for a custom quote). Paid at the store. */
  priceAtStore: number | null;
  originalPrice: number | null;
  accessFee: number;
  accessFeeAmount: number;
  /** Why a service booking asks before it is sent (seed 001 §4), or null. */
  confirmReason: 'manual' | 'dynamic' | null;
  /** An offer's last bookable Nairobi day ('YYYY-MM-DD', issue 15); null for a service. */
  lastDate: string | null;
  /** Where 'Back to ...' leads when not the offer or service page (a quote: its service request). */
  detailPath?: string;
}

export type TTargetState =
  | { kind: 'loading' }
  | { kind: 'blocked'; title: string; message: string }
  | { kind: 'failed'; title: string; message: string; retry: () => void }
  | { kind: 'ready'; target: TBookingTarget };

const gone = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * A target that did not load: blocked under `unavailableTitle` when it is gone (or refused), else a
 * failure the customer may retry.
 */
function loadError(
  query: { refetch: () => unknown },
  isGone: boolean,
  unavailableTitle: string,
  messages: { gone: string; failed: string },
): TTargetState {
  return isGone
    ? { kind: 'blocked', title: unavailableTitle, message: messages.gone }
    : {
        kind: 'failed',
        title: siteText('target.somethingWrong'),
        message: messages.failed,
        retry: () => void query.refetch(),
      };
}

function offerTarget(offer: TOffer): TBookingTarget {
  return {
    bookingType: 'offer',
    id: offer.id,
    title: offer.title,
    storeId: offer.storeId,
    storeName: offer.store.name,
    imageUrl: offer.image_url ?? offer.images[0] ?? null,
    durationMinutes: offer.service?.duration ?? null,
    priceAtStore: offer.discounted_price,
    originalPrice: offer.original_price,
    accessFee: offer.accessFee,
    accessFeeAmount: mpesaAmount(offer.accessFee),
    confirmReason: null,
    lastDate: lastBookableDate(offer.expiration_date),
  };
}

function serviceTarget(service: TService): TBookingTarget {
  const dynamic = service.type === 'dynamic';
  return {
    bookingType: 'service',
    id: service.id,
    title: service.name,
    storeId: service.storeId,
    storeName: service.store.name,
    imageUrl: service.image_url ?? service.images[0] ?? null,
    durationMinutes: service.duration,
    priceAtStore: dynamic ? null : service.price,
    originalPrice: null,
    accessFee: 0,
    accessFeeAmount: 0,
    confirmReason: dynamic ? 'dynamic' : service.auto_confirm_bookings ? null : 'manual',
    lastDate: null,
  };
}

/** GET /bookings/quotes/{id}: the accepted quote the owner books (issue 12). */
export function getQuoteTarget(quoteId: string, signal?: AbortSignal) {
  return call(
    bookingsRoutes.quoteTarget,
    { params: { id: quoteId } },
    { signal, timeoutMs: BOOKING_TIMEOUT_MS },
  );
}

export const QUOTE_ALREADY_BOOKED = 'This offer is already booked. Open My Bookings to see or change it.';

function quoteTarget(quote: TQuoteBookingTarget): TBookingTarget {
  return {
    bookingType: 'quote',
    id: quote.quoteId,
    title: quote.title,
    storeId: quote.storeId,
    storeName: quote.storeName,
    imageUrl: quote.storeLogoUrl,
    durationMinutes: quote.durationMinutes,
    priceAtStore: quote.quotedPrice,
    originalPrice: null,
    accessFee: 0,
    accessFeeAmount: 0,
    confirmReason: null,
    lastDate: null,
    detailPath: `/service-request/${quote.requestId}`,
  };
}

/**
 * Loads the offer (and the service behind it) or the service, and says whether it can be booked
 * ('This offer is no longer available.', 'Booking is not enabled for this service.', ...).
 */
export function useBookingTarget(bookingType: TBookingType, id: string, offerData?: TOffer): TTargetState {
  const quoteQuery = useQuery({
    queryKey: ['bookings', 'quote-target', id] as const,
    queryFn: ({ signal }) => getQuoteTarget(id, signal),
    enabled: bookingType === 'quote' && id !== '',
    retry: false,
  });
  const offerQuery = useQuery({
    queryKey: offerQueryKey(id),
    queryFn: ({ signal }) => getOffer(id, signal),
    enabled: bookingType === 'offer' && id !== '',
    placeholderData:
      offerData && offerData.id === id ? { success: true as const, offer: offerData } : undefined,
  });
  const serviceId = bookingType === 'service' ? id : (offerQuery.data?.offer.serviceId ?? '');
  const serviceQuery = useQuery({
    queryKey: serviceQueryKey(serviceId),
    queryFn: ({ signal }) => getService(serviceId, signal),
    enabled: serviceId !== '',
  });

  if (bookingType === 'quote') {
    if (quoteQuery.isError) {
      const status = isApiError(quoteQuery.error) ? quoteQuery.error.status : 0;
      const message = bookingErrorMessage(quoteQuery.error);
      return loadError(
        quoteQuery,
        status === 400 || status === 403 || status === 404,
        siteText('target.offerUnavailable'),
        {
          gone: message,
          failed: message,
        },
      );
    }
    if (!quoteQuery.data) return { kind: 'loading' };
    if (quoteQuery.data.target.bookingId) {
      return {
        kind: 'blocked',
        title: siteText('target.alreadyBooked'),
        message: siteText('target.quoteBooked'),
      };
    }
    return { kind: 'ready', target: quoteTarget(quoteQuery.data.target) };
  }

  if (bookingType === 'offer') {
    if (offerQuery.isError) {
      return loadError(offerQuery, gone(offerQuery.error), siteText('target.offerUnavailable'), {
        gone: WIZARD_MESSAGES.offerUnavailable,
        failed: WIZARD_MESSAGES.loadOfferFailed,
      });
    }
    if (!offerQuery.data || offerQuery.isPlaceholderData) return { kind: 'loading' };
    const offer = offerQuery.data.offer;
    if (!offer.bookable || offer.isExpired) {
      return {
        kind: 'blocked',
        title: siteText('target.offerUnavailable'),
        message: WIZARD_MESSAGES.offerUnavailable,
      };
    }
    if (serviceId !== '') {
      if (serviceQuery.isPending) return { kind: 'loading' };
      if (serviceQuery.data && !serviceQuery.data.service.booking_enabled) {
        return {
          kind: 'blocked',
          title: siteText('target.bookingUnavailable'),
          message: WIZARD_MESSAGES.bookingDisabled,
        };
      }
    }
    return { kind: 'ready', target: offerTarget(offer) };
  }

  if (serviceQuery.isError) {
    return loadError(serviceQuery, gone(serviceQuery.error), siteText('target.serviceUnavailable'), {
      gone: WIZARD_MESSAGES.serviceNotFound,
      failed: WIZARD_MESSAGES.loadServiceFailed,
    });
  }
  if (!serviceQuery.data) return { kind: 'loading' };
  const service = serviceQuery.data.service;
  if (!service.booking_enabled) {
    return {
      kind: 'blocked',
      title: siteText('target.bookingUnavailable'),
      message: WIZARD_MESSAGES.bookingDisabled,
    };
  }
  return { kind: 'ready', target: serviceTarget(service) };
}
