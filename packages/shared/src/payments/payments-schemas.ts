import { z } from 'zod';
import { normalizeKenyanPhone } from '../accounts/phone-rules.js';
import { isUuid } from '../bookings/booking-schemas.js';

/** A number M-Pesa can push to: a Kenyan mobile (07…/01… as +2547…/+2541…). */
export const isMpesaPhone = (phone: string): boolean =>
  /^\+254[17]\d{8}$/.test(normalizeKenyanPhone(phone) ?? '');

/**
 * Wire schemas of the payments calls (seed 001 §7 "Payments"; docs/bookings-api.md "Payments"),
 * shared so the sites read the same shapes (issue 37).
 */

export const PAYMENT_MESSAGES = {
  invalidPhone: 'Please enter a valid phone number',
  invalidBookingId: 'Invalid booking ID',
  invalidPaymentId: 'Invalid payment ID',
  bookingNotFound: 'Booking not found',
  paymentNotFound: 'Payment not found',
  notYourPayment: 'You do not have permission to view this payment',
  noFee: 'This booking has no access fee to pay.',
  alreadyPaid: 'The access fee for this booking is already paid.',
  cancelled: 'This booking was cancelled and can no longer be paid.',
  notPayable: 'This booking can no longer be paid.',
  holdExpired: 'The time held for this booking has run out. Please book again.',
  unsupportedType: "Payment type must be 'booking_access_fee'",
  amountInvalid: 'Amount must be a number of shillings',
  initiated: 'Payment request sent. Enter your M-Pesa PIN on your phone to complete the payment.',
  initiationFailed: 'Payment initiation failed. Please try again.',
  notCompletedInTime: 'Payment not completed in time',
  amountMismatch: (amount: number) => `Amount does not match the access fee (KES ${amount})`,
  paidTooLittle: (paid: number, amount: number) =>
    `Amount paid (KES ${paid}) is less than the access fee (KES ${amount})`,
} as const;

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed'] as const;
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);

export const ZCreateMpesaPaymentRequest = z.object({
  phoneNumber: z
    .string({ error: PAYMENT_MESSAGES.invalidPhone })
    .refine(isMpesaPhone, PAYMENT_MESSAGES.invalidPhone),
  /** Optional: the server computes the amount (decision 8); when sent it must match. */
  amount: z
    .number({ error: PAYMENT_MESSAGES.amountInvalid })
    .positive(PAYMENT_MESSAGES.amountInvalid)
    .optional(),
  bookingId: z
    .string({ error: PAYMENT_MESSAGES.invalidBookingId })
    .refine(isUuid, PAYMENT_MESSAGES.invalidBookingId),
  type: z.literal('booking_access_fee', { error: PAYMENT_MESSAGES.unsupportedType }).optional(),
  /** The seed's client sends a copy of the booking; the server reads the booking itself. */
  bookingData: z.unknown().optional(),
});
export type TCreateMpesaPaymentRequest = z.infer<typeof ZCreateMpesaPaymentRequest>;

export const ZCreateMpesaPaymentHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must be 1 to 255 characters')
    .max(255, 'Idempotency-Key must be 1 to 255 characters')
    .optional(),
});

export const ZCreateMpesaPaymentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: z.object({
    id: z.string(),
    status: ZPaymentStatus,
    /** Whole shillings pushed to M-Pesa. */
    amount: z.number().int(),
    checkoutRequestId: z.string().nullable(),
  }),
});
export type TCreateMpesaPaymentResponse = z.infer<typeof ZCreateMpesaPaymentResponse>;

export const ZPaymentIdParams = z.object({
  id: z.string().refine(isUuid, PAYMENT_MESSAGES.invalidPaymentId),
});

export const ZPaymentStatusResponse = z.object({
  success: z.literal(true),
  payment: z.object({
    id: z.string(),
    status: ZPaymentStatus,
    amount: z.number().int(),
    bookingId: z.string(),
    mpesaReceiptNumber: z.string().nullable(),
    resultDesc: z.string().nullable(),
    /**
     * Pending past its deadline with no final answer: we are asking M-Pesa (issue 34); the site
     * shows 'Checking with M-Pesa'. It is never failed on the time-out alone.
     */
    checking: z.boolean(),
  }),
});
export type TPaymentStatusResponse = z.infer<typeof ZPaymentStatusResponse>;

export const ZMpesaCallbackParams = z.object({ token: z.string() });
/** The request id is checked by the handler: Daraja always gets its 'Accepted'. */
export const ZMpesaResultParams = z.object({ token: z.string(), requestId: z.string().max(64) });

/** What Daraja expects back from a callback URL. */
export const ZMpesaCallbackResponse = z.object({
  ResultCode: z.literal(0),
  ResultDesc: z.literal('Accepted'),
});

/** `GET /operator/ledger?from&to` (issue 34): an ISO date (Nairobi midnight) or date-time each. */
const ZLedgerInstant = z
  .string()
  .trim()
  .max(40)
  .refine((text) => parseLedgerInstant(text) !== undefined, 'Use a date (2026-11-01) or an ISO date-time');
export const ZLedgerQuery = z.object({ from: ZLedgerInstant.optional(), to: ZLedgerInstant.optional() });

/** 2026-11-01 is midnight in Nairobi (UTC+3, no daylight saving); a date-time is taken as written. */
export function parseLedgerInstant(text: string): Date | undefined {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00+03:00` : text;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

export const ZLedgerResponse = z.object({
  success: z.literal(true),
  ledger: z.object({
    from: z.string(),
    to: z.string(),
    generatedAt: z.string(),
    moneyIn: z.number(),
    feesEarned: z.number(),
    feesHeld: z.number(),
    refundsPaid: z.number(),
    refundsPending: z.number(),
    difference: z.number(),
    referralRewards: z.object({ credited: z.number(), paid: z.number(), pending: z.number() }),
    openItems: z.array(
      z.object({
        kind: z.enum(['refund', 'payment', 'withdrawal', 'request']),
        id: z.string(),
        amount: z.number(),
        status: z.string(),
        since: z.string(),
        ageMinutes: z.number().int(),
      }),
    ),
  }),
});
