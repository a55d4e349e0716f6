import { z } from 'zod';
import { isUuid } from '../bookings/booking-schemas.js';

/**
 * Split the access fee between friends (issue 34): the wire contract of /payments/splits. The
 * customer site and the API both read it.
 */

/** A group of 2 to 10 books one slot together (the organiser counts). */
export const SPLIT_PARTY_MIN = 2;
export const SPLIT_PARTY_MAX = 10;

export const SPLIT_MESSAGES = {
  title: 'Split with friends',
  partySize: `A group is ${SPLIT_PARTY_MIN} to ${SPLIT_PARTY_MAX} people, you included`,
  invalidPhone: 'Please enter a valid phone number',
  tooManyFriends: 'Name at most one friend per share',
  sameNumber: 'Each friend needs their own number',
} as const;

/**
 * The shares of `total` whole shillings between `partySize` people: every friend pays the whole
 * shillings of an even share, and the organiser (first) pays the rest, absorbing the rounding.
 */
export function splitShares(total: number, partySize: number): number[] {
  const friend = Math.floor(total / partySize);
  return [total - friend * (partySize - 1), ...Array.from({ length: partySize - 1 }, () => friend)];
}

const ZPhone = z
  .string({ error: SPLIT_MESSAGES.invalidPhone })
  .trim()
  .min(9, SPLIT_MESSAGES.invalidPhone)
  .max(20, SPLIT_MESSAGES.invalidPhone);

export const ZCreateSplitRequest = z.object({
  offerId: z.string().refine(isUuid, 'Invalid offer ID'),
  startTime: z.string().min(1).max(40),
  branchId: z.string().max(80).optional(),
  staffId: z.string().refine(isUuid, 'Invalid staff ID').optional(),
  notes: z.string().max(500).optional(),
  partySize: z
    .number({ error: SPLIT_MESSAGES.partySize })
    .int(SPLIT_MESSAGES.partySize)
    .min(SPLIT_PARTY_MIN, SPLIT_MESSAGES.partySize)
    .max(SPLIT_PARTY_MAX, SPLIT_MESSAGES.partySize),
  /** The organiser's own M-Pesa number, for their share. */
  phoneNumber: ZPhone,
  /** Friends named by number get their prompt at once; the other shares wait for the link. */
  friends: z
    .array(z.object({ phoneNumber: ZPhone }))
    .max(SPLIT_PARTY_MAX - 1, SPLIT_MESSAGES.tooManyFriends)
    .default([]),
});
export type TCreateSplitRequest = z.input<typeof ZCreateSplitRequest>;

export const ZPayShareRequest = z.object({ phoneNumber: ZPhone });
export type TPayShareRequest = z.infer<typeof ZPayShareRequest>;

export const SPLIT_VIEW_STATUSES = ['open', 'paid', 'lapsed', 'cancelled'] as const;
export const SHARE_STATUSES = ['open', 'pending', 'paid', 'refunded', 'refund_pending'] as const;

export const ZSplitShare = z.object({
  position: z.number().int(),
  /** Whole shillings. */
  amount: z.number().int(),
  /** 'open' (nobody yet), 'pending' (a prompt is out), 'paid', then after a lapse 'refund_pending' / 'refunded'. */
  status: z.enum(SHARE_STATUSES),
  /** Masked: '+254 7** *** 678'; null until the share has a number. */
  phoneNumber: z.string().nullable(),
  isOrganiser: z.boolean(),
  /** The refund's receipt once a paid share went back. */
  refundReceipt: z.string().nullable(),
});
export type TSplitShare = z.infer<typeof ZSplitShare>;

export const ZSplitView = z.object({
  id: z.string(),
  status: z.enum(SPLIT_VIEW_STATUSES),
  partySize: z.number().int(),
  totalAmount: z.number().int(),
  paidAmount: z.number().int(),
  holdExpiresAt: z.string().nullable(),
  /** The share link's secret path segment (the organiser's view only; a friend already has it). */
  token: z.string().nullable(),
  booking: z.object({
    id: z.string(),
    status: z.string(),
    startTime: z.string(),
    offerTitle: z.string().nullable(),
    storeName: z.string(),
    /** Shown once every share is paid: each payer checks in with it. */
    voucherCode: z.string().nullable(),
  }),
  shares: z.array(ZSplitShare),
});
export type TSplitView = z.infer<typeof ZSplitView>;

export const ZSplitResponse = z.object({ success: z.literal(true), split: ZSplitView });
export type TSplitResponse = z.infer<typeof ZSplitResponse>;

export const ZPayShareResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  share: z.object({ position: z.number().int(), amount: z.number().int() }),
  payment: z.object({ id: z.string(), status: z.string(), checkoutRequestId: z.string().nullable() }),
});
export type TPayShareResponse = z.infer<typeof ZPayShareResponse>;
