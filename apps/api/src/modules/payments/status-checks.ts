import { PAYMENT_MESSAGES } from '@d3/shared/payments/payments-schemas';
import {
  type DarajaResult,
  REVERSAL_RESULT_DESCRIPTIONS,
  resultParameter,
  TRANSACTION_COMPLETED,
} from '../../adapters/mpesa/daraja-wire.js';
import { backoffMs } from '../../jobs/job-queue.js';
import {
  markWithdrawalChecking,
  settleWithdrawalFromStatus,
  withdrawalForCheck,
} from '../referrals/referrals-service.js';
import * as money from './money-repository.js';
import { reconcilePayment, settlePayment } from './payment-settlement.js';
import type { PaymentsContext } from './payments-context.js';
import { resolveRefundRequest } from './refunds.js';

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

/**
 * One step of a check job: asks about the subject unless it is settled (undefined: the job is
 * done) or an earlier question is still within its deadline. Answers when to look again.
 */
export async function runStatusCheck(
  ctx: PaymentsContext,
  subject: CheckSubject,
  id: string,
  attempt: number,
  now: Date,
): Promise<Date | undefined> {
  if (subject === 'payment') return checkPayment(ctx, id, attempt, now);
  if (subject === 'withdrawal') return checkWithdrawal(ctx, id, now);
  return checkRequest(ctx, id, now);
}

async function checkPayment(
  ctx: PaymentsContext,
  id: string,
  attempt: number,
  now: Date,
): Promise<Date | undefined> {
  const payment = await money.findPayment(ctx.db, id);
  if (payment?.status !== 'pending') return undefined;
  if (payment.mpesaReceiptNumber) {
    return askStatus(ctx, 'payment', id, { transactionId: payment.mpesaReceiptNumber }, now);
  }
  // No receipt: the STK push's own query is what Daraja answers about it.
  const result = await reconcilePayment(ctx, payment, now);
  if (result !== 'pending') return undefined;
  return new Date(now.getTime() + backoffMs(attempt, RETRY_BASE_MS, RETRY_MAX_MS));
}

async function checkWithdrawal(ctx: PaymentsContext, id: string, now: Date): Promise<Date | undefined> {
  const withdrawal = await withdrawalForCheck(ctx.db, id);
  if (!withdrawal?.open) return undefined;
  await markWithdrawalChecking(ctx.db, id, now);
  // The withdrawal's id is the B2C OriginatorConversationID we sent.
  return askStatus(ctx, 'withdrawal', id, { originalConversationId: id }, now);
}

async function checkRequest(ctx: PaymentsContext, id: string, now: Date): Promise<Date | undefined> {
  const request = await money.findRequest(ctx.db, id);
  if (!request || !(money.OPEN_REQUEST_STATES as readonly string[]).includes(request.status))
    return undefined;
  if (request.kind === 'status') return undefined;
  const originalConversationId = request.kind === 'b2c' ? request.id : request.originatorConversationId;
  if (!originalConversationId) {
    // A reversal Daraja never acknowledged: nothing to ask about; sending it again is safe.
    await resolveRefundRequest(ctx, request.id, { moved: false }, now);
    return undefined;
  }
  return askStatus(ctx, 'request', id, { originalConversationId }, now);
}

/** Sends a Transaction Status query (one open at a time per subject); answers when to look again. */
async function askStatus(
  ctx: PaymentsContext,
  subject: CheckSubject,
  subjectId: string,
  about: { transactionId?: string; originalConversationId?: string },
  now: Date,
): Promise<Date> {
  const { db, deadlineMs } = ctx;
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
    const accepted = await ctx.mpesa.gateway.transactionStatus({
      ...about,
      remarks: 'D3 Deals status check',
      occasion: subject,
      resultUrl: ctx.resultUrl(query.id),
      timeoutUrl: ctx.timeoutUrl(query.id),
    });
    await money.markAccepted(db, query.id, accepted);
  } catch (error) {
    ctx.log.warn({ err: error, subject, subjectId }, 'Transaction Status query not accepted');
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
export async function applyStatusResult(
  ctx: PaymentsContext,
  requestId: string,
  result: DarajaResult,
  now: Date,
): Promise<{ subject: CheckSubject; subjectId: string; finding: Finding } | undefined> {
  const query = await money.findRequest(ctx.db, requestId);
  if (query?.kind !== 'status' || !query.subject || !query.subjectId) return undefined;
  if (query.conversationId && query.conversationId !== result.ConversationID) return undefined;
  const status = resultParameter(result, 'TransactionStatus');
  const answered = await ctx.db.transaction(async (tx) => {
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
  const finding = await findingOf(ctx, subject, query.subjectId, result, status, query.createdAt);
  await applyFinding(ctx, subject, query.subjectId, finding, now);
  return { subject, subjectId: query.subjectId, finding };
}

/**
 * What the answer means. 'No record' counts only for a question asked (`askedAt`) once the
 * subject's deadline had passed; earlier, the money may still be on its way.
 */
async function findingOf(
  ctx: PaymentsContext,
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
    ctx.log.error({ subject, subjectId, code: result.ResultCode }, 'Transaction Status refused');
    return { unknown: `${result.ResultCode} ${result.ResultDesc}` };
  }
  const startedAt = await subjectStartedAt(ctx, subject, subjectId);
  if (!startedAt || askedAt.getTime() < startedAt.getTime() + ctx.deadlineMs) {
    return { unknown: REVERSAL_RESULT_DESCRIPTIONS.R000002! };
  }
  return { moved: false };
}

async function subjectStartedAt(
  ctx: PaymentsContext,
  subject: CheckSubject,
  subjectId: string,
): Promise<Date | undefined> {
  if (subject === 'withdrawal') return (await withdrawalForCheck(ctx.db, subjectId))?.createdAt;
  if (subject === 'payment') return (await money.findPayment(ctx.db, subjectId))?.createdAt;
  return (await money.findRequest(ctx.db, subjectId))?.createdAt;
}

async function applyFinding(
  ctx: PaymentsContext,
  subject: CheckSubject,
  subjectId: string,
  finding: Finding,
  now: Date,
): Promise<void> {
  if ('unknown' in finding) return;
  if (subject === 'request') {
    await resolveRefundRequest(ctx, subjectId, finding, now);
  } else if (subject === 'withdrawal') {
    await settleWithdrawalFromStatus(ctx.db, subjectId, finding, now);
  } else {
    const payment = await money.findPayment(ctx.db, subjectId);
    if (payment?.status !== 'pending') return;
    await settlePayment(
      ctx,
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
export async function statusRequestTimedOut(
  ctx: PaymentsContext,
  requestId: string,
  now: Date,
): Promise<{ subject: CheckSubject; subjectId: string } | undefined> {
  const query = await money.findRequest(ctx.db, requestId);
  if (query?.kind !== 'status' || !query.subject || !query.subjectId) return undefined;
  if (query.status !== 'sending' && query.status !== 'accepted') return undefined;
  await money.settleRequest(ctx.db, requestId, { status: 'timed_out', settledAt: now });
  return { subject: query.subject as CheckSubject, subjectId: query.subjectId };
}
