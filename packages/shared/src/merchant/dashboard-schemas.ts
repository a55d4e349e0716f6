import { z } from 'zod';
import { ZBooking } from '../bookings/booking-schemas.js';

/**
 * GET /merchant/dashboard (issue 13): the merchant site's dashboard in one call. Amounts in KES.
 * `accessFees` is what customers paid the platform (M-Pesa) for bookings made this month;
 * `atStore` is what completed bookings this month are worth at the store (the offer's discounted
 * price or the service's price), which customers pay the store directly.
 */
export const ZMerchantDashboard = z.object({
  stores: z.number().int(),
  bookings: z.object({
    today: z.number().int(),
    upcoming: z.number().int(),
    awaitingConfirmation: z.number().int(),
    thisMonth: z.number().int(),
  }),
  revenue: z.object({
    /** 'YYYY-MM', Africa/Nairobi. */
    month: z.string(),
    accessFees: z.number(),
    atStore: z.number(),
  }),
  /** Average over the merchant's stores weighted by their review counts (0 without reviews). */
  rating: z.number(),
  reviewCount: z.number().int(),
  followers: z.number().int(),
  /** The next bookings from now (live statuses), soonest first, at most 8. */
  nextBookings: z.array(ZBooking),
});
export type TMerchantDashboard = z.infer<typeof ZMerchantDashboard>;

export const ZMerchantDashboardResponse = z.object({ success: z.literal(true), data: ZMerchantDashboard });
export type TMerchantDashboardResponse = z.infer<typeof ZMerchantDashboardResponse>;
