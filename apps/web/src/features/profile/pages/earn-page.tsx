import { useT } from '@d3/ui';
import { Check, Copy, Gift, Share2, TrendingUp, UserPlus, Wallet } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PageIntro } from '../../../components/page-intro';
import { formatKes, useFormats } from '../../../lib/format';
import { genericErrorMessage } from '../../../lib/generic-error-message';
import { useSession } from '../../../lib/use-session';
import { useEarningActivities, useEarnings } from '../api/earnings-api';
import { WithdrawPanel } from '../components/withdraw-panel';

/** An activity's status after its date (catalogue ids). */
const ACTIVITY_STATUS_LABELS: Partial<Record<string, string>> = {
  pending: 'profile.earn.pending',
  withdrawal_pending: 'profile.earn.withdrawalPending',
  withdrawal_failed: 'profile.earn.failed',
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
  const t = useT();
  const formats = useFormats();
  const token = useSession()?.token ?? null;
  const earnings = useEarnings(token);
  const activities = useEarningActivities(token);
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const linkId = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const data = earnings.data?.earnings;
  const link = earnings.data?.referralLink ?? '';
  const shareText = t('profile.earn.shareText', { link });
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

  const statusLabel = (status: string) => {
    const id = ACTIVITY_STATUS_LABELS[status];
    return id ? t(id) : '';
  };

  const stats = [
    // testId: the English name, so tests find a figure whatever the language.
    {
      label: t('profile.earn.totalEarned'),
      testId: 'Total Earned',
      value: data ? formatKes(data.totalEarned) : '—',
      icon: Wallet,
    },
    {
      label: t('profile.earn.available'),
      testId: 'Available Balance',
      value: data ? formatKes(data.currentBalance) : '—',
      icon: Gift,
    },
    {
      label: t('profile.earn.referrals'),
      testId: 'Total Referrals',
      value: data ? String(data.referralCount) : '—',
      icon: UserPlus,
    },
    {
      label: t('profile.earn.pendingRewards'),
      testId: 'Pending Rewards',
      value: data ? formatKes(data.pendingRewards) : '—',
      icon: TrendingUp,
    },
  ];

  return (
    <>
      <PageIntro title={t('profile.earn.title')} lead={t('profile.earn.lead')} />
      <div className="content-width grid gap-6 py-8">
        {earnings.isError && (
          <div role="alert" className="card p-4 text-sm">
            {genericErrorMessage(earnings.error)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void earnings.refetch()}>
              {t('common.tryAgain')}
            </button>
          </div>
        )}
        <section aria-label={t('profile.earn.earnings')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map(({ label, testId, value, icon: Icon }) => (
            <div key={testId} className="card p-5">
              <Icon aria-hidden="true" className="size-5 text-orange-600" />
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{label}</p>
              <p className="text-2xl font-bold text-slate-900 dark:text-white" data-testid={`stat-${testId}`}>
                {value}
              </p>
            </div>
          ))}
        </section>

        <WithdrawPanel earnings={data} />

        <section className="card p-6">
          <h2 className="text-lg font-bold">{t('profile.earn.how')}</h2>
          <ol className="mt-4 grid gap-4 sm:grid-cols-3">
            <li>
              <p className="font-semibold">{t('profile.earn.step1')}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('profile.earn.step1Text')}</p>
            </li>
            <li>
              <p className="font-semibold">{t('profile.earn.step2')}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('profile.earn.step2Text')}</p>
            </li>
            <li>
              <p className="font-semibold">{t('profile.earn.step3')}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t('profile.earn.step3Text')}</p>
            </li>
          </ol>
        </section>

        <section className="card p-6">
          <label htmlFor={linkId} className="text-lg font-bold">
            {t('profile.earn.yourLink')}
          </label>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <input id={linkId} readOnly value={link} className="field" />
            <button type="button" className="btn-secondary" onClick={() => void onCopy()} disabled={!link}>
              {copied ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              {copied ? t('profile.earn.copied') : t('profile.earn.copy')}
            </button>
            <button type="button" className="btn-primary" onClick={() => void onShare()} disabled={!link}>
              <Share2 aria-hidden="true" className="size-4" />
              {t('profile.earn.share')}
            </button>
          </div>
          {link && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-block text-sm font-semibold text-emerald-700 underline dark:text-emerald-300"
            >
              {t('profile.earn.whatsapp')}
            </a>
          )}
        </section>

        <section className="card p-6">
          <h2 className="text-lg font-bold">{t('profile.earn.performance')}</h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('profile.earn.bookings')}</dt>
              <dd className="text-xl font-bold">{data?.totalReferralBookings ?? 0}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('profile.earn.average')}</dt>
              <dd className="text-xl font-bold">{formatKes(data?.averageEarningPerBooking ?? 0)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('profile.earn.successRate')}</dt>
              <dd className="text-xl font-bold">{data?.successRate ?? 0}%</dd>
            </div>
          </dl>
        </section>

        <section className="card p-6">
          <h2 className="text-lg font-bold">{t('profile.earn.tips')}</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            <li>{t('profile.earn.tip1')}</li>
            <li>{t('profile.earn.tip2')}</li>
            <li>{t('profile.earn.tip3')}</li>
          </ul>
        </section>

        <section className="card p-6" aria-label={t('profile.earn.activity')}>
          <h2 className="text-lg font-bold">{t('profile.earn.activity')}</h2>
          {(activities.data?.activities ?? []).length === 0 ? (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('profile.earn.noActivity')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
              {(activities.data?.activities ?? []).map((activity) => (
                <li key={activity.id} className="flex items-center justify-between gap-3 py-3 text-sm">
                  <div>
                    <p className="font-medium">{activity.description}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {formats.date(activity.date)}
                      {statusLabel(activity.status)}
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
