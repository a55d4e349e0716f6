import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_REFERENCE_MAX,
  ALREADY_REVERSED_CODE,
  B2C_COMMAND_IDS,
  B2C_RESULT_DESCRIPTIONS,
  darajaTimestamp,
  INVALID_ACCESS_TOKEN,
  parseDarajaTimestamp,
  REMARKS_MAX,
  REMARKS_MIN,
  RESULT_DESCRIPTIONS,
  REVERSAL_RECEIVER_IDENTIFIER_TYPE,
  REVERSAL_RESULT_DESCRIPTIONS,
  SHORTCODE_IDENTIFIER_TYPE,
  STILL_PROCESSING,
  stkPassword,
  type TB2CResult,
  type TDarajaError,
  type TDarajaResult,
  type TOrgRequest,
  TRANSACTION_COMPLETED,
  TRANSACTION_DESC_MAX,
  type TStkCallback,
  ZB2CRequest,
  ZReversalRequest,
  ZStkPushRequest,
  ZStkQueryRequest,
  ZTransactionStatusRequest,
} from './daraja-wire.js';

export interface MpesaSimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** approve / decline every push after `autoDelayMs`; none: only the dev routes answer. */
  auto: 'approve' | 'decline' | 'none';
  autoDelayMs: number;
  /** An unanswered prompt times out after this long (Daraja: about a minute), ResultCode 1037. */
  promptTimeoutMs?: number;
  /** Timestamps further than this from the simulator's clock are refused. */
  timestampToleranceMs?: number;
  tokenLifetimeSeconds?: number;
  now?: () => Date;
  /** How callbacks are posted (the global fetch: real HTTP to CallBackURL). */
  fetch?: typeof fetch;
  /**
   * The initiators allowed to reverse and to ask Transaction Status (name and SecurityCredential);
   * a request by anyone else gets Daraja's result 2001 'The initiator information is invalid.'.
   * Unset: any initiator is accepted.
   */
  reversalInitiator?: { name: string; credential: string };
  statusInitiator?: { name: string; credential: string };
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface SimulatedPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phoneNumber: string;
  partyB: string;
  transactionType: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
  createdAt: Date;
  /** Undefined until the (simulated) customer answers or the prompt times out. */
  resultCode: number | undefined;
  resultDesc: string | undefined;
  mpesaReceiptNumber: string | undefined;
  /** The last callback body posted for this push (tests re-post it to test idempotency). */
  callback: TStkCallback | undefined;
}

export interface SimulatedPayout {
  conversationId: string;
  originatorConversationId: string;
  amount: number;
  phoneNumber: string;
  resultUrl: string;
  timeoutUrl: string;
  createdAt: Date;
  resultCode: number | undefined;
  transactionId: string | undefined;
  /** The last result body posted (tests re-post it to test idempotency). */
  result: TB2CResult | undefined;
}

/** A money movement M-Pesa completed: what Reversal and Transaction Status look up. */
export interface SimulatedTransaction {
  receipt: string;
  kind: 'stk' | 'b2c' | 'reversal';
  amount: number;
  /** The customer's number (the payer of an STK push, the payee of a B2C payment or reversal). */
  phoneNumber: string;
  /** For B2C and reversals: the request's OriginatorConversationID and ConversationID. */
  originatorConversationId: string | undefined;
  conversationId: string | undefined;
  completedAt: Date;
  /** The receipt of the reversal that gave this payment back. */
  reversedBy: string | undefined;
  /** For a reversal: the receipt it reversed. */
  reverses: string | undefined;
}

/** A Reversal or Transaction Status request the simulator accepted; its result follows on ResultURL. */
export interface SimulatedOrgRequest {
  kind: 'reversal' | 'status';
  conversationId: string;
  originatorConversationId: string;
  resultUrl: string;
  timeoutUrl: string;
  createdAt: Date;
  /** Reversal: the receipt to reverse and the amount; status: the receipt or request asked about. */
  transactionId: string | undefined;
  originalConversationId: string | undefined;
  amount: number | undefined;
  initiatorValid: boolean;
  /** Set once answered (the result posted, or timed out in the queue). */
  resultCode: string | undefined;
  result: TDarajaResult | undefined;
}

export interface SimulatorReply {
  status: number;
  body: unknown;
}

export class SimulatorError extends Error {
  constructor(
    readonly reason: 'unknown' | 'answered',
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** What M-Pesa posts to a QueueTimeOutURL: the request was never processed. */
const QUEUE_TIMEOUT = 1;
const REASON_TYPES: Record<SimulatedTransaction['kind'], string> = {
  stk: 'Pay Bill Online',
  b2c: 'Business Payment to Customer via API',
  reversal: 'Reversal',
};
const RECEIPT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MSISDN = /^254[17]\d{8}$/;
/** M-Pesa's limit for one customer payment (KES). */
const MAX_AMOUNT = 250_000;

/**
 * A stand-in for Safaricom Daraja (development and tests): the same three endpoints, the same
 * checks (Basic auth, bearer token, password, field formats), the same JSON answers and errors,
 * and the same callback posted over HTTP to the CallBackURL. Our real Daraja client talks to
 * it; nothing in the payments module knows it is not Safaricom.
 */
export class MpesaSimulator {
  readonly pushes = new Map<string, SimulatedPush>();
  readonly #tokens = new Map<string, number>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #now: () => Date;
  readonly #fetch: typeof fetch;
  #closed = false;
  /** OAuth requests answered with a token (tests check the client caches it). */
  tokensIssued = 0;
  /** STK pushes accepted (tests check an idempotent retry pushes once). */
  pushCount = 0;
  /** B2C payouts accepted, by ConversationID (issue 12). */
  readonly payouts = new Map<string, SimulatedPayout>();
  /** Completed money movements by receipt (issue 34): what reversals and status queries see. */
  readonly transactions = new Map<string, SimulatedTransaction>();
  /** Reversal and Transaction Status requests by ConversationID (issue 34). */
  readonly orgRequests = new Map<string, SimulatedOrgRequest>();
  /**
   * Tests and the dev route: every reversal answered with this ResultCode instead of going through
   * (e.g. '21' 'The initiator is not allowed to initiate this request.'); undefined: the real rules.
   */
  refuseReversalsWith: string | undefined;

  constructor(private readonly options: MpesaSimulatorOptions) {
    this.#now = options.now ?? (() => new Date());
    this.#fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  oauth(authorization: string | undefined, grantType: string | undefined): SimulatorReply {
    const expected = Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`).toString(
      'base64',
    );
    if (grantType !== 'client_credentials') {
      return error(400, { errorCode: '400.008.02', errorMessage: 'Invalid grant type passed' });
    }
    if (authorization !== `Basic ${expected}`) {
      return error(400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
    }
    const lifetime = this.options.tokenLifetimeSeconds ?? 3599;
    const now = this.#now().getTime();
    for (const [token, expiresAt] of this.#tokens) if (expiresAt <= now) this.#tokens.delete(token);
    const token = randomBytes(21).toString('base64url');
    this.#tokens.set(token, now + lifetime * 1000);
    this.tokensIssued += 1;
    return { status: 200, body: { access_token: token, expires_in: String(lifetime) } };
  }

  /**
   * What Daraja checks of every request first, the bearer token (404 Invalid Access Token) and a
   * readable payload (400), then `handle`'s answer to the request.
   */
  answer<T>(
    authorization: string | undefined,
    body: unknown,
    schema: z.ZodType<T>,
    handle: (request: T) => SimulatorReply,
  ): SimulatorReply {
    if (!this.#authorised(authorization)) return error(404, INVALID_ACCESS_TOKEN);
    const parsed = schema.safeParse(body);
    if (!parsed.success) return badRequest('Bad Request - Invalid Request Payload');
    return handle(parsed.data);
  }

  stkPush(request: z.output<typeof ZStkPushRequest>): SimulatorReply {
    const refused = this.#checkCredentials(request.BusinessShortCode, request.Password, request.Timestamp);
    if (refused) return refused;
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
    if (request.TransactionType === 'CustomerPayBillOnline' && request.PartyB !== this.options.shortcode) {
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

    const now = this.#now();
    this.#prune(now);
    const push: SimulatedPush = {
      merchantRequestId: `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`,
      checkoutRequestId: `ws_CO_${darajaTimestamp(now)}${randomInt(100_000_000, 999_999_999)}`,
      amount,
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
    this.pushes.set(push.checkoutRequestId, push);
    this.pushCount += 1;
    const auto = this.options.auto;
    if (auto !== 'none')
      this.#later(push, () => this.#settle(push.checkoutRequestId, auto === 'approve' ? 0 : 1032, true));
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

  stkQuery(request: z.output<typeof ZStkQueryRequest>): SimulatorReply {
    const refused = this.#checkCredentials(request.BusinessShortCode, request.Password, request.Timestamp);
    if (refused) return refused;
    const push = this.pushes.get(request.CheckoutRequestID);
    if (!push) return badRequest('Bad Request - Invalid CheckoutRequestID');
    if (push.resultCode === undefined) {
      const timeout = this.options.promptTimeoutMs ?? 60_000;
      if (this.#now().getTime() - push.createdAt.getTime() < timeout) return error(500, STILL_PROCESSING);
      this.#answer(push, 1037);
    }
    return {
      status: 200,
      body: {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(push.resultCode),
        ResultDesc: push.resultDesc,
      },
    };
  }

  /**
   * The customer enters the PIN: ResultCode 0 and the callback with its metadata.
   * `callback: false` plays a callback Daraja never delivered (only the STK query tells).
   */
  approve(
    checkoutRequestId: string,
    options: { callback?: boolean } = {},
  ): Promise<{ push: SimulatedPush; callbackStatus: number | undefined }> {
    return this.#settle(checkoutRequestId, 0, options.callback ?? true);
  }

  /** The customer cancels the prompt (1032 'Request cancelled by user') or another failure code. */
  decline(
    checkoutRequestId: string,
    options: { resultCode?: number; callback?: boolean } = {},
  ): Promise<{ push: SimulatedPush; callbackStatus: number | undefined }> {
    return this.#settle(checkoutRequestId, options.resultCode ?? 1032, options.callback ?? true);
  }

  /** Posts a callback body to the push's CallBackURL again (Daraja retries and duplicates). */
  async repostCallback(checkoutRequestId: string): Promise<number | undefined> {
    const push = this.pushes.get(checkoutRequestId);
    if (!push?.callback) throw new SimulatorError('unknown', 'No callback was sent for this request');
    return this.#post(push.callbackUrl, push.callback);
  }

  /**
   * `POST /mpesa/b2c/v3/paymentrequest`: checks the token and the fields as Daraja does and
   * answers 'Accept the service request successfully.'; the result follows on ResultURL.
   */
  b2cPayment(request: z.output<typeof ZB2CRequest>): SimulatorReply {
    if (!(B2C_COMMAND_IDS as readonly string[]).includes(request.CommandID)) {
      return badRequest('Bad Request - Invalid CommandID');
    }
    const amount = Number(request.Amount);
    if (!Number.isInteger(amount) || amount < 10 || amount > MAX_AMOUNT) {
      return badRequest('Bad Request - Invalid Amount');
    }
    if (request.PartyA !== this.options.shortcode) return badRequest('Bad Request - Invalid PartyA');
    if (!MSISDN.test(request.PartyB)) return badRequest('Bad Request - Invalid PartyB');
    if (!isHttpUrl(request.ResultURL)) return badRequest('Bad Request - Invalid ResultURL');
    if (!isHttpUrl(request.QueueTimeOutURL)) return badRequest('Bad Request - Invalid QueueTimeOutURL');
    const now = this.#now();
    const payout: SimulatedPayout = {
      conversationId: `AG_${darajaTimestamp(now)}_${randomBytes(10).toString('hex')}`,
      originatorConversationId: request.OriginatorConversationID,
      amount,
      phoneNumber: request.PartyB,
      resultUrl: request.ResultURL,
      timeoutUrl: request.QueueTimeOutURL,
      createdAt: now,
      resultCode: undefined,
      transactionId: undefined,
      result: undefined,
    };
    this.payouts.set(payout.conversationId, payout);
    const auto = this.options.auto;
    if (auto !== 'none') {
      this.#later(payout, () => this.settlePayout(payout.conversationId, auto === 'approve' ? 0 : 1));
    }
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

  /** Settles a payout (0: paid; otherwise failed) and posts the result to its ResultURL. */
  async settlePayout(
    conversationId: string,
    resultCode = 0,
    options: { deliver?: boolean } = {},
  ): Promise<{ payout: SimulatedPayout; resultStatus: number | undefined }> {
    const payout = this.#openPayout(conversationId);
    payout.resultCode = resultCode;
    const result: TB2CResult['Result'] = {
      ResultType: 0,
      ResultCode: resultCode,
      ResultDesc: B2C_RESULT_DESCRIPTIONS[resultCode] ?? 'The service request has failed',
      OriginatorConversationID: payout.originatorConversationId,
      ConversationID: payout.conversationId,
      TransactionID: resultCode === 0 ? receiptNumber() : 'UNKNOWN',
    };
    if (resultCode === 0) {
      payout.transactionId = result.TransactionID;
      this.#record({
        receipt: payout.transactionId!,
        kind: 'b2c',
        amount: payout.amount,
        phoneNumber: payout.phoneNumber,
        originatorConversationId: payout.originatorConversationId,
        conversationId: payout.conversationId,
      });
      result.ResultParameters = {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: payout.amount },
          { Key: 'TransactionReceipt', Value: payout.transactionId! },
          { Key: 'ReceiverPartyPublicName', Value: `${payout.phoneNumber} - Customer` },
          { Key: 'TransactionCompletedDateTime', Value: darajaTimestamp(this.#now()) },
          { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        ],
      };
    }
    payout.result = { Result: result };
    return { payout, resultStatus: await this.#deliver(payout.resultUrl, payout.result, options) };
  }

  /** Posts a payout's result again (Daraja retries and duplicates). */
  async repostPayout(conversationId: string): Promise<number | undefined> {
    const payout = this.payouts.get(conversationId);
    if (!payout?.result) throw new SimulatorError('unknown', 'No result was sent for this payout');
    return this.#post(payout.resultUrl, payout.result);
  }

  /**
   * The payout timed out in Daraja's queue: the QueueTimeOutURL hears of it, the money never moved
   * (the payout stays unsettled, so Transaction Status finds no transaction for it).
   */
  async timeOutPayout(conversationId: string): Promise<number | undefined> {
    const payout = this.#openPayout(conversationId);
    payout.resultCode = QUEUE_TIMEOUT;
    return this.#post(
      payout.timeoutUrl,
      queueTimeout(payout.originatorConversationId, payout.conversationId),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Reversal and Transaction Status (issue 34)
  // -------------------------------------------------------------------------------------------

  /**
   * `POST /mpesa/reversal/v1/request`: Daraja's checks (token, CommandID TransactionReversal,
   * RecieverIdentifierType 11, the receiving short code, 2-100 character Remarks, URLs) answered at
   * once; the outcome follows on ResultURL: 0 (the money goes back, a new receipt), R000001
   * (already reversed), R000002 (no such receipt), 2001 (initiator not valid), or `refuseReversalsWith`.
   */
  reversal(request: z.output<typeof ZReversalRequest>): SimulatorReply {
    if (request.CommandID !== 'TransactionReversal') return badRequest('Bad Request - Invalid CommandID');
    if (request.RecieverIdentifierType !== REVERSAL_RECEIVER_IDENTIFIER_TYPE) {
      return badRequest('Bad Request - Invalid RecieverIdentifierType');
    }
    if (request.ReceiverParty !== this.options.shortcode)
      return badRequest('Bad Request - Invalid ReceiverParty');
    if (!/^[A-Z0-9]{10}$/.test(request.TransactionID))
      return badRequest('Bad Request - Invalid TransactionID');
    const amount = Number(request.Amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > MAX_AMOUNT)
      return badRequest('Bad Request - Invalid Amount');
    return this.#acceptOrgRequest(request, this.options.reversalInitiator, {
      kind: 'reversal',
      transactionId: request.TransactionID,
      originalConversationId: undefined,
      amount,
    });
  }

  /**
   * `POST /mpesa/transactionstatus/v1/query` about a receipt (TransactionID) or a B2C / reversal
   * request (OriginalConversationID) of this short code; the answer follows on ResultURL.
   */
  transactionStatus(request: z.output<typeof ZTransactionStatusRequest>): SimulatorReply {
    if (request.CommandID !== 'TransactionStatusQuery') return badRequest('Bad Request - Invalid CommandID');
    if (!request.TransactionID && !request.OriginalConversationID) {
      return badRequest('Bad Request - Invalid TransactionID');
    }
    if (request.PartyA !== this.options.shortcode) return badRequest('Bad Request - Invalid PartyA');
    if (request.IdentifierType !== SHORTCODE_IDENTIFIER_TYPE)
      return badRequest('Bad Request - Invalid IdentifierType');
    return this.#acceptOrgRequest(request, this.options.statusInitiator, {
      kind: 'status',
      transactionId: request.TransactionID,
      originalConversationId: request.OriginalConversationID,
      amount: undefined,
    });
  }

  /**
   * Answers an accepted Reversal or Transaction Status request now (auto mode does it after the
   * delay) and posts the result to its ResultURL; `deliver: false` keeps the result from being
   * posted (a result Daraja never delivered: the reversal still happened).
   */
  async answerOrgRequest(
    conversationId: string,
    options: { deliver?: boolean } = {},
  ): Promise<{ request: SimulatedOrgRequest; resultStatus: number | undefined }> {
    const request = this.#openOrgRequest(conversationId);
    const result = request.kind === 'reversal' ? this.#reverse(request) : this.#status(request);
    request.resultCode = String(result.ResultCode);
    request.result = { Result: result };
    return { request, resultStatus: await this.#deliver(request.resultUrl, request.result, options) };
  }

  /** The request timed out in Daraja's queue: nothing happened, the QueueTimeOutURL hears of it. */
  async timeOutOrgRequest(conversationId: string): Promise<number | undefined> {
    const request = this.#openOrgRequest(conversationId);
    request.resultCode = String(QUEUE_TIMEOUT);
    request.result = queueTimeout(request.originatorConversationId, request.conversationId);
    return this.#post(request.timeoutUrl, request.result);
  }

  /** Posts a request's result again (Daraja retries and duplicates). */
  async repostOrgResult(conversationId: string): Promise<number | undefined> {
    const request = this.orgRequests.get(conversationId);
    if (!request?.result) throw new SimulatorError('unknown', 'No result was sent for this request');
    return this.#post(
      request.resultCode === String(QUEUE_TIMEOUT) ? request.timeoutUrl : request.resultUrl,
      request.result,
    );
  }

  /** The payout not yet settled; a SimulatorError for an unknown or a settled one. */
  #openPayout(conversationId: string): SimulatedPayout {
    return unanswered(
      this.payouts.get(conversationId),
      'Payout request not found',
      'This payout was already settled',
    );
  }

  /** The Reversal or Transaction Status request not yet answered; a SimulatorError otherwise. */
  #openOrgRequest(conversationId: string): SimulatedOrgRequest {
    return unanswered(
      this.orgRequests.get(conversationId),
      'Request not found',
      'This request was already answered',
    );
  }

  /**
   * The checks Reversal and Transaction Status share (Remarks, ResultURL, QueueTimeOutURL), then
   * the request accepted with its conversation ids; its initiator is checked when it is answered.
   */
  #acceptOrgRequest(
    wire: TOrgRequest,
    expectedInitiator: { name: string; credential: string } | undefined,
    fields: Pick<SimulatedOrgRequest, 'kind' | 'transactionId' | 'originalConversationId' | 'amount'>,
  ): SimulatorReply {
    if (wire.Remarks.length < REMARKS_MIN || wire.Remarks.length > REMARKS_MAX)
      return badRequest('Bad Request - Invalid Remarks');
    if (!isHttpUrl(wire.ResultURL)) return badRequest('Bad Request - Invalid ResultURL');
    if (!isHttpUrl(wire.QueueTimeOutURL)) return badRequest('Bad Request - Invalid QueueTimeOutURL');
    const now = this.#now();
    const request: SimulatedOrgRequest = {
      ...fields,
      resultUrl: wire.ResultURL,
      timeoutUrl: wire.QueueTimeOutURL,
      initiatorValid: initiatorMatches(expectedInitiator, wire.Initiator, wire.SecurityCredential),
      conversationId: `AG_${darajaTimestamp(now)}_${randomBytes(10).toString('hex')}`,
      originatorConversationId: `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(8).toString('hex')}${randomInt(1000, 9999)}`,
      createdAt: now,
      resultCode: undefined,
      result: undefined,
    };
    this.orgRequests.set(request.conversationId, request);
    if (this.options.auto !== 'none')
      this.#later(request, () => this.answerOrgRequest(request.conversationId));
    return {
      status: 200,
      body: {
        OriginatorConversationID: request.originatorConversationId,
        ConversationID: request.conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    };
  }

  /** The reversal's outcome, applied: the original payment is marked reversed and a receipt made. */
  #reverse(request: SimulatedOrgRequest): TDarajaResult['Result'] {
    const base = {
      ResultType: 0,
      OriginatorConversationID: request.originatorConversationId,
      ConversationID: request.conversationId,
    };
    const original = this.transactions.get(request.transactionId!);
    const refusal = !request.initiatorValid
      ? '2001'
      : (this.refuseReversalsWith ??
        (original?.kind !== 'stk' || original.amount !== request.amount
          ? 'R000002'
          : original.reversedBy
            ? ALREADY_REVERSED_CODE
            : undefined));
    if (refusal) {
      return {
        ...base,
        ResultCode: refusal,
        ResultDesc: REVERSAL_RESULT_DESCRIPTIONS[refusal] ?? 'The service request has failed',
        TransactionID: `${request.transactionId!.slice(0, 3)}0000000`,
      };
    }
    const receipt = receiptNumber();
    const now = this.#now();
    original!.reversedBy = receipt;
    this.#record({
      receipt,
      kind: 'reversal',
      amount: original!.amount,
      phoneNumber: original!.phoneNumber,
      originatorConversationId: request.originatorConversationId,
      conversationId: request.conversationId,
      reverses: original!.receipt,
    });
    return {
      ...base,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      TransactionID: receipt,
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitAccountBalance', Value: 'Utility Account|KES|7722179.62|7722179.62|0.00|0.00' },
          { Key: 'Amount', Value: original!.amount },
          { Key: 'TransCompletedTime', Value: Number(darajaTimestamp(now)) },
          { Key: 'OriginalTransactionID', Value: original!.receipt },
          { Key: 'Charge', Value: 0 },
          { Key: 'CreditPartyPublicName', Value: `${original!.phoneNumber} - Customer` },
          { Key: 'DebitPartyPublicName', Value: `${this.options.shortcode} - D3 Deals` },
        ],
      },
    };
  }

  /** What M-Pesa knows of the receipt or request asked about. */
  #status(request: SimulatedOrgRequest): TDarajaResult['Result'] {
    const base = {
      ResultType: 0,
      OriginatorConversationID: request.originatorConversationId,
      ConversationID: request.conversationId,
      TransactionID: `${randomBytes(2).toString('hex').toUpperCase().slice(0, 3)}0000000`,
    };
    if (!request.initiatorValid) {
      return { ...base, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' };
    }
    const found = request.transactionId
      ? this.transactions.get(request.transactionId)
      : [...this.transactions.values()].find(
          (entry) => entry.originatorConversationId === request.originalConversationId,
        );
    if (!found) {
      return { ...base, ResultCode: 'R000002', ResultDesc: REVERSAL_RESULT_DESCRIPTIONS.R000002! };
    }
    const payer =
      found.kind === 'stk' ? `${found.phoneNumber} - Customer` : `${this.options.shortcode} - D3 Deals`;
    const payee =
      found.kind === 'stk' ? `${this.options.shortcode} - D3 Deals` : `${found.phoneNumber} - Customer`;
    return {
      ...base,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: payer },
          { Key: 'CreditPartyName', Value: payee },
          { Key: 'OriginatorConversationID', Value: found.originatorConversationId ?? '' },
          { Key: 'InitiatedTime', Value: darajaTimestamp(found.completedAt) },
          {
            Key: 'DebitAccountType',
            Value: found.kind === 'stk' ? 'MMF Account For Customer' : 'Utility Account',
          },
          { Key: 'ReasonType', Value: REASON_TYPES[found.kind] },
          { Key: 'TransactionStatus', Value: TRANSACTION_COMPLETED },
          { Key: 'FinalisedTime', Value: darajaTimestamp(found.completedAt) },
          { Key: 'Amount', Value: found.amount },
          { Key: 'ConversationID', Value: found.conversationId ?? '' },
          { Key: 'ReceiptNo', Value: found.receipt },
        ],
      },
    };
  }

  #record(
    entry: Omit<SimulatedTransaction, 'completedAt' | 'reversedBy' | 'reverses'> & { reverses?: string },
  ): void {
    this.transactions.set(entry.receipt, {
      reverses: undefined,
      ...entry,
      completedAt: this.#now(),
      reversedBy: undefined,
    });
  }

  /** Stops pending automatic answers (the app is closing). */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  async #settle(checkoutRequestId: string, resultCode: number, sendCallback: boolean) {
    const push = unanswered(
      this.pushes.get(checkoutRequestId),
      'Payment request not found',
      'This payment request was already answered',
    );
    this.#answer(push, resultCode);
    const callbackStatus = sendCallback ? await this.#post(push.callbackUrl, push.callback!) : undefined;
    return { push, callbackStatus };
  }

  /** Records the outcome first, so an STK query made while handling the callback already sees it. */
  #answer(push: SimulatedPush, resultCode: number): void {
    push.resultCode = resultCode;
    push.resultDesc = RESULT_DESCRIPTIONS[resultCode] ?? 'The service request has failed';
    const stkCallback: TStkCallback['Body']['stkCallback'] = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: push.resultDesc,
    };
    if (resultCode === 0) {
      push.mpesaReceiptNumber = receiptNumber();
      this.#record({
        receipt: push.mpesaReceiptNumber,
        kind: 'stk',
        amount: push.amount,
        phoneNumber: push.phoneNumber,
        originatorConversationId: undefined,
        conversationId: undefined,
      });
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: push.amount },
          { Name: 'MpesaReceiptNumber', Value: push.mpesaReceiptNumber },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(this.#now())) },
          { Name: 'PhoneNumber', Value: Number(push.phoneNumber) },
        ],
      };
    }
    push.callback = { Body: { stkCallback } };
  }

  /** Posts a result, unless `deliver: false` plays one Daraja never delivered (only Transaction Status tells). */
  #deliver(
    url: string,
    body: TB2CResult | TDarajaResult,
    options: { deliver?: boolean },
  ): Promise<number | undefined> {
    return options.deliver === false ? Promise.resolve(undefined) : this.#post(url, body);
  }

  async #post(url: string, body: TStkCallback | TB2CResult | TDarajaResult): Promise<number | undefined> {
    try {
      const response = await this.#fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch (error) {
      this.options.log?.warn(
        { err: error, url: redactToken(url) },
        'M-Pesa simulator could not post the callback',
      );
      return undefined;
    }
  }

  /** The automatic answer (MPESA_SIMULATOR_AUTO) after the delay, unless answered meanwhile or closed. */
  #later(subject: { resultCode: number | string | undefined }, answer: () => Promise<unknown>): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (this.#closed || subject.resultCode !== undefined) return;
      void answer().catch(() => undefined);
    }, this.options.autoDelayMs);
    timer.unref();
    this.#timers.add(timer);
  }

  #authorised(authorization: string | undefined): boolean {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
    const expiresAt = token ? this.#tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > this.#now().getTime();
  }

  #checkCredentials(shortcode: string, password: string, timestamp: string): SimulatorReply | undefined {
    const instant = parseDarajaTimestamp(timestamp);
    const tolerance = this.options.timestampToleranceMs ?? 10 * 60_000;
    if (!instant || Math.abs(instant.getTime() - this.#now().getTime()) > tolerance) {
      return badRequest('Bad Request - Invalid Timestamp');
    }
    if (shortcode !== this.options.shortcode) {
      return error(500, { errorCode: '500.001.1001', errorMessage: 'Merchant does not exist' });
    }
    if (password !== stkPassword(this.options.shortcode, this.options.passkey, timestamp)) {
      return error(500, { errorCode: '500.001.1001', errorMessage: 'Wrong credentials' });
    }
    return undefined;
  }

  #prune(now: Date): void {
    for (const [id, push] of this.pushes) {
      if (now.getTime() - push.createdAt.getTime() > DAY_MS) this.pushes.delete(id);
    }
  }
}

function requestId(): string {
  return `${randomInt(1000, 99_999)}-${randomInt(1_000_000, 99_999_999)}-1`;
}

function error(status: number, body: Omit<TDarajaError, 'requestId'>): SimulatorReply {
  return { status, body: { requestId: requestId(), ...body } };
}

function badRequest(errorMessage: string): SimulatorReply {
  return error(400, { errorCode: '400.002.02', errorMessage });
}

/** The request, not yet answered; a SimulatorError for an unknown or an answered one. */
function unanswered<T extends { resultCode: number | string | undefined }>(
  request: T | undefined,
  unknown: string,
  answered: string,
): T {
  if (!request) throw new SimulatorError('unknown', unknown);
  if (request.resultCode !== undefined) throw new SimulatorError('answered', answered);
  return request;
}

function initiatorMatches(
  expected: { name: string; credential: string } | undefined,
  name: string,
  credential: string,
): boolean {
  return !expected || (expected.name === name && expected.credential === credential);
}

/** The body Daraja posts to a QueueTimeOutURL. */
function queueTimeout(originatorConversationId: string, conversationId: string): TDarajaResult {
  return {
    Result: {
      ResultType: 0,
      ResultCode: QUEUE_TIMEOUT,
      ResultDesc: 'The request timed out in the queue and was not processed.',
      OriginatorConversationID: originatorConversationId,
      ConversationID: conversationId,
    },
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Ten characters, a letter first, like 'TKL3X8QW2P'. */
function receiptNumber(): string {
  let text = RECEIPT_ALPHABET.charAt(randomInt(0, 26));
  for (let index = 1; index < 10; index += 1)
    text += RECEIPT_ALPHABET.charAt(randomInt(0, RECEIPT_ALPHABET.length));
  return text;
}

/** The callback URL's last segment is a secret: keep it out of logs. */
function redactToken(url: string): string {
  return url.replace(/\/[^/]+$/, '/[token]');
}

/** Daraja's endpoints, mounted under /mpesa-sim outside /api/v1 (no API key). */
export async function mpesaSimulatorRoutes(app: FastifyInstance, options: { simulator: MpesaSimulator }) {
  const { simulator } = options;
  const schema = { hide: true };
  app.get('/oauth/v1/generate', { schema }, async (request, reply) => {
    const { grant_type: grantType } = request.query as { grant_type?: string };
    const answer = simulator.oauth(request.headers.authorization, grantType);
    return reply.status(answer.status).send(answer.body);
  });
  /** A POST endpoint: Daraja's checks of every request, then the simulator's answer to it. */
  const post = <T>(url: string, body: z.ZodType<T>, handle: (request: T) => SimulatorReply) => {
    app.post(url, { schema }, async (request, reply) => {
      const answer = simulator.answer(request.headers.authorization, request.body, body, handle);
      return reply.status(answer.status).send(answer.body);
    });
  };
  post('/mpesa/stkpush/v1/processrequest', ZStkPushRequest, (request) => simulator.stkPush(request));
  post('/mpesa/b2c/v3/paymentrequest', ZB2CRequest, (request) => simulator.b2cPayment(request));
  post('/mpesa/stkpushquery/v1/query', ZStkQueryRequest, (request) => simulator.stkQuery(request));
  post('/mpesa/reversal/v1/request', ZReversalRequest, (request) => simulator.reversal(request));
  post('/mpesa/transactionstatus/v1/query', ZTransactionStatusRequest, (request) =>
    simulator.transactionStatus(request),
  );
}
