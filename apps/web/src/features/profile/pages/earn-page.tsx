import { Check, Copy, Gift, Share2, TrendingUp, UserPlus, Wallet } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PageIntro } from '../../../components/page-intro';
import { formatDate, formatKes } from '../../../lib/format';
import { genericErrorMessage } from '../../../lib/generic-error-message';
import { useSession } from '../../../lib/use-session';
import { useEarningActivities, useEarnings } from '../api/earnings-api';
import { WithdrawPanel } from '../components/withdraw-panel';

const ACTIVITY_STATUS_LABELS: Partial<Record<string, string>> = {
  pending: ' · Pending',
  withdrawal_pending: ' · Withdrawal pending',
  withdrawal_failed: ' · Failed',
};

/** Seed 000 §2: 'Copied!' shows for 2 seconds. */
export const COPIED_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Seed 000 §2 "Referral rewards": real figures from the referral ledger, Copy, Share Link, activity. */
export function EarnPage() {
  const token = useSession()?.token ?? null;
  const earnings = useEarnings(token);
  const activities = useEarningActivities(token);
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const linkId = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const data = earnings.data?.earnings;
  const link = earnings.data?.referralLink ?? '';
  const shareText = `Join me on D3 Deals and get discounts from great local providers: ${link}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(shareText)}`;

  async function onCopy() {
    if (!(await copyText(link))) return;
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  }

  async function onShare() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'D3 Deals', text: shareText, url: link });
        return;
      } catch (error) {
        if ((error as { name?: string }).name === 'AbortError') return;
      }
    }
    await onCopy();
  }

  const stats = [
    { label: 'Total Earned', value: data ? formatKes(data.totalEarned) : '—', icon: Wallet },
    { label: 'Available Balance', value: data ? formatKes(data.currentBalance) : '—', icon: Gift },
    { label: 'Total Referrals', value: data ? String(data.referralCount) : '—', icon: UserPlus },
    { label: 'Pending Rewards', value: data ? formatKes(data.pendingRewards) : '—', icon: TrendingUp },
  ];

  return (
    <>
      <PageIntro
        title="Referral Rewards"
        lead="Invite friends to D3 Deals and earn 30% of the access fee each time one of them completes an offer booking."
      />
      <div className="content-width grid gap-6 py-8">
        {earnings.isError && (
          <div role="alert" className="card p-4 text-sm">
            {genericErrorMessage(earnings.error)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void earnings.refetch()}>
              Try Again
            </button>
          </div>
        )}
        <section aria-label="Earnings" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map(({ label, value, icon: Icon }) => (
            <div key={label} className="card p-5">
              <Icon aria-hidden="true" className="size-5 text-orange-600" />
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{label}</p>
              <p className="text-2xl font-bold text-slate-900 dark:text-white" data-testid={`stat-${label}`}>
                {value}
              </p>
            </div>
          ))}
        </section>

        <WithdrawPanel earnings={data} />

        <section className="card p-6">
          <h2 className="text-lg font-bold">How Referral Earnings Work</h2>
          <ol className="mt-4 grid gap-4 sm:grid-cols-3">
            <li>
              <p className="font-semibold">1. Share your link</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Send your referral link to friends and family.
              </p>
            </li>
            <li>
              <p className="font-semibold">2. They sign up and book</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Your friend creates an account through your link and books an offer.
              </p>
            </li>
            <li>
              <p className="font-semibold">3. You earn 30%</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                When the booking is completed you get 30% of the access fee they paid.
              </p>
            </li>
          </ol>
        </section>

        <section className="card p-6">
          <label htmlFor={linkId} className="text-lg font-bold">
            Your referral link
          </label>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <input id={linkId} readOnly value={link} className="field" />
            <button type="button" className="btn-secondary" onClick={() => void onCopy()} disabled={!link}>
              {copied ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {copied ? 'Copied!' : 'Copy'}
            </button>
            <button type="button" className="btn-primary" onClick={() => void onShare()} disabled={!link}>
              <Share2 aria-hidden="true" className="size-4" />
              Share Link
            </button>
          </div>
          {link && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-block text-sm font-semibold text-emerald-700 underline dark:text-emerald-300"
            >
              Share on WhatsApp
            </a>
          )}
        </section>

        <section className="card p-6">
          <h2 className="text-lg font-bold">Your performance</h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">Referral bookings</dt>
              <dd className="text-xl font-bold">{data?.totalReferralBookings ?? 0}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">Average earning per booking</dt>
              <dd className="text-xl font-bold">{formatKes(data?.averageEarningPerBooking ?? 0)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">Success rate</dt>
              <dd className="text-xl font-bold">{data?.successRate ?? 0}%</dd>
            </div>
          </dl>
        </section>

        <section className="card p-6">
          <h2 className="text-lg font-bold">Tips to earn more</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            <li>Share your link in family and community WhatsApp groups.</li>
            <li>Tell friends about a deal you loved and include your link.</li>
            <li>Remind friends that rewards come when their booking is completed.</li>
          </ul>
        </section>

        <section className="card p-6" aria-label="Recent Referral Activity">
          <h2 className="text-lg font-bold">Recent Referral Activity</h2>
          {(activities.data?.activities ?? []).length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">No referral activity yet</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {(activities.data?.activities ?? []).map((activity) => (
                <li key={activity.id} className="flex items-center justify-between gap-3 py-3 text-sm">
                  <div>
                    <p className="font-medium">{activity.description}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {formatDate(activity.date)}
                      {ACTIVITY_STATUS_LABELS[activity.status] ?? ''}
                    </p>
                  </div>
                  <span
                    className={
                      activity.amount < 0
                        ? 'font-semibold text-slate-700 dark:text-slate-200'
                        : 'font-semibold text-emerald-700 dark:text-emerald-300'
                    }
                  >
                    {activity.amount < 0
                      ? `−${formatKes(-activity.amount)}`
                      : `+${formatKes(activity.amount)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
