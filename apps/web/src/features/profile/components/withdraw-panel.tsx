import type { TEarnings } from '@d3/shared/service-requests/service-request-schemas';
import { WITHDRAWAL_MINIMUM_KES } from '@d3/shared/service-requests/service-request-schemas';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Banknote, CheckCircle2, Clock, type LucideIcon, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { formatKes } from '../../../lib/format';
import { genericErrorMessage } from '../../../lib/generic-error-message';
import { useWithdraw } from '../api/earnings-api';
import { ConfirmDialog } from './confirm-dialog';

export const WITHDRAW_MESSAGES = {
  belowMinimum: `The minimum withdrawal is KES ${WITHDRAWAL_MINIMUM_KES}.`,
  pending: 'Withdrawal pending',
  pendingHint: 'M-Pesa is sending the money. This usually takes less than a minute.',
  phoneNotVerified: 'Verify your phone number to withdraw to M-Pesa.',
  alreadyPending: 'A withdrawal is already pending. Wait for it to finish before starting another.',
  unavailable: 'The withdrawal could not be started. Nothing was deducted; please try again.',
  sent: (amount: string, phone: string) => `${amount} sent to M-Pesa ${phone}.`,
  failed: (reason: string) => `The withdrawal failed: ${reason} Nothing was deducted.`,
} as const;

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
            Withdraw to M-Pesa
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Send your available balance to your verified M-Pesa number.
          </p>
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
          {pending ? WITHDRAW_MESSAGES.pending : 'Withdraw'}
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
            {` · ${formatKes(latest.amount)} to ${latest.phoneNumber}. ${WITHDRAW_MESSAGES.pendingHint}`}
          </span>
        </StatusNote>
      )}
      {latest?.status === 'completed' && (
        <StatusNote tone="completed" icon={CheckCircle2}>
          <span>
            {WITHDRAW_MESSAGES.sent(formatKes(latest.amount), latest.phoneNumber)}
            {latest.receipt ? ` M-Pesa receipt ${latest.receipt}.` : ''}
          </span>
        </StatusNote>
      )}
      {latest?.status === 'failed' && (
        <StatusNote tone="failed" icon={XCircle}>
          <span>{WITHDRAW_MESSAGES.failed(latest.resultDesc ?? 'M-Pesa did not send the money.')}</span>
        </StatusNote>
      )}
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {refusal.text}{' '}
          {refusal.verifyLink && (
            <Link to="/profile/settings" className="focus-ring rounded font-semibold underline">
              Verify phone number
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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Withdraw to M-Pesa?"
      description={`${formatKes(amount)} will be sent to your verified M-Pesa number. Your balance is reduced once M-Pesa confirms the payment.`}
      confirmLabel="Confirm withdrawal"
      busyLabel="Sending…"
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
