import type { TOffer, TService } from '@d3/shared/catalogue/catalogue-schemas';
import { mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import { useQuery } from '@tanstack/react-query';
import { getOffer, offerQueryKey } from '../../../lib/api/get-offer';
import { getService, serviceQueryKey } from '../../../lib/api/get-service';
import { isApiError } from '../../../lib/api-client';
import { lastBookableDate } from '../lib/booking-dates';
import { WIZARD_MESSAGES } from '../lib/booking-messages';
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
}

export type TTargetState =
  | { kind: 'loading' }
  | { kind: 'blocked'; title: string; message: string }
  | { kind: 'failed'; title: string; message: string; retry: () => void }
  | { kind: 'ready'; target: TBookingTarget };

const gone = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

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

/**
 * Loads the offer (and the service behind it) or the service, and says whether it can be booked
 * ('This offer is no longer available.', 'Booking is not enabled for this service.', ...).
 */
export function useBookingTarget(bookingType: TBookingType, id: string, offerData?: TOffer): TTargetState {
  const offerQuery = useQuery({
    queryKey: offerQueryKey(id),
    queryFn: ({ signal }) => getOffer(id, signal),
    enabled: bookingType === 'offer' && id !== '',
    placeholderData: offerData && offerData.id === id ? { offer: offerData } : undefined,
  });
  const serviceId = bookingType === 'service' ? id : (offerQuery.data?.offer.serviceId ?? '');
  const serviceQuery = useQuery({
    queryKey: serviceQueryKey(serviceId),
    queryFn: ({ signal }) => getService(serviceId, signal),
    enabled: serviceId !== '',
  });

  if (bookingType === 'offer') {
    if (offerQuery.isError) {
      return gone(offerQuery.error)
        ? { kind: 'blocked', title: 'Offer unavailable', message: WIZARD_MESSAGES.offerUnavailable }
        : {
            kind: 'failed',
            title: 'Something went wrong',
            message: WIZARD_MESSAGES.loadOfferFailed,
            retry: () => void offerQuery.refetch(),
          };
    }
    if (!offerQuery.data || offerQuery.isPlaceholderData) return { kind: 'loading' };
    const offer = offerQuery.data.offer;
    if (!offer.bookable || offer.isExpired) {
      return { kind: 'blocked', title: 'Offer unavailable', message: WIZARD_MESSAGES.offerUnavailable };
    }
    if (serviceId !== '') {
      if (serviceQuery.isPending) return { kind: 'loading' };
      if (serviceQuery.data && !serviceQuery.data.service.booking_enabled) {
        return { kind: 'blocked', title: 'Booking unavailable', message: WIZARD_MESSAGES.bookingDisabled };
      }
    }
    return { kind: 'ready', target: offerTarget(offer) };
  }

  if (serviceQuery.isError) {
    return gone(serviceQuery.error)
      ? { kind: 'blocked', title: 'Service unavailable', message: WIZARD_MESSAGES.serviceNotFound }
      : {
          kind: 'failed',
          title: 'Something went wrong',
          message: WIZARD_MESSAGES.loadServiceFailed,
          retry: () => void serviceQuery.refetch(),
        };
  }
  if (!serviceQuery.data) return { kind: 'loading' };
  const service = serviceQuery.data.service;
  if (!service.booking_enabled) {
    return { kind: 'blocked', title: 'Booking unavailable', message: WIZARD_MESSAGES.bookingDisabled };
  }
  return { kind: 'ready', target: serviceTarget(service) };
}
