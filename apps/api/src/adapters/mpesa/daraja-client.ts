import type { z } from 'zod';
import {
  ACCOUNT_REFERENCE_MAX,
  clip,
  DARAJA_B2C_PATH,
  DARAJA_PATHS,
  DARAJA_REVERSAL_PATH,
  DARAJA_TRANSACTION_STATUS_PATH,
  darajaTimestamp,
  INVALID_ACCESS_TOKEN,
  REMARKS_MAX,
  REVERSAL_RECEIVER_IDENTIFIER_TYPE,
  SHORTCODE_IDENTIFIER_TYPE,
  STILL_PROCESSING,
  stkPassword,
  type TB2CRequest,
  type TOrgRequest,
  TRANSACTION_DESC_MAX,
  type TReversalRequest,
  type TransactionType,
  type TStkPushRequest,
  type TStkQueryRequest,
  type TTransactionStatusRequest,
  toDarajaMsisdn,
  ZAsyncAccepted,
  ZDarajaError,
  ZOAuthResponse,
  ZStkPushResponse,
  ZStkQueryResponse,
} from './daraja-wire.js';

export interface DarajaClientOptions {
  /** https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke, or the simulator's base. */
  baseUrl: string | (() => string);
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  transactionType: TransactionType;
  /** The short code (PayBill) or till number (Buy Goods) that receives the money. */
  partyB: string;
  /** B2C (payouts): the API initiator's user name and its encrypted password (SecurityCredential). */
  initiatorName?: string;
  securityCredential?: string;
  /** The short code that pays B2C (defaults to `shortcode`). */
  b2cShortcode?: string;
  /** Reversals (issue 34): an initiator of `shortcode` with the Org Reversals Initiator role. */
  reversalInitiatorName?: string;
  reversalSecurityCredential?: string;
  /** Transaction Status queries (issue 34): an initiator of `shortcode` with the status query role. */
  statusInitiatorName?: string;
  statusSecurityCredential?: string;
  /** Injected in tests (a recording wrapper around the global fetch). */
  fetch?: typeof fetch;
  /** The clock for timestamps and token expiry; injected in tests. */
  now?: () => Date;
  timeoutMs?: number;
}

export interface StkPushInput {
  /** Whole shillings. */
  amount: number;
  /** Any Kenyan mobile format; sent as 2547XXXXXXXX / 2541XXXXXXXX. */
  phoneNumber: string;
  callbackUrl: string;
  /** Clipped to 12 characters. */
  accountReference: string;
  /** Clipped to 13 characters. */
  transactionDesc: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

export type StkQueryResult =
  | { status: 'completed'; resultCode: 0; resultDesc: string }
  | { status: 'failed'; resultCode: number; resultDesc: string }
  /** The customer has not answered yet. */
  | { status: 'pending'; resultDesc: string };

/**
 * `unavailable`: Daraja could not be reached or timed out (the caller answers 503);
 * `rejected`: Daraja answered with an error (502).
 */
export class DarajaError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
    readonly httpStatus?: number,
    readonly errorCode?: string,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

/** Renews the token this long before Daraja says it expires. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;

interface CachedToken {
  value: string;
  expiresAt: number;
}

export interface B2CPaymentInput {
  /** Our unique id for this payout: Daraja echoes it in the result (idempotency key). */
  originatorConversationId: string;
  /** Whole shillings. */
  amount: number;
  phoneNumber: string;
  remarks: string;
  occasion?: string;
  resultUrl: string;
  timeoutUrl: string;
}

/** Daraja accepted an asynchronous request (B2C, Reversal, Transaction Status): the result follows. */
export interface AsyncAccepted {
  conversationId: string;
  originatorConversationId: string;
}

/** Paying a customer's M-Pesa number (issue 12: referral withdrawals). */
export interface MpesaPayoutGateway {
  b2cPayment(input: B2CPaymentInput): Promise<AsyncAccepted>;
}

export interface ReversalInput {
  /** The M-Pesa receipt of the payment to reverse (TransactionID). */
  receipt: string;
  /** Whole shillings: the whole payment (a reversal returns the transaction, never part of it). */
  amount: number;
  remarks: string;
  occasion?: string;
  resultUrl: string;
  timeoutUrl: string;
}

export interface TransactionStatusInput {
  /** The receipt asked about, or (when there is none yet) the request's OriginatorConversationID. */
  transactionId?: string;
  originalConversationId?: string;
  remarks: string;
  occasion?: string;
  resultUrl: string;
  timeoutUrl: string;
}

/** Giving money back and asking what happened (issue 34). */
export interface MpesaRefundGateway {
  reversal(input: ReversalInput): Promise<AsyncAccepted>;
  transactionStatus(input: TransactionStatusInput): Promise<AsyncAccepted>;
}

/** The M-Pesa calls the payments module makes; the Daraja client is the one implementation. */
export interface MpesaGateway {
  stkPush(input: StkPushInput): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
}

/**
 * Safaricom Daraja client: OAuth client-credentials token (cached until it expires), M-Pesa
 * Express STK push and STK push query. The same code talks to the simulator in development.
 */
export class DarajaClient implements MpesaGateway, MpesaPayoutGateway, MpesaRefundGateway {
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;
  #token: CachedToken | undefined;
  #tokenRequest: Promise<string> | undefined;

  constructor(private readonly options: DarajaClientOptions) {
    this.#fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.#now = options.now ?? (() => new Date());
  }

  get baseUrl(): string {
    const { baseUrl } = this.options;
    return (typeof baseUrl === 'function' ? baseUrl() : baseUrl).replace(/\/+$/, '');
  }

  async stkPush(input: StkPushInput): Promise<StkPushAccepted> {
    const phone = toDarajaMsisdn(input.phoneNumber);
    if (!phone) throw new TypeError('stkPush needs a Kenyan mobile number');
    if (!Number.isInteger(input.amount) || input.amount < 1) {
      throw new TypeError('stkPush needs a whole number of shillings');
    }
    const body: TStkPushRequest = {
      ...this.#stkCredentials(),
      TransactionType: this.options.transactionType,
      Amount: input.amount,
      PartyA: phone,
      PartyB: this.options.partyB,
      PhoneNumber: phone,
      CallBackURL: input.callbackUrl,
      AccountReference: clip(input.accountReference, ACCOUNT_REFERENCE_MAX),
      TransactionDesc: clip(input.transactionDesc, TRANSACTION_DESC_MAX),
    };
    const accepted = await this.#accepted('STK push', DARAJA_PATHS.stkPush, body, ZStkPushResponse);
    return {
      merchantRequestId: accepted.MerchantRequestID,
      checkoutRequestId: accepted.CheckoutRequestID,
      customerMessage: accepted.CustomerMessage ?? accepted.ResponseDescription,
    };
  }

  /**
   * B2C payment request (`/mpesa/b2c/v3/paymentrequest`): accepted now, settled later by the
   * result Daraja posts to `resultUrl` (or the queue timeout to `timeoutUrl`).
   */
  async b2cPayment(input: B2CPaymentInput): Promise<AsyncAccepted> {
    const phone = toDarajaMsisdn(input.phoneNumber);
    if (!phone) throw new TypeError('b2cPayment needs a Kenyan mobile number');
    if (!Number.isInteger(input.amount) || input.amount < 10) {
      throw new TypeError('b2cPayment needs a whole number of shillings, at least 10');
    }
    const { initiatorName, securityCredential } = this.options;
    if (!initiatorName || !securityCredential) {
      throw new DarajaError('rejected', 'B2C needs MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL');
    }
    const body: TB2CRequest = {
      OriginatorConversationID: input.originatorConversationId,
      InitiatorName: initiatorName,
      SecurityCredential: securityCredential,
      CommandID: 'BusinessPayment',
      Amount: input.amount,
      PartyA: this.options.b2cShortcode ?? this.options.shortcode,
      PartyB: phone,
      Remarks: clip(input.remarks, 100) || 'Payout',
      QueueTimeOutURL: input.timeoutUrl,
      ResultURL: input.resultUrl,
      Occasion: clip(input.occasion ?? '', 100),
    };
    return asyncAccepted(await this.#accepted('B2C payment', DARAJA_B2C_PATH, body, ZAsyncAccepted));
  }

  /**
   * Reversal (`/mpesa/reversal/v1/request`, CommandID TransactionReversal): gives a received
   * payment back whole to the number that paid it. Accepted now; the result follows on ResultURL.
   */
  async reversal(input: ReversalInput): Promise<AsyncAccepted> {
    if (!Number.isInteger(input.amount) || input.amount < 1) {
      throw new TypeError('reversal needs a whole number of shillings');
    }
    return this.#orgRequest('reversal', input, {
      TransactionID: input.receipt,
      Amount: input.amount,
      ReceiverParty: this.options.shortcode,
      RecieverIdentifierType: REVERSAL_RECEIVER_IDENTIFIER_TYPE,
    } satisfies Partial<TReversalRequest>);
  }

  /**
   * Transaction Status (`/mpesa/transactionstatus/v1/query`, CommandID TransactionStatusQuery) about a
   * receipt or an OriginatorConversationID of the short code's own transactions. The answer follows
   * on ResultURL (or QueueTimeOutURL when it timed out in Daraja's queue).
   */
  async transactionStatus(input: TransactionStatusInput): Promise<AsyncAccepted> {
    if (!input.transactionId && !input.originalConversationId) {
      throw new TypeError('transactionStatus needs a receipt or an OriginatorConversationID');
    }
    return this.#orgRequest('status', input, {
      ...(input.transactionId ? { TransactionID: input.transactionId } : {}),
      ...(input.originalConversationId ? { OriginalConversationID: input.originalConversationId } : {}),
      PartyA: this.options.shortcode,
      IdentifierType: SHORTCODE_IDENTIFIER_TYPE,
    } satisfies Partial<TTransactionStatusRequest>);
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const body: TStkQueryRequest = {
      ...this.#stkCredentials(),
      CheckoutRequestID: checkoutRequestId,
    };
    const answer = await this.#call(DARAJA_PATHS.stkQuery, body, ZStkQueryResponse);
    if (!answer.ok) {
      if (answer.error?.errorMessage === STILL_PROCESSING.errorMessage) {
        return { status: 'pending', resultDesc: answer.error.errorMessage };
      }
      throw rejection('STK query', answer);
    }
    const { ResultCode, ResultDesc } = answer.data;
    return ResultCode === 0
      ? { status: 'completed', resultCode: 0, resultDesc: ResultDesc }
      : { status: 'failed', resultCode: ResultCode, resultDesc: ResultDesc };
  }

  /** A valid bearer token: the cached one until shortly before it expires, else a new one. */
  async accessToken(): Promise<string> {
    const cached = this.#token;
    if (cached && this.#now().getTime() < cached.expiresAt - TOKEN_EXPIRY_MARGIN_MS) return cached.value;
    // Concurrent callers share one token request.
    this.#tokenRequest ??= this.#fetchToken().finally(() => {
      this.#tokenRequest = undefined;
    });
    return this.#tokenRequest;
  }

  async #fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`).toString(
      'base64',
    );
    const requestedAt = this.#now().getTime();
    const response = await this.#send(`${DARAJA_PATHS.oauth}?grant_type=client_credentials`, {
      method: 'GET',
      headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
    });
    const json = await response.json().catch(() => undefined);
    const parsed = ZOAuthResponse.safeParse(json);
    if (!response.ok || !parsed.success) {
      const error = ZDarajaError.safeParse(json);
      throw new DarajaError(
        response.status >= 500 ? 'unavailable' : 'rejected',
        `Daraja OAuth failed (HTTP ${response.status})${error.success ? `: ${error.data.errorMessage}` : ''}`,
        response.status,
        error.success ? error.data.errorCode : undefined,
      );
    }
    this.#token = {
      value: parsed.data.access_token,
      expiresAt: requestedAt + parsed.data.expires_in * 1000,
    };
    return parsed.data.access_token;
  }

  /** A request Daraja must accept now (ResponseCode '0'); a failure or a refusal is a DarajaError. */
  /** The short code's proof on an STK push or query: Password and Timestamp from one reading of the clock. */
  #stkCredentials(): Pick<TStkPushRequest, 'BusinessShortCode' | 'Password' | 'Timestamp'> {
    const { shortcode, passkey } = this.options;
    const timestamp = darajaTimestamp(this.#now());
    return {
      BusinessShortCode: shortcode,
      Password: stkPassword(shortcode, passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /**
   * Sends a Reversal or Transaction Status request: its initiator (a DarajaError naming the
   * missing settings when unset), the command, the request's own `fields`, then the remarks and
   * where the result goes, in Daraja's order.
   */
  async #orgRequest(
    kind: keyof typeof ORG_REQUESTS,
    input: Pick<ReversalInput, 'remarks' | 'occasion' | 'resultUrl' | 'timeoutUrl'>,
    fields: object,
  ): Promise<AsyncAccepted> {
    const { what, path, commandId, initiator, missing } = ORG_REQUESTS[kind];
    const [name, credential] = initiator(this.options);
    if (!name || !credential) throw new DarajaError('rejected', missing);
    const body: TOrgRequest = {
      Initiator: name,
      SecurityCredential: credential,
      CommandID: commandId,
      ...fields,
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: remarks(input.remarks),
      Occasion: clip(input.occasion ?? '', REMARKS_MAX),
    };
    return asyncAccepted(await this.#accepted(what, path, body, ZAsyncAccepted));
  }

  async #accepted<T extends { ResponseCode: string; ResponseDescription: string }>(
    what: string,
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const answer = await this.#call(path, body, schema);
    if (!answer.ok) throw rejection(what, answer);
    if (answer.data.ResponseCode !== '0') {
      throw new DarajaError('rejected', `${what} refused: ${answer.data.ResponseDescription}`, answer.status);
    }
    return answer.data;
  }

  /** POSTs with the bearer token; a token Daraja no longer accepts is renewed once. */
  async #call<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
  ): Promise<
    | { ok: true; status: number; data: z.infer<S> }
    | { ok: false; status: number; error: z.infer<typeof ZDarajaError> | undefined }
  > {
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.accessToken();
      const response = await this.#send(path, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
      const json = await response.json().catch(() => undefined);
      if (response.ok) {
        const parsed = schema.safeParse(json);
        if (parsed.success) return { ok: true, status: response.status, data: parsed.data };
        return { ok: false, status: response.status, error: undefined };
      }
      const error = ZDarajaError.safeParse(json);
      const tokenRefused =
        response.status === 401 || (error.success && error.data.errorCode === INVALID_ACCESS_TOKEN.errorCode);
      if (tokenRefused && attempt === 0) {
        this.#token = undefined;
        continue;
      }
      return { ok: false, status: response.status, error: error.success ? error.data : undefined };
    }
  }

  async #send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await this.#fetch(`${this.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new DarajaError('unavailable', `Daraja unreachable: ${(error as Error).message}`);
    }
  }
}

function asyncAccepted(answer: { ConversationID: string; OriginatorConversationID: string }): AsyncAccepted {
  return { conversationId: answer.ConversationID, originatorConversationId: answer.OriginatorConversationID };
}

/** Daraja wants 2-100 plain characters. */
/** Reversal and Transaction Status: where each goes, its command and the initiator it is sent as. */
const ORG_REQUESTS = {
  reversal: {
    what: 'Reversal',
    path: DARAJA_REVERSAL_PATH,
    commandId: 'TransactionReversal',
    initiator: (o: DarajaClientOptions) => [o.reversalInitiatorName, o.reversalSecurityCredential],
    missing: 'Reversal needs MPESA_REVERSAL_INITIATOR_NAME and MPESA_REVERSAL_SECURITY_CREDENTIAL',
  },
  status: {
    what: 'Transaction Status',
    path: DARAJA_TRANSACTION_STATUS_PATH,
    commandId: 'TransactionStatusQuery',
    initiator: (o: DarajaClientOptions) => [o.statusInitiatorName, o.statusSecurityCredential],
    missing: 'Transaction Status needs MPESA_STATUS_INITIATOR_NAME and MPESA_STATUS_SECURITY_CREDENTIAL',
  },
};

function remarks(text: string): string {
  const clipped = clip(text, REMARKS_MAX);
  return clipped.length >= 2 ? clipped : 'Refund';
}

function rejection(
  what: string,
  answer: { status: number; error: z.infer<typeof ZDarajaError> | undefined },
): DarajaError {
  // A gateway error or an unreadable 5xx means Daraja is down, not that it refused us.
  const down = [502, 503, 504].includes(answer.status) || (answer.status >= 500 && !answer.error);
  return new DarajaError(
    down ? 'unavailable' : 'rejected',
    `${what} failed (HTTP ${answer.status})${answer.error ? `: ${answer.error.errorCode} ${answer.error.errorMessage}` : ''}`,
    answer.status,
    answer.error?.errorCode,
  );
}
