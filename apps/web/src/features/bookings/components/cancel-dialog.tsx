import { formatAccessFee } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useFormats } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import type { TBooking } from '../api/booking-types';
import { cancelBooking } from '../api/change-booking';
import { userBookingsKeys } from '../api/user-bookings';
import { ACCESS_FEE_MESSAGES, CHANGE_MESSAGES } from '../lib/booking-messages';
import { BookingChangeDialog, ChangeDialogFooter, ReasonField } from './booking-dialog';

function isPolicyRefusal(error: unknown): boolean {
  return isApiError(error) && error.code === 'CANCELLATION_NOT_ALLOWED';
}

/** What cancelling does to the access fee, said before the customer confirms (issue 15). */
function AccessFeeNotice({ booking }: { booking: TBooking }) {
  const t = useT();
  const formats = useFormats();
  const fee = booking.accessFeeAmount || booking.accessFee;
  const deadline = t('dialog.when', {
    date: formats.date(booking.cancelBy),
    time: formats.time(booking.cancelBy),
  });
  return (
    <div
      data-testid="access-fee-notice"
      className="mb-4 flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-200"
    >
      <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        {fee > 0 && (
          <p className="font-medium">
            {booking.accessFeePaid
              ? ACCESS_FEE_MESSAGES.refundOnCancel(formatAccessFee(fee))
              : ACCESS_FEE_MESSAGES.nothingPaid}
          </p>
        )}
        <p>{ACCESS_FEE_MESSAGES.cancelWindow(deadline)}</p>
        <p>
          <Link to="/terms#access-fee" className="focus-ring rounded font-semibold underline">
            {ACCESS_FEE_MESSAGES.policyLink}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** Cancel with an optional reason; the policy refusal gets its own panel (seed 001 §8). */
export function CancelDialog({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const open = booking !== null;

  useEffect(() => {
    if (!open) {
      setReason('');
      setError(null);
      setBlocked(false);
    }
  }, [open]);

  const submit = async () => {
    if (!booking) return;
    setBusy(true);
    setError(null);
    try {
      const trimmed = reason.trim();
      await cancelBooking(booking.id, trimmed ? { reason: trimmed } : {});
      toastSuccess(CHANGE_MESSAGES.cancelled);
      await queryClient.invalidateQueries({ queryKey: userBookingsKeys.all });
      onClose();
    } catch (caught) {
      if (isPolicyRefusal(caught)) setBlocked(true);
      else
        setError(isApiError(caught) && caught.status === 400 ? caught.message : CHANGE_MESSAGES.cancelFailed);
    } finally {
      setBusy(false);
    }
  };

  // The seed's one sentence, its heading part in bold.
  const [policyTitle, policyRest] = CHANGE_MESSAGES.cancelPolicy.split(' – ');

  return (
    <BookingChangeDialog
      open={open}
      onClose={onClose}
      busy={busy}
      title={t('dialog.cancel.title')}
      booking={booking}
    >
      {blocked ? (
        <div
          role="alert"
          className="mt-5 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <p className="flex gap-2">
            <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="font-semibold">{policyTitle}</strong>
              {policyRest !== undefined && ` – ${policyRest}`}
            </span>
          </p>
        </div>
      ) : (
        <div className="mt-5">
          {booking && <AccessFeeNotice booking={booking} />}
          <ReasonField value={reason} onChange={setReason} />
        </div>
      )}
      <ChangeDialogFooter
        error={error}
        busy={busy}
        onClose={onClose}
        closeLabel={t('dialog.cancel.keep')}
        confirm={
          !blocked && (
            <button
              type="button"
              onClick={() => void submit()}
              disabled={busy}
              className="btn bg-red-600 text-white hover:bg-red-700 dark:bg-red-600 dark:hover:bg-red-500"
            >
              {busy ? t('dialog.cancel.cancelling') : t('dialog.cancel.confirm')}
            </button>
          )
        }
      />
    </BookingChangeDialog>
  );
}
