import type { TEarnings } from '@d3/shared/service-requests/service-request-schemas';
import { WITHDRAWAL_MINIMUM_KES } from '@d3/shared/service-requests/service-request-schemas';
import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Banknote, CheckCircle2, Clock, type LucideIcon, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { formatKes } from '../../../lib/format';
import { genericErrorMessage } from '../../../lib/generic-error-message';
import { siteText } from '../../../lib/site-i18n';
import { useWithdraw } from '../api/earnings-api';
import { ConfirmDialog } from './confirm-dialog';

/** In the page's language (locales/profile), read when used. */
export const WITHDRAW_MESSAGES = {
  get belowMinimum() {
    return siteText('profile.withdraw.belowMinimum', { amount: WITHDRAWAL_MINIMUM_KES });
  },
  get pending() {
    return siteText('profile.withdraw.pending');
  },
  get pendingHint() {
    return siteText('profile.withdraw.pendingHint');
  },
  get phoneNotVerified() {
    return siteText('profile.withdraw.phoneNotVerified');
  },
  get alreadyPending() {
    return siteText('profile.withdraw.alreadyPending');
  },
  get unavailable() {
    return siteText('profile.withdraw.unavailable');
  },
  sent: (amount: string, phone: string) => siteText('profile.withdraw.sent', { amount, phone }),
  failed: (reason: string) => siteText('profile.withdraw.failed', { reason }),
};

/** The message for a refused withdrawal: switched on the error code, never on its text. */
function refusalMessage(error: unknown): { text: string; verifyLink?: boolean } {
  if (!isApiError(error)) return { text: genericErrorMessage(error) };
  switch (error.code) {
    case 'WITHDRAWAL_PHONE_NOT_VERIFIED':
      return { text: WITHDRAW_MESSAGES.phoneNotVerified, verifyLink: true };
    case 'WITHDRAWAL_BELOW_MINIMUM':
      return { text: WITHDRAW_MESSAGES.belowMinimum };
    case 'WITHDRAWAL_PENDING':
      return { text: WITHDRAW_MESSAGES.alreadyPending };
    case 'WITHDRAWAL_PROVIDER_UNAVAILABLE':
      return { text: WITHDRAW_MESSAGES.unavailable };
    default:
      return { text: genericErrorMessage(error) };
  }
}

/** Withdraw the available balance to the verified M-Pesa number (issue 12, M-Pesa B2C). */
export function WithdrawPanel({ earnings }: { earnings: TEarnings | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  const withdraw = useWithdraw();
  const [confirming, setConfirming] = useState(false);
  const latest = earnings?.latestWithdrawal ?? null;
  const pending = latest?.status === 'pending';
  const whole = Math.floor(earnings?.currentBalance ?? 0);
  const belowMinimum = whole < WITHDRAWAL_MINIMUM_KES;
  const refusal = withdraw.isError ? refusalMessage(withdraw.error) : null;

  // When the pending withdrawal settles, the activity list gains its final line.
  const lastStatus = useRef(latest?.status);
  useEffect(() => {
    if (lastStatus.current === 'pending' && latest?.status !== 'pending') {
      void queryClient.invalidateQueries({ queryKey: ['users', 'earning-activities'] });
    }
    lastStatus.current = latest?.status;
  }, [latest?.status, queryClient]);

  function onConfirm() {
    withdraw.mutate(undefined, { onSettled: () => setConfirming(false) });
  }

  return (
    <section className="card p-6" aria-labelledby="withdraw-heading">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="withdraw-heading" className="text-lg font-bold">
            {t('profile.withdraw.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('profile.withdraw.lead')}</p>
        </div>
        <button
          type="button"
          className="btn-primary"
          disabled={!earnings || belowMinimum || pending || withdraw.isPending}
          aria-describedby={belowMinimum && earnings ? 'withdraw-minimum' : undefined}
          onClick={() => {
            withdraw.reset();
            setConfirming(true);
          }}
        >
          <Banknote aria-hidden="true" className="size-4" />
          {pending ? WITHDRAW_MESSAGES.pending : t('profile.withdraw.withdraw')}
        </button>
      </div>

      {earnings && belowMinimum && !pending && (
        <p id="withdraw-minimum" className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {WITHDRAW_MESSAGES.belowMinimum}
        </p>
      )}

      {pending && latest && (
        <StatusNote tone="pending" icon={Clock}>
          <span>
            <span className="font-semibold">{WITHDRAW_MESSAGES.pending}</span>
            {t('profile.withdraw.pendingTo', { amount: formatKes(latest.amount), phone: latest.phoneNumber })}
            {WITHDRAW_MESSAGES.pendingHint}
          </span>
        </StatusNote>
      )}
      {latest?.status === 'completed' && (
        <StatusNote tone="completed" icon={CheckCircle2}>
          <span>
            {WITHDRAW_MESSAGES.sent(formatKes(latest.amount), latest.phoneNumber)}
            {latest.receipt ? t('profile.withdraw.receipt', { receipt: latest.receipt }) : ''}
          </span>
        </StatusNote>
      )}
      {latest?.status === 'failed' && (
        <StatusNote tone="failed" icon={XCircle}>
          <span>{WITHDRAW_MESSAGES.failed(latest.resultDesc ?? t('profile.withdraw.notSent'))}</span>
        </StatusNote>
      )}
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {refusal.text}{' '}
          {refusal.verifyLink && (
            <Link to="/profile/settings" className="focus-ring rounded font-semibold underline">
              {t('profile.withdraw.verifyPhone')}
            </Link>
          )}
        </p>
      )}

      <ConfirmWithdrawal
        open={confirming}
        amount={whole}
        busy={withdraw.isPending}
        onOpenChange={setConfirming}
        onConfirm={onConfirm}
      />
    </section>
  );
}

function ConfirmWithdrawal({
  open,
  amount,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  amount: number;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('profile.withdraw.confirmTitle')}
      description={t('profile.withdraw.confirmText', { amount: formatKes(amount) })}
      confirmLabel={t('profile.withdraw.confirm')}
      busyLabel={t('profile.withdraw.sending')}
      busy={busy}
      tone="primary"
      onConfirm={onConfirm}
    />
  );
}

const NOTE_TONES = {
  pending: 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200',
  completed: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200',
  failed: 'bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-200',
};

/** Where the latest withdrawal stands, in its status's colour and icon. */
function StatusNote({
  tone,
  icon: Icon,
  children,
}: {
  tone: keyof typeof NOTE_TONES;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <p role="status" className={clsx('mt-3 flex items-start gap-2 rounded-lg p-3 text-sm', NOTE_TONES[tone])}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
