import { z } from 'zod';
import { queryInt, ZPagination } from '../api/envelope-schemas.js';

/**
 * Wire contract of bookings (seed 000 §3–§5, seed 001 §3–§5, §7 "Bookings", §8 "Booking API
 * mapping"; docs/bookings-api.md). The API validates with these and the site imports them.
 */

export const BOOKING_MESSAGES = {
  noSlots: 'No available time slots for this date. Please try a different date.',
  dateFormat: 'Date must be in YYYY-MM-DD format',
  startTimeInvalid: 'Start time must be a valid date and time',
  startTimeRequired: 'Start time is required',
  entityRequired: 'Either offerId or serviceId is required',
  bookingDisabled: 'Booking is not enabled for this service.',
  offerUnavailable: 'This offer is no longer available.',
  serviceUnavailable: 'This service is no longer available.',
  branchNotFound: 'Branch not found',
  offerNotFound: 'Offer not found',
  serviceNotFound: 'Service not found',
  staffNotFound: 'Staff member not found',
  bookingNotFound: 'Booking not found',
  invalidBookingId: 'Invalid booking ID',
  invalidId: 'Invalid ID',
  notYourBooking: 'You do not have permission to view this booking',
  slotTaken: 'This time slot is no longer available. Please select a different time.',
  staffTaken: 'This staff member is already booked at that time. Please choose another time or staff member.',
  timeInPast: 'This time has already passed. Please select a future time.',
  notASlot: 'Please select one of the available time slots.',
  created: 'Booking created successfully',
  createdPendingPayment: 'Booking created. Complete the access fee payment to confirm it.',
  createdPendingReview: 'Booking request received. The provider will review and confirm it within 24 hours.',
  cancelled: 'Booking cancelled successfully',
  cancelNotAllowed:
    'Cancellation Not Available – This booking cannot be cancelled due to the cancellation policy. Contact the service provider for assistance.',
  rescheduled: 'Booking rescheduled successfully',
  rescheduleNotAllowed:
    'Reschedule Not Available – This booking can only be rescheduled at least 1 hour before it starts, while it is pending or confirmed.',
  newStartTimeRequired: 'New start time is required',
  confirmed: 'Booking confirmed successfully',
  completed: 'Booking completed successfully',
  statusUpdated: 'Booking status updated successfully',
  quoteNotFound: 'Offer not found',
  quoteNotAccepted: 'Only an accepted offer can be booked.',
  quoteAlreadyBooked: 'This offer is already booked. Open My Bookings to see or change it.',
  quoteRescheduleNotAllowed:
    'Reschedule Not Available – cancel this booking and book the provider again from the service request.',
} as const;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'checked_in', 'completed', 'cancelled'] as const;
export const ZBookingStatus = z.enum(BOOKING_STATUSES);
export type TBookingStatus = z.infer<typeof ZBookingStatus>;

/** What happened to a booking's access fee (issue 15); `accessFeeOutcome` in booking-policies decides. */
export const ACCESS_FEE_OUTCOMES = ['none', 'held', 'refund_due', 'used'] as const;
/** A refund as the customer sees it (issue 34). */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
/** A split of the access fee between friends (issue 34). */
export const SPLIT_STATUSES = ['open', 'paid', 'lapsed', 'cancelled'] as const;
export type TSplitStatus = (typeof SPLIT_STATUSES)[number];
export type TAccessFeeOutcome = (typeof ACCESS_FEE_OUTCOMES)[number];

/** 'quote': a booking of a service request's accepted quote (issue 12, docs/decisions.md). */
export const BOOKING_TYPES = ['offer', 'service', 'quote'] as const;
export const ZBookingType = z.enum(BOOKING_TYPES);
export type TBookingType = z.infer<typeof ZBookingType>;
/** The kinds the open slot, branch and create paths of seed 001 take (a quote has its own paths). */
export const ZCatalogueBookingType = z.enum(['offer', 'service']);
export type TCatalogueBookingType = z.infer<typeof ZCatalogueBookingType>;

/** Page size of My Bookings (seed 000 §9). */
export const BOOKINGS_PAGE_SIZE = 12;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** 'YYYY-MM-DD' that is a real calendar day. */
export const ZDate = z
  .string({ error: BOOKING_MESSAGES.dateFormat })
  .trim()
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, BOOKING_MESSAGES.dateFormat);

/** A branch id is a UUID or the synthetic main branch `store-{storeId}`. */
export const ZBranchId = z
  .string()
  .trim()
  .refine(
    (value) => isUuid(value) || (value.startsWith('store-') && isUuid(value.slice(6))),
    'Invalid branch ID',
  );

export const ZUuidField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(isUuid, `Invalid ${label}`);

/** Blank query values count as absent. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * ISO 8601 date-time, either local (no offset: read as Africa/Nairobi, as the seed's client sends
 * it) or with `Z` / `±HH:mm`. Seconds and fractions are optional. Parsing is the API's job
 * (slot-rules `parseBookingStartTime`); this only checks the form.
 */
export const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const ZStartTime = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => ISO_DATETIME.test(value), BOOKING_MESSAGES.startTimeInvalid);

// ---------------------------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------------------------

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (value === null ? undefined : value),
    z.string().trim().max(max, `Must be at most ${max} characters`).optional(),
  );

export const ZCreateBookingFields = z.object({
  /** Ignored: the token decides whose booking it is. */
  userId: z.unknown().optional(),
  startTime: ZStartTime(BOOKING_MESSAGES.startTimeRequired),
  staffId: optionalQuery(ZUuidField('staff ID')),
  notes: optionalText(1000),
  specialRequests: optionalText(1000),
  bookingType: optionalQuery(ZCatalogueBookingType),
  clientInfo: z
    .object({
      name: optionalText(200),
      email: optionalText(254),
      phone: optionalText(30),
    })
    .nullish(),
  storeId: optionalQuery(ZUuidField('store ID')),
  branchId: optionalQuery(ZBranchId),
  offerId: optionalQuery(ZUuidField('offer ID')),
  serviceId: optionalQuery(ZUuidField('service ID')),
  /** Informational: the server computes the fee itself (decision 8). */
  paymentData: z.unknown().optional(),
});

export const ZCreateBookingRequest = ZCreateBookingFields.refine((body) => body.offerId || body.serviceId, {
  message: BOOKING_MESSAGES.entityRequired,
  path: ['offerId'],
});
export type TCreateBookingRequest = z.infer<typeof ZCreateBookingRequest>;

/** `POST /services/{id}/book` (seed 001 §7): the path names the service, the body need not. */
export const ZServiceBookRequest = ZCreateBookingFields.omit({ offerId: true, serviceId: true });

/** `POST /bookings/quote` (issue 12): the accepted quote names the store, price and duration. */
export const ZQuoteBookRequest = ZCreateBookingFields.omit({
  offerId: true,
  serviceId: true,
  bookingType: true,
  staffId: true,
}).extend({ quoteId: ZUuidField('quote ID') });
export type TQuoteBookRequest = z.infer<typeof ZQuoteBookRequest>;

/** `GET /bookings/quotes/{id}`: what the wizard shows before booking an accepted quote. */
export const ZQuoteBookingTarget = z.object({
  quoteId: z.string(),
  requestId: z.string(),
  title: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  storeLogoUrl: z.string().nullable(),
  quotedPrice: z.number(),
  estimatedDuration: z.string().nullable(),
  durationMinutes: z.number().int(),
  /** The live booking already made from this quote, if any. */
  bookingId: z.string().nullable(),
});
export type TQuoteBookingTarget = z.infer<typeof ZQuoteBookingTarget>;
export const ZQuoteBookingTargetResponse = z.object({
  success: z.literal(true),
  target: ZQuoteBookingTarget,
});

// ---------------------------------------------------------------------------------------------
// Booking
// ---------------------------------------------------------------------------------------------

export const ZBooking = z.object({
  id: z.string(),
  status: ZBookingStatus,
  bookingType: ZBookingType,
  isOfferBooking: z.boolean(),
  startTime: z.string(),
  start_time: z.string(),
  endTime: z.string(),
  date: z.string(),
  time: z.string(),
  accessFee: z.number(),
  accessFeeAmount: z.number().int(),
  accessFeePaid: z.boolean(),
  holdExpiresAt: z.string().nullable(),
  notes: z.string().nullable(),
  specialRequests: z.string().nullable(),
  cancelReason: z.string().nullable(),
  refundRequested: z.boolean(),
  /** What happened to the access fee (issue 15): none, held, refund_due (cancelled) or used (completed). */
  accessFeeOutcome: z.enum(ACCESS_FEE_OUTCOMES),
  clientInfo: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  offerId: z.string().nullable(),
  serviceId: z.string().nullable(),
  /** The accepted service-request quote a 'quote' booking books (issue 12). */
  quoteId: z.string().nullable().optional(),
  storeId: z.string(),
  branchId: z.string(),
  staffId: z.string().nullable(),
  Staff: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
  Branch: z
    .object({ id: z.string(), name: z.string(), address: z.string(), phone: z.string().nullable() })
    .nullable(),
  Offer: z
    .object({
      id: z.string(),
      title: z.string(),
      discount: z.number(),
      originalPrice: z.number().nullable(),
      discountedPrice: z.number().nullable(),
      imageUrl: z.string().nullable(),
    })
    .nullable(),
  Service: z
    .object({
      id: z.string(),
      name: z.string(),
      price: z.number().nullable(),
      duration: z.number().int(),
      imageUrl: z.string().nullable(),
      type: z.string(),
    })
    .nullable(),
  Store: z.object({
    id: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    primaryEmail: z.string().nullable(),
    location: z.string().nullable(),
  }),
  Payment: z
    .object({
      id: z.string(),
      amount: z.number(),
      method: z.string(),
      status: z.string(),
      mpesaReceiptNumber: z.string().nullable(),
    })
    .nullable(),
  /** Places the booking holds (issue 34: a group splitting the access fee); 1 for one person. */
  partySize: z.number().int().min(1).max(10).optional(),
  /**
   * The refund of the customer's own payment (issue 34): pending ('Refund on its way'), completed
   * ('Refunded: receipt …') or failed (support pays it by hand; the customer quotes the reference).
   */
  Refund: z
    .object({
      status: z.enum(REFUND_STATUSES),
      amount: z.number().int(),
      receipt: z.string().nullable(),
      supportReference: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** The split of the access fee between friends (issue 34). */
  Split: z
    .object({ id: z.string(), status: z.enum(SPLIT_STATUSES) })
    .nullable()
    .optional(),
  /** 'D3-1A2B-3C4D': shown with its QR code on the voucher; the store checks in by it (issue 15). */
  voucherCode: z.string(),
  /** The branch's map pin (else the store's) for the Directions link; null when unknown. */
  mapPin: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  canCancel: z.boolean(),
  /** The last moment the customer may cancel (start minus the cancellation notice), issue 15. */
  cancelBy: z.string(),
  canReschedule: z.boolean(),
  /** Earliest moment the store may check the booking in or complete it (issue 13). */
  checkInOpensAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBooking = z.infer<typeof ZBooking>;

export const ZBookingResponse = z.object({ success: z.literal(true), booking: ZBooking });
export const ZBookingMessageResponse = ZBookingResponse.extend({ message: z.string() });
export const ZCreateBookingResponse = ZBookingMessageResponse.extend({ paymentRequired: z.boolean() });
export type TCreateBookingResponse = z.infer<typeof ZCreateBookingResponse>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** 'all' / blank mean no filter. */
const filterValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      value === '' || value === null || (typeof value === 'string' && value.toLowerCase() === 'all')
        ? undefined
        : value,
    schema.optional(),
  );

export const ZUserBookingsQuery = z.object({
  page: queryInt(1, 100_000),
  limit: queryInt(BOOKINGS_PAGE_SIZE, 100),
  status: filterValue(z.enum([...BOOKING_STATUSES, 'upcoming', 'past'])),
  bookingType: filterValue(ZBookingType),
  search: filterValue(z.string().trim().max(200)),
});
export type TUserBookingsQuery = z.infer<typeof ZUserBookingsQuery>;

export const ZBookingSummary = z.object({
  total: z.number().int(),
  upcoming: z.number().int(),
  /** Started at or before now, whatever their status: the My Bookings "Past" tab's count. */
  past: z.number().int(),
  pending: z.number().int(),
  confirmed: z.number().int(),
  checked_in: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export type TBookingSummary = z.infer<typeof ZBookingSummary>;

export const ZUserBookingsResponse = z.object({
  success: z.literal(true),
  bookings: z.array(ZBooking),
  pagination: ZPagination,
  summary: ZBookingSummary,
});

/** Longest calendar range one merchant bookings call may ask for (issue 13). */
export const MERCHANT_CALENDAR_MAX_DAYS = 62;

/**
 * The merchant's bookings: a list (page, limit) or a calendar range (`from`..`to`, Nairobi days,
 * both inclusive), narrowed by store, branch, staff and status.
 */
export const ZMerchantBookingsQuery = z
  .object({
    page: queryInt(1, 100_000),
    limit: queryInt(20, 100),
    status: filterValue(ZBookingStatus),
    date: filterValue(ZDate),
    from: optionalQuery(ZDate),
    to: optionalQuery(ZDate),
    storeId: optionalQuery(ZUuidField('store ID')),
    branchId: optionalQuery(ZBranchId),
    staffId: optionalQuery(ZUuidField('staff ID')),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must not be before the start date',
      });
    else if (days >= MERCHANT_CALENDAR_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Choose a range of at most ${MERCHANT_CALENDAR_MAX_DAYS} days`,
      });
    }
  });
export type TMerchantBookingsQuery = z.infer<typeof ZMerchantBookingsQuery>;

export const ZMerchantBookingsResponse = z.object({
  success: z.literal(true),
  bookings: z.array(ZBooking),
  pagination: ZPagination,
});

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

export const ZBookingIdParams = z.object({
  id: z.string().trim().refine(isUuid, BOOKING_MESSAGES.invalidBookingId),
});
export const ZOfferIdParams = z.object({ id: z.string().trim().refine(isUuid, 'Invalid offer ID') });
export const ZServiceIdParams = z.object({ id: z.string().trim().refine(isUuid, 'Invalid service ID') });

export const ZCancelBookingRequest = z
  .object({
    reason: optionalText(500),
    refundRequested: z.boolean().optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type TCancelBookingRequest = z.infer<typeof ZCancelBookingRequest>;

/** `POST /merchant/bookings/check-in-by-code`: the voucher code as typed or scanned (issue 15). */
export const ZCheckInByCodeRequest = z.object({
  code: z
    .string({ error: 'Enter the voucher code' })
    .trim()
    .min(1, 'Enter the voucher code')
    .max(40, 'This is not a voucher code'),
});
export type TCheckInByCodeRequest = z.infer<typeof ZCheckInByCodeRequest>;

export const ZRescheduleBookingRequest = z.object({
  newStartTime: ZStartTime(BOOKING_MESSAGES.newStartTimeRequired),
  newStaffId: optionalQuery(ZUuidField('staff ID')),
  reason: optionalText(500),
});
export type TRescheduleBookingRequest = z.infer<typeof ZRescheduleBookingRequest>;

export const ZRescheduleOptionsResponse = z.object({
  success: z.literal(true),
  options: z.array(
    z.object({ date: z.string(), slots: z.array(z.object({ time: z.string(), startTime: z.string() })) }),
  ),
});
export type TRescheduleOptionsResponse = z.infer<typeof ZRescheduleOptionsResponse>;

export const ZBookingStatusRequest = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `Status must be one of ${BOOKING_STATUSES.join(', ')}` }),
  /** Why the store cancels (shown to the customer); only read with status `cancelled`. */
  reason: optionalText(500),
});
export type TBookingStatusRequest = z.infer<typeof ZBookingStatusRequest>;
