import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { openWithdrawals, referralLedgerTotals } from '../referrals/referrals-service.js';

/**
 * The ledger (issue 34; docs/decisions/0602-the-ledger.md): every shilling received through M-Pesa
 * in [from, to) and where it stands now. Each received payment is put in exactly one place — a fee
 * earned (its visit done or its time passed), a fee held (the visit still ahead), a refund paid
 * (the money M-Pesa confirms went back out, by reversal or B2C), or a refund pending (due,
 * on its way, or with support) — and `difference` = money in − those four, which is 0 when every
 * shilling is accounted for: a refund paid twice, a payment counted in two places or in none
 * makes it non-zero. Referral rewards are listed beside it (credited, paid out, pending).
 */

export interface LedgerOpenItem {
  kind: 'refund' | 'payment' | 'withdrawal' | 'request';
  id: string;
  /** KES (whole shillings; withdrawals in shillings too). */
  amount: number;
  status: string;
  /** When it started waiting (ISO). */
  since: string;
  ageMinutes: number;
}

export interface LedgerReport {
  from: string;
  to: string;
  generatedAt: string;
  /** KES received: completed payments, and payments of less than the fee (which go back). */
  moneyIn: number;
  feesEarned: number;
  feesHeld: number;
  /** KES M-Pesa confirms went back out for these payments (completed reversals and B2C refunds). */
  refundsPaid: number;
  /** KES due back and not yet confirmed out: refunds pending, processing or with support, and refunds not yet started. */
  refundsPending: number;
  /** moneyIn − (feesEarned + feesHeld + refundsPaid + refundsPending): must be 0. */
  difference: number;
  /** Referral rewards in [from, to), KES with cents. */
  referralRewards: { credited: number; paid: number; pending: number };
  /** What is still open (any period), oldest first, with its age. */
  openItems: LedgerOpenItem[];
}

const OPEN_ITEMS_LIMIT = 200;

export async function ledgerReport(
  db: Db,
  window: { from: Date; to: Date },
  now = new Date(),
): Promise<LedgerReport> {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const at = now.toISOString();
  const totals = await db.execute(sql`
    with received as (
      select p.id, coalesce(p.paid_amount, p.amount) as amount, p.status, p.share_id, p.booking_id,
        p.completed_at, b.status as booking_status, b.start_time,
        exists (
          select 1 from payments q where q.booking_id = p.booking_id and q.share_id is null and p.share_id is null
            and q.status = 'completed' and (q.completed_at, q.id) < (p.completed_at, p.id)
        ) or exists (
          select 1 from payment_split_shares s where s.id = p.share_id and s.payment_id is distinct from p.id
        ) as duplicate
      from payments p join bookings b on b.id = p.booking_id
      where p.mpesa_receipt_number is not null
        and (p.status = 'completed' or (p.status = 'failed' and p.result_code = 0 and p.paid_amount > 0))
        and coalesce(p.completed_at, p.callback_received_at, p.updated_at) >= ${from}::timestamptz
        and coalesce(p.completed_at, p.callback_received_at, p.updated_at) < ${to}::timestamptz
    ),
    placed as (
      select r.amount,
        f.id as refund_id, f.amount as refund_amount,
        coalesce((select sum(m.amount) from mpesa_requests m
          where m.refund_id = f.id and m.kind in ('reversal', 'b2c') and m.status = 'completed'), 0) as paid_out,
        case
          when f.id is not null then 'refund'
          when r.status = 'failed' or r.booking_status = 'cancelled' or r.duplicate then 'due'
          when r.booking_status = 'completed' or r.start_time <= ${at}::timestamptz then 'earned'
          else 'held'
        end as place
      from received r left join refunds f on f.payment_id = r.id
    )
    select
      coalesce(sum(amount), 0)::int as money_in,
      coalesce(sum(amount) filter (where place = 'earned'), 0)::int as fees_earned,
      coalesce(sum(amount) filter (where place = 'held'), 0)::int as fees_held,
      coalesce(sum(paid_out) filter (where place = 'refund'), 0)::int as refunds_paid,
      (coalesce(sum(greatest(refund_amount - paid_out, 0)) filter (where place = 'refund'), 0)
        + coalesce(sum(amount) filter (where place = 'due'), 0))::int as refunds_pending,
      coalesce(sum(amount - refund_amount) filter (where place = 'refund'), 0)::int as refund_mismatch
    from placed`);
  const row = totals.rows[0] as Record<string, number | string>;
  const n = (key: string) => Number(row[key] ?? 0);
  const referral = await referralLedgerTotals(db, window.from, window.to);
  const moneyIn = n('money_in');
  const placedTotal = n('fees_earned') + n('fees_held') + n('refunds_paid') + n('refunds_pending');
  return {
    from,
    to,
    generatedAt: at,
    moneyIn,
    feesEarned: n('fees_earned'),
    feesHeld: n('fees_held'),
    refundsPaid: n('refunds_paid'),
    refundsPending: n('refunds_pending'),
    // A refund whose amount is not its payment's shows here too (refund_mismatch is 0 when all agree).
    difference: moneyIn - placedTotal - n('refund_mismatch'),
    referralRewards: {
      credited: referral.creditedCents / 100,
      paid: referral.paidCents / 100,
      pending: referral.pendingCents / 100,
    },
    openItems: await openItems(db, now),
  };
}

async function openItems(db: Db, now: Date): Promise<LedgerOpenItem[]> {
  const rows = await db.execute(sql`
    select 'refund' as kind, id, amount, status, created_at as since from refunds
      where status in ('pending', 'processing', 'failed')
    union all
    select 'payment', id, amount, 'checking', checking_since from payments
      where status = 'pending' and checking_since is not null
    union all
    select 'request', id, coalesce(amount, 0), kind || ' ' || status, created_at from mpesa_requests
      where status in ('sending', 'accepted', 'timed_out')
    order by since
    limit ${OPEN_ITEMS_LIMIT}`);
  const items = (
    rows.rows as Array<{
      kind: LedgerOpenItem['kind'];
      id: string;
      amount: number;
      status: string;
      since: string | Date;
    }>
  ).map((item) => ({ ...item, amount: Number(item.amount), since: new Date(item.since) }));
  for (const withdrawal of await openWithdrawals(db, OPEN_ITEMS_LIMIT)) {
    items.push({
      kind: 'withdrawal',
      id: withdrawal.id,
      amount: withdrawal.amountCents / 100,
      status: withdrawal.status === 'pending' ? 'pending' : 'checking',
      since: withdrawal.createdAt,
    });
  }
  return items
    .sort((a, b) => a.since.getTime() - b.since.getTime())
    .map((item) => ({
      ...item,
      since: item.since.toISOString(),
      ageMinutes: Math.max(0, Math.floor((now.getTime() - item.since.getTime()) / 60_000)),
    }));
}

/** The report as `npm run ledger` prints it. */
const KES = (value: number) =>
  `KES ${value.toLocaleString('en-KE', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

export function formatLedger(report: LedgerReport): string {
  const row = (label: string, value: string) => `  ${label.padEnd(34)}${value.padStart(18)}`;
  const lines = [
    `Ledger ${report.from} → ${report.to} (as of ${report.generatedAt})`,
    row('Money in (M-Pesa)', KES(report.moneyIn)),
    row('  fees earned', KES(report.feesEarned)),
    row('  fees held (visits ahead)', KES(report.feesHeld)),
    row('  refunds paid', KES(report.refundsPaid)),
    row('  refunds pending', KES(report.refundsPending)),
    row('Difference (must be 0)', KES(report.difference)),
    row('Referral rewards credited', KES(report.referralRewards.credited)),
    row('  paid out', KES(report.referralRewards.paid)),
    row('  payouts pending', KES(report.referralRewards.pending)),
    `Open items: ${report.openItems.length}`,
    ...report.openItems.map(
      (item) =>
        `  ${item.kind.padEnd(10)} ${item.id}  ${KES(item.amount).padStart(12)}  ${item.status.padEnd(18)} ${ageText(item.ageMinutes)}`,
    ),
  ];
  return lines.join('\n');
}

function ageText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} days`;
}
