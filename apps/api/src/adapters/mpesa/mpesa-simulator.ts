import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  INVALID_ACCESS_TOKEN,
  STILL_PROCESSING,
  type TB2CResult,
  type TDarajaResult,
  type TOrgRequest,
  type TStkCallback,
  type ZB2CRequest,
  type ZReversalRequest,
  type ZStkPushRequest,
  type ZStkQueryRequest,
  type ZTransactionStatusRequest,
} from './daraja-wire.js';
import {
  type AnswerContext,
  badRequest,
  error,
  type MpesaSimulatorOptions,
  QUEUE_TIMEOUT,
  queueTimeout,
  redactToken,
  type SimulatedOrgRequest,
  type SimulatedPayout,
  type SimulatedPush,
  type SimulatedTransaction,
  SimulatorError,
  type SimulatorReply,
  unanswered,
} from './mpesa-simulator-state.js';
import {
  newOrgRequest,
  orgRequestAccepted,
  orgRequestRefusal,
  reversalRefusal,
  reversalResult,
  statusResult,
  transactionStatusRefusal,
} from './simulated-org-requests.js';
import {
  b2cRefusal,
  credentialsRefusal,
  newPayout,
  newPush,
  payoutAccepted,
  pushAccepted,
  recordAnswer,
  recordPayout,
  stkPushRefusal,
} from './simulated-payments.js';

export { type MpesaSimulatorOptions, SimulatorError } from './mpesa-simulator-state.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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
    const refused =
      this.#checkCredentials(request.BusinessShortCode, request.Password, request.Timestamp) ??
      stkPushRefusal(request, this.options.shortcode);
    if (refused) return refused;
    const now = this.#now();
    this.#prune(now);
    const push = newPush(request, now);
    this.pushes.set(push.checkoutRequestId, push);
    this.pushCount += 1;
    const auto = this.options.auto;
    if (auto !== 'none')
      this.#later(push, () => this.#settle(push.checkoutRequestId, auto === 'approve' ? 0 : 1032, true));
    return pushAccepted(push);
  }

  stkQuery(request: z.output<typeof ZStkQueryRequest>): SimulatorReply {
    const refused = this.#checkCredentials(request.BusinessShortCode, request.Password, request.Timestamp);
    if (refused) return refused;
    const push = this.pushes.get(request.CheckoutRequestID);
    if (!push) return badRequest('Bad Request - Invalid CheckoutRequestID');
    if (push.resultCode === undefined) {
      const timeout = this.options.promptTimeoutMs ?? 60_000;
      if (this.#now().getTime() - push.createdAt.getTime() < timeout) return error(500, STILL_PROCESSING);
      recordAnswer(push, 1037, this.#context());
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
    const refused = b2cRefusal(request, this.options.shortcode);
    if (refused) return refused;
    const payout = newPayout(request, this.#now());
    this.payouts.set(payout.conversationId, payout);
    const auto = this.options.auto;
    if (auto !== 'none') {
      this.#later(payout, () => this.settlePayout(payout.conversationId, auto === 'approve' ? 0 : 1));
    }
    return payoutAccepted(payout);
  }

  /** Settles a payout (0: paid; otherwise failed) and posts the result to its ResultURL. */
  async settlePayout(
    conversationId: string,
    resultCode = 0,
    options: { deliver?: boolean } = {},
  ): Promise<{ payout: SimulatedPayout; resultStatus: number | undefined }> {
    const payout = this.#openPayout(conversationId);
    recordPayout(payout, resultCode, this.#context());
    return { payout, resultStatus: await this.#deliver(payout.resultUrl, payout.result!, options) };
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
    const refused = reversalRefusal(request, this.options.shortcode);
    if (refused) return refused;
    const amount = Number(request.Amount);
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
    const refused = transactionStatusRefusal(request, this.options.shortcode);
    if (refused) return refused;
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
    const result =
      request.kind === 'reversal'
        ? reversalResult(request, this.#context())
        : statusResult(request, this.#context());
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
    const refused = orgRequestRefusal(wire);
    if (refused) return refused;
    const request = newOrgRequest(wire, expectedInitiator, fields, this.#now());
    this.orgRequests.set(request.conversationId, request);
    if (this.options.auto !== 'none')
      this.#later(request, () => this.answerOrgRequest(request.conversationId));
    return orgRequestAccepted(request);
  }

  /** Stops pending automatic answers (the app is closing). */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  /** Records the outcome first, so an STK query made while handling the callback already sees it. */
  async #settle(checkoutRequestId: string, resultCode: number, sendCallback: boolean) {
    const push = unanswered(
      this.pushes.get(checkoutRequestId),
      'Payment request not found',
      'This payment request was already answered',
    );
    recordAnswer(push, resultCode, this.#context());
    const callbackStatus = sendCallback ? await this.#post(push.callbackUrl, push.callback!) : undefined;
    return { push, callbackStatus };
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

  /** What answering reads and changes, taken at the time (`refuseReversalsWith` may change). */
  #context(): AnswerContext {
    return {
      transactions: this.transactions,
      now: this.#now,
      shortcode: this.options.shortcode,
      refuseReversalsWith: this.refuseReversalsWith,
    };
  }

  #authorised(authorization: string | undefined): boolean {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
    const expiresAt = token ? this.#tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > this.#now().getTime();
  }

  #checkCredentials(shortcode: string, password: string, timestamp: string): SimulatorReply | undefined {
    return credentialsRefusal(this.options, this.#now, shortcode, password, timestamp);
  }

  #prune(now: Date): void {
    for (const [id, push] of this.pushes) {
      if (now.getTime() - push.createdAt.getTime() > DAY_MS) this.pushes.delete(id);
    }
  }
}
