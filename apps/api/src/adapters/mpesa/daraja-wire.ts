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

/** How an STK push and its query prove the short code: its passkey and one reading of the clock. */
const ZStkCredentials = z.object({
  BusinessShortCode: ZDigits,
  Password: z.string(),
  Timestamp: z.string(),
});

export const ZStkPushRequest = ZStkCredentials.extend({
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

export const ZStkQueryRequest = ZStkCredentials.extend({
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

/** What every request Daraja takes in answers: ResponseCode '0' and its description. */
const ZAcceptance = z.object({
  ResponseCode: z.union([z.string(), z.number()]).transform(String),
  ResponseDescription: z.string(),
});

export const ZStkPushResponse = ZAcceptance.extend({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
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

// ---------------------------------------------------------------------------------------------
// Reversal and Transaction Status (issue 34: refunds paid, nothing left pending)
// ---------------------------------------------------------------------------------------------

export const DARAJA_REVERSAL_PATH = '/mpesa/reversal/v1/request';
export const DARAJA_TRANSACTION_STATUS_PATH = '/mpesa/transactionstatus/v1/query';

/** Daraja's spelling (sic: 'Reciever'); '11' is the only type the Reversal API takes. */
export const REVERSAL_RECEIVER_IDENTIFIER_TYPE = '11';
/** IdentifierType of a Transaction Status query made by an organisation short code. */
export const SHORTCODE_IDENTIFIER_TYPE = '4';

/** Remarks must be 2-100 characters (Reversal and Transaction Status alike). */
export const REMARKS_MIN = 2;
export const REMARKS_MAX = 100;

/** What a Reversal and a Transaction Status request both carry: who asks, the command, where the result goes. */
const ZOrgRequest = z.object({
  Initiator: z.string().min(1),
  SecurityCredential: z.string().min(1),
  CommandID: z.string(),
  ResultURL: z.string(),
  QueueTimeOutURL: z.string(),
  Remarks: z.string(),
  Occasion: z.string().optional(),
});
export type TOrgRequest = z.output<typeof ZOrgRequest>;

export const ZReversalRequest = ZOrgRequest.extend({
  /** The M-Pesa receipt of the payment to reverse. */
  TransactionID: z.string().min(1),
  Amount: z.union([z.string(), z.number()]),
  ReceiverParty: ZDigits,
  RecieverIdentifierType: ZDigits,
});
export type TReversalRequest = z.input<typeof ZReversalRequest>;

export const ZTransactionStatusRequest = ZOrgRequest.extend({
  /** The receipt asked about; Daraja needs it or OriginalConversationID. */
  TransactionID: z.string().optional(),
  OriginalConversationID: z.string().optional(),
  PartyA: ZDigits,
  IdentifierType: ZDigits,
});
export type TTransactionStatusRequest = z.input<typeof ZTransactionStatusRequest>;

/** The synchronous answer of every asynchronous request (B2C, Reversal, Transaction Status). */
export const ZAsyncAccepted = ZAcceptance.extend({
  OriginatorConversationID: z.string(),
  ConversationID: z.string(),
});

const ZResultParameter = z.object({ Key: z.string(), Value: ZResultValue });

/**
 * What Daraja posts to a ResultURL or QueueTimeOutURL. ResultCode is a number for most results
 * and a string for others ('R000001'), so it is read as text; a single ResultParameter may come
 * as an object instead of a one-element array.
 */
export const ZDarajaResult = z.object({
  Result: z.object({
    ResultType: z.union([z.number(), z.string()]).transform(Number).optional(),
    ResultCode: z.union([z.number(), z.string()]).transform((value) => String(value).trim()),
    ResultDesc: z.string(),
    OriginatorConversationID: z.string(),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ResultParameters: z
      .object({
        ResultParameter: z
          .union([z.array(ZResultParameter), ZResultParameter])
          .transform((value) => (Array.isArray(value) ? value : [value])),
      })
      .optional(),
    ReferenceData: z.unknown().optional(),
  }),
});
export type TDarajaResult = z.input<typeof ZDarajaResult>;
export type DarajaResult = z.infer<typeof ZDarajaResult>['Result'];

/** One named value of a result's ResultParameters (as text; undefined when absent). */
export function resultParameter(result: DarajaResult, key: string): string | undefined {
  const value = result.ResultParameters?.ResultParameter.find((entry) => entry.Key === key)?.Value;
  return value === undefined ? undefined : String(value);
}

/**
 * The Reversal API's result codes (Daraja's documentation, "Reversals" → Result Codes). Any code
 * but 0 and R000001 means the reversal did not happen. R000001: someone (we, or an operator in
 * the M-Pesa org portal) already reversed the payment, so the customer has the money back.
 */
export const REVERSAL_RESULT_DESCRIPTIONS: Record<string, string> = {
  '0': 'The service request is processed successfully.',
  R000001: 'The transaction has already been reversed',
  R000002: 'The OriginalTransactionID is invalid.',
  '1': 'The balance is insufficient for the transaction.',
  '11': 'The DebitParty is in an invalid state.',
  '21': 'The initiator is not allowed to initiate this request.',
  '2001': 'The initiator information is invalid.',
  '2006': 'Declined due to account rule.',
  '2028': 'The request is not permitted according to product assignment.',
  '8006': 'The security credential is locked.',
};

/** Already reversed: the money is back with the customer. */
export const ALREADY_REVERSED_CODE = 'R000001';

/** Transaction Status: the TransactionStatus values of a found transaction. */
export const TRANSACTION_COMPLETED = 'Completed';
