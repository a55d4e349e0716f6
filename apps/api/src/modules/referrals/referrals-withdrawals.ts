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

export class WithdrawalsService {
  readonly #tokenDigest: Buffer;
  readonly #now: () => Date;

  constructor(private readonly deps: WithdrawalDeps) {
    this.#tokenDigest = digest(deps.callbackToken);
    this.#now = deps.now ?? (() => new Date());
  }

  /** Constant-time check of the result URL's secret path token (as the STK callback does). */
  tokenMatches(token: string): boolean {
    return timingSafeEqual(digest(token), this.#tokenDigest);
  }

  /**
   * Starts a B2C payout of `amount` whole shillings (default: all the available whole shillings)
   * to the customer's verified number. The pending row holds the amount; the ledger is debited
   * only when Daraja's result says ResultCode 0.
   */
  async withdraw(userId: string, amount?: number): Promise<TWithdrawal> {
    const { db } = this.deps;
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
          createdAt: this.#now(),
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

    const origin = this.deps.callbackOrigin();
    const token = this.deps.callbackToken;
    try {
      const accepted = await this.deps.payouts.b2cPayment({
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
      this.deps.log.error({ err: error, withdrawalId: row.id }, 'B2C payout request failed');
      const refused = error instanceof DarajaError && error.kind === 'rejected';
      // Unreachable may hide a request Daraja did take: Transaction Status is asked (issue 34), and
      // until it answers the amount stays held.
      await repository.failWithdrawalLocally(
        db,
        row.id,
        refused ? 'M-Pesa refused the payout request' : 'M-Pesa could not be reached',
        this.#now(),
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
  async handleResult(body: unknown): Promise<'completed' | 'failed' | 'ignored'> {
    const parsed = ZB2CResult.safeParse(body);
    if (!parsed.success) {
      this.deps.log.warn('B2C result with an unexpected body ignored');
      return 'ignored';
    }
    const result = parsed.data.Result;
    const id = result.OriginatorConversationID;
    if (!UUID.test(id)) return 'ignored';
    const row = await repository.findWithdrawal(this.deps.db, id);
    if (!row) return 'ignored';
    if (row.conversationId && row.conversationId !== result.ConversationID) return 'ignored';
    const success = result.ResultCode === 0;
    const parameter = (key: string) =>
      result.ResultParameters?.ResultParameter.find((entry) => entry.Key === key)?.Value;
    const settled = await repository.settleWithdrawal(this.deps.db, row.id, {
      status: success ? 'completed' : 'failed',
      receipt: success ? String(parameter('TransactionReceipt') ?? result.TransactionID ?? '') || null : null,
      resultCode: result.ResultCode,
      resultDesc: result.ResultDesc,
      settledAt: this.#now(),
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
  async handleTimeout(body: unknown): Promise<'checking' | 'ignored'> {
    const parsed = ZB2CResult.safeParse(body);
    if (!parsed.success || !UUID.test(parsed.data.Result.OriginatorConversationID)) return 'ignored';
    const result = parsed.data.Result;
    const row = await repository.findWithdrawal(this.deps.db, result.OriginatorConversationID);
    if (row?.status !== 'pending') return 'ignored';
    if (row.conversationId && row.conversationId !== result.ConversationID) return 'ignored';
    await repository.markWithdrawalChecking(this.deps.db, row.id, this.#now());
    await this.deps.onChecking?.(row.id);
    return 'checking';
  }
}
