import { normalizeKenyanPhone } from '@d3/shared/accounts/phone-rules';
import { NAIROBI_TIME_ZONE } from '@d3/shared/time/relative-time';
import { tz } from '@date-fns/tz';
import { format, parse } from 'date-fns';
import { z } from 'zod';

/**
 * Safaricom Daraja's wire format for M-Pesa Express (STK push), shared by the real client and
 * the simulator so both speak exactly the same JSON.
 */

export const DARAJA_PATHS = {
  oauth: '/oauth/v1/generate',
  stkPush: '/mpesa/stkpush/v1/processrequest',
  stkQuery: '/mpesa/stkpushquery/v1/query',
} as const;

export const DARAJA_TIME_ZONE = NAIROBI_TIME_ZONE;
const nairobi = tz(DARAJA_TIME_ZONE);
const TIMESTAMP_FORMAT = 'yyyyMMddHHmmss';

/** Daraja caps these two fields; longer values are refused. */
export const ACCOUNT_REFERENCE_MAX = 12;
export const TRANSACTION_DESC_MAX = 13;

export type TransactionType = 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';

/** YYYYMMDDHHmmss in Africa/Nairobi, whatever the server's own time zone. */
export function darajaTimestamp(instant: Date): string {
  return format(instant, TIMESTAMP_FORMAT, { in: nairobi });
}

/** The instant a Daraja timestamp names (read as Nairobi time); undefined when malformed. */
export function parseDarajaTimestamp(text: string): Date | undefined {
  if (!/^\d{14}$/.test(text)) return undefined;
  const parsed = parse(text, TIMESTAMP_FORMAT, new Date(0), { in: nairobi });
  if (Number.isNaN(parsed.getTime()) || darajaTimestamp(parsed) !== text) return undefined;
  return new Date(parsed.getTime());
}

/** Password = base64(BusinessShortCode + passkey + Timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

/**
 * A Kenyan mobile number in the form Daraja takes for PartyA/PhoneNumber: 2547XXXXXXXX or
 * 2541XXXXXXXX (no plus). Undefined for anything else (landlines, foreign numbers, junk).
 */
export function toDarajaMsisdn(phone: string): string | undefined {
  const e164 = normalizeKenyanPhone(phone);
  if (!e164 || !/^\+254[17]\d{8}$/.test(e164)) return undefined;
  return e164.slice(1);
}

/** Daraja refuses anything but plain alphanumerics and spaces in these fields. */
export function clip(text: string, max: number): string {
  return text
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, max)
    .trim();
}

// Request bodies (numbers may arrive as numbers or digit strings; Daraja accepts both).
const ZDigits = z.union([z.string(), z.number()]).transform((value) => String(value));

export const ZStkPushRequest = z.object({
  BusinessShortCode: ZDigits,
  Password: z.string(),
  Timestamp: z.string(),
  TransactionType: z.string(),
  Amount: z.union([z.string(), z.number()]),
  PartyA: ZDigits,
  PartyB: ZDigits,
  PhoneNumber: ZDigits,
  CallBackURL: z.string(),
  AccountReference: z.string(),
  TransactionDesc: z.string(),
});
export type TStkPushRequest = z.input<typeof ZStkPushRequest>;

export const ZStkQueryRequest = z.object({
  BusinessShortCode: ZDigits,
  Password: z.string(),
  Timestamp: z.string(),
  CheckoutRequestID: z.string(),
});
export type TStkQueryRequest = z.input<typeof ZStkQueryRequest>;

// Responses.
export const ZOAuthResponse = z.object({
  access_token: z.string().min(1),
  /** Seconds, sent as a string ("3599"). */
  expires_in: z.union([z.string(), z.number()]).transform(Number),
});

/** Every Daraja API error: `{ requestId, errorCode: '400.002.02', errorMessage }`. */
export const ZDarajaError = z.object({
  requestId: z.string().optional(),
  errorCode: z.string(),
  errorMessage: z.string(),
});
export type TDarajaError = z.infer<typeof ZDarajaError>;

export const ZStkPushResponse = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string(),
  CustomerMessage: z.string().optional(),
});

export const ZStkQueryResponse = z.object({
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string(),
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResultCode: z.union([z.string(), z.number()]).transform(Number),
  ResultDesc: z.string(),
});

/** The callback Daraja posts to CallBackURL when the customer answers (or the prompt times out). */
export const ZStkCallback = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1),
      ResultCode: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int()),
      ResultDesc: z.string(),
      CallbackMetadata: z
        .object({
          Item: z.array(z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() })),
        })
        .optional(),
    }),
  }),
});
export type TStkCallback = z.input<typeof ZStkCallback>;

export interface CallbackMetadata {
  amount: number | undefined;
  mpesaReceiptNumber: string | undefined;
  transactionDate: string | undefined;
  phoneNumber: string | undefined;
}

/** The named items of a successful callback's CallbackMetadata. */
export function callbackMetadata(callback: z.infer<typeof ZStkCallback>): CallbackMetadata {
  const items = new Map(
    (callback.Body.stkCallback.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]),
  );
  const text = (name: string) => {
    const value = items.get(name);
    return value === undefined ? undefined : String(value);
  };
  const amount = items.get('Amount');
  return {
    amount: amount === undefined || !Number.isFinite(Number(amount)) ? undefined : Number(amount),
    mpesaReceiptNumber: text('MpesaReceiptNumber'),
    transactionDate: text('TransactionDate'),
    phoneNumber: text('PhoneNumber'),
  };
}

/** ResultCodes that end a payment for good: the slot is released (API-CONTRACT decision 7). */
export const RELEASING_RESULT_CODES: ReadonlySet<number> = new Set([1, 1032, 1037, 2001, 1019]);

/** Daraja's ResultDesc for the codes the simulator produces. */
export const RESULT_DESCRIPTIONS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1019: 'Transaction has expired',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

/** The query's answer while the customer has not answered the prompt yet. */
export const STILL_PROCESSING = {
  errorCode: '500.001.1001',
  errorMessage: 'The transaction is being processed',
};
/** The API's answer to a missing, unknown or expired bearer token. */
export const INVALID_ACCESS_TOKEN = { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' };

// ---------------------------------------------------------------------------------------------
// B2C (business to customer): paying a customer's M-Pesa number (issue 12: referral withdrawals)
// ---------------------------------------------------------------------------------------------

export const DARAJA_B2C_PATH = '/mpesa/b2c/v3/paymentrequest';

export const B2C_COMMAND_IDS = ['BusinessPayment', 'SalaryPayment', 'PromotionPayment'] as const;

export const ZB2CRequest = z.object({
  OriginatorConversationID: z.string().min(1),
  InitiatorName: z.string().min(1),
  SecurityCredential: z.string().min(1),
  CommandID: z.string(),
  Amount: z.union([z.string(), z.number()]),
  PartyA: ZDigits,
  PartyB: ZDigits,
  Remarks: z.string(),
  QueueTimeOutURL: z.string(),
  ResultURL: z.string(),
  Occasion: z.string().optional(),
});
export type TB2CRequest = z.input<typeof ZB2CRequest>;

export const ZB2CResponse = z.object({
  ConversationID: z.string(),
  OriginatorConversationID: z.string(),
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string(),
});

const ZResultValue = z.union([z.string(), z.number()]).optional();

/** The result Daraja posts to ResultURL once the payment went through (or did not). */
export const ZB2CResult = z.object({
  Result: z.object({
    ResultType: z.union([z.number(), z.string()]).transform(Number).optional(),
    ResultCode: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int()),
    ResultDesc: z.string(),
    OriginatorConversationID: z.string().min(1),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ResultParameters: z
      .object({ ResultParameter: z.array(z.object({ Key: z.string(), Value: ZResultValue })) })
      .optional(),
    ReferenceData: z.unknown().optional(),
  }),
});
export type TB2CResult = z.input<typeof ZB2CResult>;

/** B2C ResultDesc for the codes the simulator produces. */
export const B2C_RESULT_DESCRIPTIONS: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  2001: 'The initiator information is invalid.',
  2040: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
};
