import { z } from 'zod';
import { BOOKING_MESSAGES, ZCreateBookingFields } from './booking-schemas.js';

/**
 * The waitlist of a full slot (issue 36). A signed-in customer joins a full slot's waitlist (one
 * place per customer per slot, at most 5 open waits); a freed place is offered to the first in
 * line and held for them 15 minutes; unclaimed, it passes to the next.
 */
export const WAITLIST_OFFER_MINUTES = 15;
export const MAX_OPEN_WAITS = 5;

export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'cancelled'] as const;
export type TWaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** `POST /bookings/waitlist`: the slot as a booking names it. */
export const ZJoinWaitlistRequest = ZCreateBookingFields.pick({
  startTime: true,
  branchId: true,
  offerId: true,
  serviceId: true,
}).refine((body) => body.offerId || body.serviceId, {
  message: BOOKING_MESSAGES.entityRequired,
  path: ['offerId'],
});
export type TJoinWaitlistRequest = z.infer<typeof ZJoinWaitlistRequest>;

export const ZWaitlistEntry = z.object({
  id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  bookingType: z.enum(['offer', 'service']),
  offerId: z.string().nullable(),
  serviceId: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string(),
  title: z.string(),
  /** The branch as bookings name it: its UUID or `store-{storeId}`. */
  branchId: z.string(),
  startTime: z.string(),
  /** 1 = next in line; null once offered or closed. */
  position: z.number().int().nullable(),
  /** While offered: when the hold lapses. */
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

export const ZWaitlistEntryResponse = z.object({ success: z.literal(true), entry: ZWaitlistEntry });
export const ZWaitlistResponse = z.object({ success: z.literal(true), entries: z.array(ZWaitlistEntry) });

export const ZWaitIdParams = z.object({
  id: z.string().trim().uuid({ message: 'Invalid waitlist ID' }),
});

/** The merchant's view: each upcoming slot of its stores with people waiting, in line order. */
export const ZMerchantWaitlistQuery = z.object({
  storeId: z.string().trim().uuid({ message: 'Invalid store ID format' }).optional(),
});
export const ZMerchantWaitlistSlot = z.object({
  storeId: z.string(),
  storeName: z.string(),
  title: z.string(),
  startTime: z.string(),
  branchId: z.string(),
  waiting: z.array(
    z.object({
      id: z.string(),
      customerName: z.string(),
      status: z.enum(['waiting', 'offered']),
      offerExpiresAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export const ZMerchantWaitlistResponse = z.object({
  success: z.literal(true),
  slots: z.array(ZMerchantWaitlistSlot),
});
export type TMerchantWaitlistSlot = z.infer<typeof ZMerchantWaitlistSlot>;
