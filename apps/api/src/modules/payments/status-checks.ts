import { PAYMENT_MESSAGES } from '@d3/shared/payments/payments-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { MpesaSetup } from '../../adapters/mpesa/choose-mpesa.js';
import {
  type DarajaResult,
  REVERSAL_RESULT_DESCRIPTIONS,
  resultParameter,
  TRANSACTION_COMPLETED,
} from '../../adapters/mpesa/daraja-wire.js';
import type { Db } from '../../db/client.js';
import { backoffMs } from '../../jobs/job-queue.js';
import {
  markWithdrawalChecking,
  settleWithdrawalFromStatus,
  withdrawalForCheck,
} from '../referrals/referrals-service.js';
import * as money from './money-repository.js';
import type { PaymentsService } from './payments-service.js';
import type { RefundsService } from './refunds.js';

/**
 * Nothing left pending (issue 34; docs/decisions/0601-nothing-left-pending.md). Whatever waited past
 * its deadline without a result — an STK payment, a referral withdrawal (B2C), a refund's reversal
 * or B2C payment — is asked about until M-Pesa answers: Transaction Status (result by callback) by
 * receipt or OriginatorConversationID, or for an STK push with no receipt yet Daraja's STK query.
 * A time-out alone never fails anything while the money may have moved: "no record" counts only
 * once the deadline has passed, and any other answer (or none) means asking again later.
 */

export const CHECK_JOB = 'mpesa_check';
export type CheckSubject = 'payment' | 'withdrawal' | 'request';
export const checkJobKey = (subject: CheckSubject, id: string) => `${CHECK_JOB}:${subject}:${id}`;

const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;
/** Transaction Status result codes meaning M-Pesa has no such transaction (see the decision record). */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['R000002']);

/** What a status answer says of the money. */
export type Finding = { moved: true; receipt: string | null } | { moved: false } | { unknown: string };

export interface StatusChecksDeps {
  db: Db;
  mpesa: Pick<MpesaSetup, 'gateway'>;
  payments: PaymentsService;
  refunds: RefundsService;
  resultUrl: (requestId: string) => string;
  timeoutUrl: (requestId: string) => string;
  deadlineMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
}

export class StatusChecks {
  constructor(private readonly deps: StatusChecksDeps) {}

  /**
   * One step of a check job: asks about the subject unless it is settled (undefined: the job is
   * done) or an earlier question is still within its deadline. Answers when to look again.
   */
  async run(subject: CheckSubject, id: string, attempt: number, now: Date): Promise<Date | undefined> {
    if (subject === 'payment') return this.#payment(id, attempt, now);
    if (subject === 'withdrawal') return this.#withdrawal(id, now);
    return this.#request(id, now);
  }

  async #payment(id: string, attempt: number, now: Date): Promise<Date | undefined> {
    const payment = await money.findPayment(this.deps.db, id);
    if (payment?.status !== 'pending') return undefined;
    if (payment.mpesaReceiptNumber) {
      return this.#ask('payment', id, { transactionId: payment.mpesaReceiptNumber }, now);
    }
    // No receipt: the STK push's own query is what Daraja answers about it.
    const result = await this.deps.payments.reconcile(payment, now);
    if (result !== 'pending') return undefined;
    return new Date(now.getTime() + backoffMs(attempt, RETRY_BASE_MS, RETRY_MAX_MS));
  }

  async #withdrawal(id: string, now: Date): Promise<Date | undefined> {
    const withdrawal = await withdrawalForCheck(this.deps.db, id);
    if (!withdrawal?.open) return undefined;
    await markWithdrawalChecking(this.deps.db, id, now);
    // The withdrawal's id is the B2C OriginatorConversationID we sent.
    return this.#ask('withdrawal', id, { originalConversationId: id }, now);
  }

  async #request(id: string, now: Date): Promise<Date | undefined> {
    const request = await money.findRequest(this.deps.db, id);
    if (!request || !(money.OPEN_REQUEST_STATES as readonly string[]).includes(request.status))
      return undefined;
    if (request.kind === 'status') return undefined;
    const originalConversationId = request.kind === 'b2c' ? request.id : request.originatorConversationId;
    if (!originalConversationId) {
      // A reversal Daraja never acknowledged: nothing to ask about; sending it again is safe.
      await this.deps.refunds.resolveRequest(request.id, { moved: false }, now);
      return undefined;
    }
    return this.#ask('request', id, { originalConversationId }, now);
  }

  /** Sends a Transaction Status query (one open at a time per subject); answers when to look again. */
  async #ask(
    subject: CheckSubject,
    subjectId: string,
    about: { transactionId?: string; originalConversationId?: string },
    now: Date,
  ): Promise<Date> {
    const { db, deadlineMs } = this.deps;
    const open = await money.openStatusQuery(db, subject, subjectId);
    if (open && open.status !== 'timed_out' && open.createdAt.getTime() + deadlineMs > now.getTime()) {
      return new Date(open.createdAt.getTime() + deadlineMs);
    }
    if (open) {
      // Its answer never came (or it timed out in the queue): a question moves no money, so it is
      // simply asked again.
      await money.settleRequest(db, open.id, { status: 'failed', resultDesc: 'No answer', settledAt: now });
    }
    const query = await money.insertRequest(db, {
      kind: 'status',
      subject,
      subjectId,
      status: 'sending',
      createdAt: now,
    });
    try {
      const accepted = await this.deps.mpesa.gateway.transactionStatus({
        ...about,
        remarks: 'D3 Deals status check',
        occasion: subject,
        resultUrl: this.deps.resultUrl(query.id),
        timeoutUrl: this.deps.timeoutUrl(query.id),
      });
      await money.markAccepted(db, query.id, accepted);
    } catch (error) {
      this.deps.log.warn({ err: error, subject, subjectId }, 'Transaction Status query not accepted');
      await money.settleRequest(db, query.id, {
        status: 'failed',
        resultDesc: (error as Error).message.slice(0, 300),
        settledAt: now,
      });
      return new Date(now.getTime() + RETRY_BASE_MS);
    }
    return new Date(now.getTime() + deadlineMs);
  }

  /**
   * Transaction Status's answer (on the query's ResultURL). Idempotent: an answered query is not
   * applied twice. Answers the subject the finding concerns, for the caller to wake its job.
   */
  async applyResult(
    requestId: string,
    result: DarajaResult,
    now: Date,
  ): Promise<{ subject: CheckSubject; subjectId: string; finding: Finding } | undefined> {
    const query = await money.findRequest(this.deps.db, requestId);
    if (query?.kind !== 'status' || !query.subject || !query.subjectId) return undefined;
    if (query.conversationId && query.conversationId !== result.ConversationID) return undefined;
    const status = resultParameter(result, 'TransactionStatus');
    const answered = await this.deps.db.transaction(async (tx) => {
      const locked = await money.lockRequest(tx, requestId);
      if (!locked || locked.status === 'completed') return false;
      await money.settleRequest(tx, requestId, {
        status: 'completed',
        resultCode: result.ResultCode,
        resultDesc: result.ResultDesc.slice(0, 300),
        receipt: resultParameter(result, 'ReceiptNo') ?? null,
        answer: result.ResultCode === '0' ? (status ?? 'unknown') : 'not found',
        conversationId: result.ConversationID,
        settledAt: now,
      });
      return true;
    });
    if (!answered) return undefined;
    const subject = query.subject as CheckSubject;
    const finding = await this.#finding(subject, query.subjectId, result, status, query.createdAt);
    await this.#apply(subject, query.subjectId, finding, now);
    return { subject, subjectId: query.subjectId, finding };
  }

  /**
   * What the answer means. 'No record' counts only for a question asked (`askedAt`) once the
   * subject's deadline had passed; earlier, the money may still be on its way.
   */
  async #finding(
    subject: CheckSubject,
    subjectId: string,
    result: DarajaResult,
    status: string | undefined,
    askedAt: Date,
  ): Promise<Finding> {
    if (result.ResultCode === '0') {
      if (status === TRANSACTION_COMPLETED) {
        return { moved: true, receipt: resultParameter(result, 'ReceiptNo') ?? null };
      }
      return { moved: false };
    }
    if (!NOT_FOUND_CODES.has(result.ResultCode)) {
      this.deps.log.error({ subject, subjectId, code: result.ResultCode }, 'Transaction Status refused');
      return { unknown: `${result.ResultCode} ${result.ResultDesc}` };
    }
    const startedAt = await this.#startedAt(subject, subjectId);
    if (!startedAt || askedAt.getTime() < startedAt.getTime() + this.deps.deadlineMs) {
      return { unknown: REVERSAL_RESULT_DESCRIPTIONS.R000002! };
    }
    return { moved: false };
  }

  async #startedAt(subject: CheckSubject, subjectId: string): Promise<Date | undefined> {
    if (subject === 'withdrawal') return (await withdrawalForCheck(this.deps.db, subjectId))?.createdAt;
    if (subject === 'payment') return (await money.findPayment(this.deps.db, subjectId))?.createdAt;
    return (await money.findRequest(this.deps.db, subjectId))?.createdAt;
  }

  async #apply(subject: CheckSubject, subjectId: string, finding: Finding, now: Date): Promise<void> {
    if ('unknown' in finding) return;
    if (subject === 'request') {
      await this.deps.refunds.resolveRequest(subjectId, finding, now);
    } else if (subject === 'withdrawal') {
      await settleWithdrawalFromStatus(this.deps.db, subjectId, finding, now);
    } else {
      const payment = await money.findPayment(this.deps.db, subjectId);
      if (payment?.status !== 'pending') return;
      await this.deps.payments.settle(
        payment,
        finding.moved
          ? {
              kind: 'completed',
              receipt: finding.receipt ?? payment.mpesaReceiptNumber,
              paidAmount: payment.paidAmount ?? payment.amount,
              resultDesc: 'Completed (Transaction Status)',
            }
          : {
              kind: 'failed',
              resultCode: null,
              resultDesc: PAYMENT_MESSAGES.notCompletedInTime,
              release: PAYMENT_MESSAGES.notCompletedInTime,
            },
        now,
      );
    }
  }

  /** A status query timed out in Daraja's queue: it is asked again by its job. */
  async timedOut(
    requestId: string,
    now: Date,
  ): Promise<{ subject: CheckSubject; subjectId: string } | undefined> {
    const query = await money.findRequest(this.deps.db, requestId);
    if (query?.kind !== 'status' || !query.subject || !query.subjectId) return undefined;
    if (query.status !== 'sending' && query.status !== 'accepted') return undefined;
    await money.settleRequest(this.deps.db, requestId, { status: 'timed_out', settledAt: now });
    return { subject: query.subject as CheckSubject, subjectId: query.subjectId };
  }
}
