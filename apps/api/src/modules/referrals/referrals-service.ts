import { reviewerName } from '@d3/shared/engagement/review-rules';
import {
  centsToAmount,
  referralLink,
  referralRewardCents,
  referralSuccessRate,
} from '@d3/shared/service-requests/service-request-rules';
import type { TEarningActivity, TEarnings } from '@d3/shared/service-requests/service-request-schemas';
import type { Db } from '../../db/client.js';
import type { TransactionListener } from '../../events/event-bus.js';
import {
  customerNames,
  customerReferralSummary,
  customerReferrer,
  customersReferredBy,
} from '../accounts/accounts-service.js';
import { paidOpenOfferBookingFees } from '../bookings/bookings-service.js';
import * as repository from './referrals-repository.js';
import { toWithdrawal } from './referrals-withdrawals.js';

/**
 * Referral rewards (API-CONTRACT decision 10). The credit runs inside the transaction that
 * completes the booking (it subscribes to 'booking.completing' on the event bus), and the ledger's
 * unique key on booking_id makes it exactly once however often completion is attempted.
 */
export const creditReferralReward: TransactionListener<'booking.completing'> = async (tx, booking) => {
  if (booking.bookingType !== 'offer' || !booking.userId || booking.paidFee <= 0) return;
  const referrerId = await customerReferrer(tx, booking.userId);
  if (!referrerId || referrerId === booking.userId) return;
  const amountCents = referralRewardCents(booking.paidFee);
  await repository.insertRewardOnce(tx, {
    referrerId,
    referredUserId: booking.userId,
    bookingId: booking.bookingId,
    paidFeeCents: Math.round(booking.paidFee * 100),
    amountCents,
    status: 'credited',
    description: 'Referral reward: an offer booking of a customer you referred was completed',
    createdAt: booking.at,
  });
};

/** Points shown on the profile tile and read by /users/rewards: the ledger's total in KSH. */
export async function referralPoints(db: Db, userId: string): Promise<number> {
  return centsToAmount((await repository.rewardTotals(db, userId)).totalCents);
}

async function pendingCents(db: Db, userId: string): Promise<{ cents: number; bookings: PendingBooking[] }> {
  const referred = await customersReferredBy(db, userId);
  const open = await paidOpenOfferBookingFees(db, referred);
  const bookings = open.map((row) => ({ ...row, cents: referralRewardCents(row.paidFee) }));
  return { cents: bookings.reduce((sum, row) => sum + row.cents, 0), bookings };
}

interface PendingBooking {
  bookingId: string;
  userId: string | null;
  paidFee: number;
  cents: number;
}

export async function earnings(db: Db, userId: string, origin: string): Promise<TEarnings> {
  const [summary, totals, pending, withdrawals, [latest]] = await Promise.all([
    customerReferralSummary(db, userId),
    repository.rewardTotals(db, userId),
    pendingCents(db, userId),
    repository.withdrawalTotals(db, userId),
    repository.recentWithdrawals(db, userId, 1),
  ]);
  const totalEarned = centsToAmount(totals.totalCents);
  return {
    totalEarned,
    // Credited − paid out − held by the pending withdrawal (a failed one gives it back).
    currentBalance: centsToAmount(
      Math.max(0, totals.totalCents - withdrawals.completedCents - withdrawals.pendingCents),
    ),
    referralCount: summary.referralCount,
    pendingRewards: centsToAmount(pending.cents),
    totalReferralBookings: totals.bookings,
    averageEarningPerBooking: totals.bookings
      ? centsToAmount(Math.round(totals.totalCents / totals.bookings))
      : 0,
    successRate: referralSuccessRate(totals.bookings, summary.referralCount),
    referralLink: referralLink(origin, summary.referralSlug),
    referralSlug: summary.referralSlug,
    totalWithdrawn: centsToAmount(withdrawals.completedCents),
    latestWithdrawal: latest ? toWithdrawal(latest) : null,
  };
}

/**
 * Credited rewards and withdrawals (negative amounts) newest first, then the rewards still
 * waiting for a booking to complete.
 */
export async function earningActivities(db: Db, userId: string, limit = 50): Promise<TEarningActivity[]> {
  const [rows, pending, withdrawals] = await Promise.all([
    repository.recentRewards(db, userId, limit),
    pendingCents(db, userId),
    repository.recentWithdrawals(db, userId, limit),
  ]);
  const names = await customerNames(db, [
    ...rows.flatMap((row) => (row.referredUserId ? [row.referredUserId] : [])),
    ...pending.bookings.flatMap((row) => (row.userId ? [row.userId] : [])),
  ]);
  const nameOf = (id: string | null) => {
    const name = id ? names.get(id) : undefined;
    return name ? reviewerName(name.firstName, name.lastName, name.deleted) : 'A friend';
  };
  const withdrawalStatus = {
    completed: 'withdrawn',
    pending: 'withdrawal_pending',
    failed: 'withdrawal_failed',
  } as const;
  const settled: TEarningActivity[] = [
    ...rows.map((row) => ({
      id: row.id,
      description: `${nameOf(row.referredUserId)} completed an offer booking`,
      date: row.createdAt.toISOString(),
      amount: centsToAmount(row.amountCents),
      status: 'credited' as const,
    })),
    ...withdrawals.map((row) => {
      const withdrawal = toWithdrawal(row);
      return {
        id: `withdrawal-${row.id}`,
        description:
          row.status === 'failed'
            ? `Withdrawal to M-Pesa ${withdrawal.phoneNumber} failed (nothing deducted)`
            : `Withdrawal to M-Pesa ${withdrawal.phoneNumber}`,
        date: row.createdAt.toISOString(),
        amount: -withdrawal.amount,
        status: withdrawalStatus[row.status as keyof typeof withdrawalStatus] ?? 'withdrawal_failed',
      };
    }),
  ].sort((a, b) => b.date.localeCompare(a.date));
  return [
    ...settled.slice(0, limit),
    ...pending.bookings.map((row) => ({
      id: `pending-${row.bookingId}`,
      description: `${nameOf(row.userId)} booked an offer (reward when completed)`,
      date: new Date().toISOString(),
      amount: centsToAmount(row.cents),
      status: 'pending' as const,
    })),
  ];
}

// ---------------------------------------------------------------------------------------------
// For the payments module's status checks and ledger (issue 34)
// ---------------------------------------------------------------------------------------------

/** Withdrawals M-Pesa should be asked about: no result since before `before`, or marked for checking. */
export function withdrawalsToCheck(db: Db, before: Date, limit: number): Promise<string[]> {
  return repository.withdrawalsToCheck(db, before, limit);
}

/** What a status check needs of a withdrawal: undefined when unknown. */
export async function withdrawalForCheck(db: Db, id: string) {
  const row = await repository.findWithdrawal(db, id);
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    checkingSince: row.checkingSince,
    /** Still to settle: pending, or failed by us (no result code) while it may have paid. */
    open:
      row.status === 'pending' ||
      (row.status === 'failed' && row.resultCode === null && row.checkingSince !== null),
  };
}

/** A withdrawal being checked whose deadline passed: from now on it is asked about. */
export function markWithdrawalChecking(db: Db, id: string, at: Date): Promise<void> {
  return repository.markWithdrawalChecking(db, id, at);
}

/**
 * Transaction Status answered about a withdrawal: the payout went through (its receipt; the balance
 * is debited) or it never happened (nothing debited).
 */
export async function settleWithdrawalFromStatus(
  db: Db,
  id: string,
  found: { moved: true; receipt: string | null } | { moved: false },
  at: Date,
): Promise<boolean> {
  if (found.moved) {
    const row = await repository.settleWithdrawal(db, id, {
      status: 'completed',
      receipt: found.receipt,
      resultCode: 0,
      resultDesc: 'Completed (Transaction Status)',
      settledAt: at,
    });
    return row !== undefined;
  }
  return (
    (await repository.failCheckedWithdrawal(db, id, 'M-Pesa has no record of the payout', at)) !== undefined
  );
}

/** Referral money for the ledger: cents credited, paid out and held by pending payouts in [from, to). */
export function referralLedgerTotals(db: Db, from: Date, to: Date) {
  return repository.ledgerTotals(db, from, to);
}

/** Withdrawals not yet settled (pending, or being checked), oldest first, for the ledger's open items. */
export function openWithdrawals(db: Db, limit: number) {
  return repository.openWithdrawals(db, limit);
}
