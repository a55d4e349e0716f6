import { z } from 'zod';
import { ZBranch } from '../catalogue/catalogue-schemas.js';
import {
  BOOKING_MESSAGES,
  optionalQuery,
  ZBranchId,
  ZCatalogueBookingType,
  ZDate,
  ZUuidField,
} from './booking-schemas.js';

/**
 * Wire contract of what a booking is made from (seed 001 §3 "Slots", §8 "Booking API mapping"):
 * the slot queries and answers, the branches and the staff a customer picks from.
 */

// ---------------------------------------------------------------------------------------------
// Slots, branches, staff
// ---------------------------------------------------------------------------------------------

const slotFilters = {
  date: ZDate,
  branchId: optionalQuery(ZBranchId),
  staffId: optionalQuery(ZUuidField('staff ID')),
};

export const ZOfferSlotsQuery = z.object({ offerId: ZUuidField('offer ID'), ...slotFilters });
export const ZServiceSlotsQuery = z.object({ serviceId: ZUuidField('service ID'), ...slotFilters });
export const ZUnifiedSlotsQuery = z.object({
  entityId: ZUuidField('entity ID'),
  entityType: ZCatalogueBookingType,
  ...slotFilters,
});
/** Fallback `/bookings/slots`: offerId or serviceId (bookingType only disambiguates). */
export const ZLegacySlotsQuery = z
  .object({
    offerId: optionalQuery(ZUuidField('offer ID')),
    serviceId: optionalQuery(ZUuidField('service ID')),
    bookingType: optionalQuery(ZCatalogueBookingType),
    ...slotFilters,
  })
  .refine((query) => query.offerId || query.serviceId, {
    message: BOOKING_MESSAGES.entityRequired,
    path: ['offerId'],
  });
export type TOfferSlotsQuery = z.infer<typeof ZOfferSlotsQuery>;
export type TServiceSlotsQuery = z.infer<typeof ZServiceSlotsQuery>;
/** `GET /bookings/quote-slots` (issue 12): the accepted quote's store hours. */
export const ZQuoteSlotsQuery = z.object({
  quoteId: ZUuidField('quote ID'),
  date: ZDate,
  branchId: optionalQuery(ZBranchId),
});
export const ZQuoteIdParams = z.object({ id: ZUuidField('quote ID') });

export const ZBranchHours = z.object({
  id: z.string(),
  name: z.string(),
  workingDays: z.array(z.string()),
  openingTime: z.string(),
  closingTime: z.string(),
});

export const ZDetailedSlot = z.object({
  time: z.string(),
  startTime: z.string(),
  available: z.number().int(),
  total: z.number().int(),
});
export type TDetailedSlot = z.infer<typeof ZDetailedSlot>;

/**
 * Why a day has no time to book (the slot rules' business rule): the sites show their own words
 * for it in the reader's language; `message` is the server's English (issue 33).
 */
export const NO_SLOTS_REASONS = [
  'past_date',
  'not_operational',
  'closed_day',
  'no_hours',
  'day_over',
  'fully_booked',
  /** Issue 15: the offer expires before the day's next slot (set by the API, not by daySlots). */
  'offer_expired',
] as const;
export type NoSlotsReason = (typeof NO_SLOTS_REASONS)[number];

export const ZSlotsResponse = z.object({
  success: z.literal(true),
  date: z.string(),
  availableSlots: z.array(z.string()),
  detailedSlots: z.array(ZDetailedSlot),
  bookingRules: z.object({ serviceDuration: z.number().int(), maxConcurrentBookings: z.number().int() }),
  storeInfo: ZBranchHours,
  branchInfo: ZBranchHours,
  accessFee: z.number(),
  accessFeeAmount: z.number().int(),
  message: z.string().optional(),
  reason: z.enum(NO_SLOTS_REASONS).optional(),
});
export type TSlotsResponse = z.infer<typeof ZSlotsResponse>;

/** A branch as the booking calls answer it: the catalogue's branch without the synthetic flag. */
export const ZBookingBranch = ZBranch.omit({ isSynthetic: true });
export type TBookingBranch = z.infer<typeof ZBookingBranch>;

export const ZBranchesResponse = z.object({
  success: z.literal(true),
  branches: z.array(ZBookingBranch),
  branch: ZBookingBranch,
});

export const ZBookingStaffMember = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  branchId: z.string().nullable(),
  assignedToService: z.boolean(),
});
export const ZStaffQuery = z.object({ branchId: optionalQuery(ZBranchId) });
export const ZStaffResponse = z.object({ success: z.literal(true), staff: z.array(ZBookingStaffMember) });
