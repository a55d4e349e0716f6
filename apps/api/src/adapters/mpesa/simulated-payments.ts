import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  ACCOUNT_REFERENCE_MAX,
  B2C_COMMAND_IDS,
  B2C_RESULT_DESCRIPTIONS,
  darajaTimestamp,
  parseDarajaTimestamp,
  RESULT_DESCRIPTIONS,
  stkPassword,
  type TB2CResult,
  TRANSACTION_DESC_MAX,
  type TStkCallback,
  type ZB2CRequest,
  type ZStkPushRequest,
} from './daraja-wire.js';
import {
  type AnswerContext,
  badRequest,
  completeTransaction,
  error,
  isHttpUrl,
  MAX_AMOUNT,
  type MpesaSimulatorOptions,
  MSISDN,
  type SimulatedPayout,
  type SimulatedPush,
  type SimulatorReply,
} from './mpesa-simulator-state.js';

/**
 * The requests that move money, as Daraja plays them: M-Pesa Express (STK push, the customer
 * pays) and B2C payouts (we pay). For each, the checks of a request, the record it
 * accepts, and the callback or result it posts once the request is answered.
 */

/** What an STK push or query proves first: the timestamp (near the clock), short code and password. */
export function credentialsRefusal(
  options: MpesaSimulatorOptions,
  now: () => Date,
  shortcode: string,
  password: string,
  timestamp: string,
): SimulatorReply | undefined {
  const instant = parseDarajaTimestamp(timestamp);
  const tolerance = options.timestampToleranceMs ?? 10 * 60_000;
  if (!instant || Math.abs(instant.getTime() - now().getTime()) > tolerance) {
    return badRequest('Bad Request - Invalid Timestamp');
  }
  if (shortcode !== options.shortcode) {
    return error(500, { errorCode: '500.001.1001', errorMessage: 'Merchant does not exist' });
  }
  if (password !== stkPassword(options.shortcode, options.passkey, timestamp)) {
    return error(500, { errorCode: '500.001.1001', errorMessage: 'Wrong credentials' });
  }
  return undefined;
}

/** Daraja's 400 for a push's first bad field, or undefined for a push it accepts. */
export function stkPushRefusal(
  request: z.output<typeof ZStkPushRequest>,
  shortcode: string,
): SimulatorReply | undefined {
  if (
    request.TransactionType !== 'CustomerPayBillOnline' &&
    request.TransactionType !== 'CustomerBuyGoodsOnline'
  ) {
    return badRequest('Bad Request - Invalid TransactionType');
  }
  const amount = Number(request.Amount);
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT) {
    return badRequest('Bad Request - Invalid Amount');
  }
  if (!MSISDN.test(request.PartyA)) return badRequest('Bad Request - Invalid PartyA');
  if (!/^\d{5,7}$/.test(request.PartyB)) return badRequest('Bad Request - Invalid PartyB');
  if (request.TransactionType === 'CustomerPayBillOnline' && request.PartyB !== shortcode) {
    return badRequest('Bad Request - Invalid PartyB');
  }
  if (!MSISDN.test(request.PhoneNumber)) return badRequest('Bad Request - Invalid PhoneNumber');
  if (!isHttpUrl(request.CallBackURL)) return badRequest('Bad Request - Invalid CallBackURL');
  if (request.AccountReference.length < 1 || request.AccountReference.length > ACCOUNT_REFERENCE_MAX) {
    return badRequest('Bad Request - Invalid AccountReference');
  }
  if (request.TransactionDesc.length < 1 || request.TransactionDesc.length > TRANSACTION_DESC_MAX) {
    return badRequest('Bad Request - Invalid TransactionDesc');
  }
  return undefined;
}

/** An accepted push, with request ids shaped like Daraja's, waiting for the customer. */
export function newPush(request: z.output<typeof ZStkPushRequest>, now: Date): SimulatedPush {
  return {
    merchantRequestId: `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`,
    checkoutRequestId: `ws_CO_${darajaTimestamp(now)}${randomInt(100_000_000, 999_999_999)}`,
    amount: Number(request.Amount),
    phoneNumber: request.PhoneNumber,
    partyB: request.PartyB,
    transactionType: request.TransactionType,
    callbackUrl: request.CallBackURL,
    accountReference: request.AccountReference,
    transactionDesc: request.TransactionDesc,
    createdAt: now,
    resultCode: undefined,
    resultDesc: undefined,
    mpesaReceiptNumber: undefined,
    callback: undefined,
  };
}

export function pushAccepted(push: SimulatedPush): SimulatorReply {
  return {
    status: 200,
    body: {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    },
  };
}

/**
 * The customer's answer recorded: a paid push (ResultCode 0) gets its receipt and a completed
 * transaction, and every answered push the callback to post.
 */
export function recordAnswer(push: SimulatedPush, resultCode: number, context: AnswerContext): void {
  push.resultCode = resultCode;
  push.resultDesc = RESULT_DESCRIPTIONS[resultCode] ?? 'The service request has failed';
  if (resultCode === 0) {
    push.mpesaReceiptNumber = completeTransaction(context, {
      kind: 'stk',
      amount: push.amount,
      phoneNumber: push.phoneNumber,
      originatorConversationId: undefined,
      conversationId: undefined,
    });
  }
  push.callback = pushCallback(push, context.now);
}

/** The callback for an answered push; a paid one carries its receipt and metadata. */
function pushCallback(push: SimulatedPush, now: () => Date): TStkCallback {
  const stkCallback: TStkCallback['Body']['stkCallback'] = {
    MerchantRequestID: push.merchantRequestId,
    CheckoutRequestID: push.checkoutRequestId,
    ResultCode: push.resultCode!,
    ResultDesc: push.resultDesc!,
  };
  if (push.resultCode === 0) {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: push.amount },
        { Name: 'MpesaReceiptNumber', Value: push.mpesaReceiptNumber! },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(darajaTimestamp(now())) },
        { Name: 'PhoneNumber', Value: Number(push.phoneNumber) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

// -------------------------------------------------------------------------------------------
// B2C payouts (issue 12)
// -------------------------------------------------------------------------------------------

/** Daraja's 400 for a payment request's first bad field, or undefined for one it accepts. */
export function b2cRefusal(
  request: z.output<typeof ZB2CRequest>,
  shortcode: string,
): SimulatorReply | undefined {
  if (!(B2C_COMMAND_IDS as readonly string[]).includes(request.CommandID)) {
    return badRequest('Bad Request - Invalid CommandID');
  }
  const amount = Number(request.Amount);
  if (!Number.isInteger(amount) || amount < 10 || amount > MAX_AMOUNT) {
    return badRequest('Bad Request - Invalid Amount');
  }
  if (request.PartyA !== shortcode) return badRequest('Bad Request - Invalid PartyA');
  if (!MSISDN.test(request.PartyB)) return badRequest('Bad Request - Invalid PartyB');
  if (!isHttpUrl(request.ResultURL)) return badRequest('Bad Request - Invalid ResultURL');
  if (!isHttpUrl(request.QueueTimeOutURL)) return badRequest('Bad Request - Invalid QueueTimeOutURL');
  return undefined;
}

/** An accepted payout with its ConversationID, not yet settled. */
export function newPayout(request: z.output<typeof ZB2CRequest>, now: Date): SimulatedPayout {
  return {
    conversationId: `AG_${darajaTimestamp(now)}_${randomBytes(10).toString('hex')}`,
    originatorConversationId: request.OriginatorConversationID,
    amount: Number(request.Amount),
    phoneNumber: request.PartyB,
    resultUrl: request.ResultURL,
    timeoutUrl: request.QueueTimeOutURL,
    createdAt: now,
    resultCode: undefined,
    transactionId: undefined,
    result: undefined,
  };
}

export function payoutAccepted(payout: SimulatedPayout): SimulatorReply {
  return {
    status: 200,
    body: {
      ConversationID: payout.conversationId,
      OriginatorConversationID: payout.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    },
  };
}

/**
 * The payout settled (0: paid; otherwise failed): a paid one gets its receipt and a completed
 * transaction, and every settled one the result to post.
 */
export function recordPayout(payout: SimulatedPayout, resultCode: number, context: AnswerContext): void {
  payout.resultCode = resultCode;
  if (resultCode === 0) {
    payout.transactionId = completeTransaction(context, {
      kind: 'b2c',
      amount: payout.amount,
      phoneNumber: payout.phoneNumber,
      originatorConversationId: payout.originatorConversationId,
      conversationId: payout.conversationId,
    });
  }
  payout.result = payoutResult(payout, context.now);
}

/** The result of a settled payout; a paid one carries its receipt and parameters. */
function payoutResult(payout: SimulatedPayout, now: () => Date): TB2CResult {
  const resultCode = payout.resultCode!;
  const result: TB2CResult['Result'] = {
    ResultType: 0,
    ResultCode: resultCode,
    ResultDesc: B2C_RESULT_DESCRIPTIONS[resultCode] ?? 'The service request has failed',
    OriginatorConversationID: payout.originatorConversationId,
    ConversationID: payout.conversationId,
    TransactionID: resultCode === 0 ? payout.transactionId! : 'UNKNOWN',
  };
  if (resultCode === 0) {
    result.ResultParameters = {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: payout.amount },
        { Key: 'TransactionReceipt', Value: payout.transactionId! },
        { Key: 'ReceiverPartyPublicName', Value: `${payout.phoneNumber} - Customer` },
        { Key: 'TransactionCompletedDateTime', Value: darajaTimestamp(now()) },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
      ],
    };
  }
  return { Result: result };
}
