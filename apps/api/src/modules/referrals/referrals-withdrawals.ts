import { createHash, timingSafeEqual } from 'node:crypto';
import { maskPhone } from '@d3/shared/accounts/phone-rules';
import { centsToAmount } from '@d3/shared/service-requests/service-request-rules';
import {
  type TWithdrawal,
  WITHDRAWAL_MINIMUM_KES,
} from '@d3/shared/service-requests/service-request-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { DarajaError, type MpesaPayoutGateway } from '../../adapters/mpesa/daraja-client.js';
import { toDarajaMsisdn, ZB2CResult } from '../../adapters/mpesa/daraja-wire.js';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import { customerVerifiedPhone } from '../accounts/accounts-service.js';
import * as repository from './referrals-repository.js';

/** Where Daraja posts a B2C result / queue timeout; the secret token follows. */
export const WITHDRAWAL_RESULT_PATH = '/api/v1/users/earnings/withdrawals/mpesa/result';
export const WITHDRAWAL_TIMEOUT_PATH = '/api/v1/users/earnings/withdrawals/mpesa/timeout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the withdrawals need beyond the database (docs/decisions/0402): the B2C gateway and its callbacks. */
export interface WithdrawalDeps {
  db: Db;
  payouts: MpesaPayoutGateway;
  /** The origin Daraja posts to (PUBLIC_URL, or this process for the simulator). */
  callbackOrigin: () => string;
  callbackToken: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  now?: () => Date;
  /** A payout's outcome is uncertain: the status checks should ask about it now (issue 34). */
  onChecking?: (withdrawalId: string) => Promise<void>;
}

/** The referrals module's context (built once in referrals-setup.ts; the withdrawal use cases take it first). */
export interface WithdrawalsContext extends WithdrawalDeps {
  tokenDigest: Buffer;
}

export function createWithdrawalsContext(deps: WithdrawalDeps): WithdrawalsContext {
  return { ...deps, tokenDigest: digest(deps.callbackToken) };
}

/** Cents the customer may withdraw now: credited − completed withdrawals − the pending one. */
export async function availableCents(db: Db, userId: string): Promise<number> {
  const [credits, withdrawals] = await Promise.all([
    repository.rewardTotals(db, userId),
    repository.withdrawalTotals(db, userId),
  ]);
  return Math.max(0, credits.totalCents - withdrawals.completedCents - withdrawals.pendingCents);
}

export function toWithdrawal(row: repository.WithdrawalRow): TWithdrawal {
  return {
    id: row.id,
    amount: centsToAmount(row.amountCents),
    status: row.status as TWithdrawal['status'],
    phoneNumber: maskPhone(`+${row.phoneNumber}`),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    resultDesc: row.resultDesc,
    receipt: row.receipt,
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Constant-time check of the result URL's secret path token (as the STK callback does). */
export function withdrawalTokenMatches(ctx: WithdrawalsContext, token: string): boolean {
  return timingSafeEqual(digest(token), ctx.tokenDigest);
}

/**
 * Starts a B2C payout of `amount` whole shillings (default: all the available whole shillings)
 * to the customer's verified number. The pending row holds the amount; the ledger is debited
 * only when Daraja's result says ResultCode 0.
 */
export async function withdraw(
  ctx: WithdrawalsContext,
  userId: string,
  amount?: number,
): Promise<TWithdrawal> {
  const { db } = ctx;
  const phone = await customerVerifiedPhone(db, userId);
  const msisdn = phone ? toDarajaMsisdn(phone) : undefined;
  if (!msisdn) throw new AppError('WITHDRAWAL_PHONE_NOT_VERIFIED');
  const availableKes = Math.floor((await availableCents(db, userId)) / 100);
  const pending = (await repository.withdrawalTotals(db, userId)).pendingCents > 0;
  if (pending) throw new AppError('WITHDRAWAL_PENDING');
  const shillings = amount ?? availableKes;
  if (amount !== undefined && amount > availableKes) throw new AppError('WITHDRAWAL_EXCEEDS_BALANCE');
  if (shillings < WITHDRAWAL_MINIMUM_KES) throw new AppError('WITHDRAWAL_BELOW_MINIMUM');

  let row: repository.WithdrawalRow;
  try {
    row = await db.transaction(async (tx) => {
      const inserted = await repository.insertWithdrawal(tx, {
        userId,
        amountCents: shillings * 100,
        phoneNumber: msisdn,
        status: 'pending',
        createdAt: ctx.now?.() ?? new Date(),
      });
      // Re-read inside the transaction: a credit or withdrawal that landed meanwhile counts.
      const [credits, totals] = await Promise.all([
        repository.rewardTotals(tx, userId),
        repository.withdrawalTotals(tx, userId),
      ]);
      if (totals.completedCents + totals.pendingCents > credits.totalCents) {
        throw new AppError('WITHDRAWAL_EXCEEDS_BALANCE');
      }
      return inserted;
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw new AppError('WITHDRAWAL_PENDING');
    throw error;
  }

  const origin = ctx.callbackOrigin();
  const token = ctx.callbackToken;
  try {
    const accepted = await ctx.payouts.b2cPayment({
      originatorConversationId: row.id,
      amount: shillings,
      phoneNumber: msisdn,
      remarks: 'D3 Deals referral earnings',
      occasion: 'Referral withdrawal',
      resultUrl: `${origin}${WITHDRAWAL_RESULT_PATH}/${token}`,
      timeoutUrl: `${origin}${WITHDRAWAL_TIMEOUT_PATH}/${token}`,
    });
    await repository.setWithdrawalConversation(db, row.id, accepted.conversationId);
  } catch (error) {
    ctx.log.error({ err: error, withdrawalId: row.id }, 'B2C payout request failed');
    const refused = error instanceof DarajaError && error.kind === 'rejected';
    // Unreachable may hide a request Daraja did take: Transaction Status is asked (issue 34), and
    // until it answers the amount stays held.
    await repository.failWithdrawalLocally(
      db,
      row.id,
      refused ? 'M-Pesa refused the payout request' : 'M-Pesa could not be reached',
      ctx.now?.() ?? new Date(),
      !refused,
    );
    throw new AppError('WITHDRAWAL_PROVIDER_UNAVAILABLE');
  }
  return toWithdrawal((await repository.findWithdrawal(db, row.id)) ?? row);
}

/**
 * Daraja's B2C result (after the token check). Keyed by OriginatorConversationID (our id); a
 * ConversationID other than the one Daraja gave us, an unknown id or a settled row changes nothing.
 * Returns what happened, for the tests and the log.
 */
export async function handleWithdrawalResult(
  ctx: WithdrawalsContext,
  body: unknown,
): Promise<'completed' | 'failed' | 'ignored'> {
  const parsed = ZB2CResult.safeParse(body);
  if (!parsed.success) {
    ctx.log.warn('B2C result with an unexpected body ignored');
    return 'ignored';
  }
  const result = parsed.data.Result;
  const id = result.OriginatorConversationID;
  if (!UUID.test(id)) return 'ignored';
  const row = await repository.findWithdrawal(ctx.db, id);
  if (!row) return 'ignored';
  if (row.conversationId && row.conversationId !== result.ConversationID) return 'ignored';
  const success = result.ResultCode === 0;
  const parameter = (key: string) =>
    result.ResultParameters?.ResultParameter.find((entry) => entry.Key === key)?.Value;
  const settled = await repository.settleWithdrawal(ctx.db, row.id, {
    status: success ? 'completed' : 'failed',
    receipt: success ? String(parameter('TransactionReceipt') ?? result.TransactionID ?? '') || null : null,
    resultCode: result.ResultCode,
    resultDesc: result.ResultDesc,
    settledAt: ctx.now?.() ?? new Date(),
    conversationId: result.ConversationID,
  });
  if (!settled) return 'ignored';
  return success ? 'completed' : 'failed';
}

/**
 * Daraja's queue timeout. A time-out is never taken for a failure while the money may have moved
 * (issue 34): the row stays pending, marked for checking, and the status checks ask Transaction
 * Status; only its answer fails the payout (nothing debited) or completes it.
 */
export async function handleWithdrawalTimeout(
  ctx: WithdrawalsContext,
  body: unknown,
): Promise<'checking' | 'ignored'> {
  const parsed = ZB2CResult.safeParse(body);
  if (!parsed.success || !UUID.test(parsed.data.Result.OriginatorConversationID)) return 'ignored';
  const result = parsed.data.Result;
  const row = await repository.findWithdrawal(ctx.db, result.OriginatorConversationID);
  if (row?.status !== 'pending') return 'ignored';
  if (row.conversationId && row.conversationId !== result.ConversationID) return 'ignored';
  await repository.markWithdrawalChecking(ctx.db, row.id, ctx.now?.() ?? new Date());
  await ctx.onChecking?.(row.id);
  return 'checking';
}
