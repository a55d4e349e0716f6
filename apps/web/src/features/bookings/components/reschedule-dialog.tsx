import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { bookingErrorMessage, isSlotTaken } from '../api/booking-errors';
import type { TBooking } from '../api/booking-types';
import { rescheduleBooking, useRescheduleOptions } from '../api/change-booking';
import { userBookingsKeys } from '../api/user-bookings';
import { normalizeTime, shortDayLabel } from '../lib/booking-dates';
import { CHANGE_MESSAGES } from '../lib/booking-messages';
import { bookingTitle } from './booking-badges';
import { BookingDialog } from './booking-dialog';

/**
 * Reschedule: the new time comes from the real free slots of the next 7 days (API contract decision 6);
 * closing the dialog forgets what was typed.
 */
export function RescheduleDialog({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const token = useSession()?.token ?? null;
  const queryClient = useQueryClient();
  const open = booking !== null;
  const options = useRescheduleOptions(token, booking?.id ?? '', open);
  const selectId = useId();
  const reasonId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setChoice('');
      setReason('');
      setFieldError(null);
      setError(null);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!booking) return;
    if (choice === '') {
      setFieldError(CHANGE_MESSAGES.chooseNewTime);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const trimmed = reason.trim();
      await rescheduleBooking(booking.id, { newStartTime: choice, ...(trimmed ? { reason: trimmed } : {}) });
      toastSuccess(CHANGE_MESSAGES.rescheduled);
      await queryClient.invalidateQueries({ queryKey: userBookingsKeys.all });
      onClose();
    } catch (caught) {
      if (isSlotTaken(caught)) {
        setChoice('');
        setError(bookingErrorMessage(caught));
        void options.refetch();
      } else {
        setError(
          isApiError(caught) && caught.status === 400 ? caught.message : CHANGE_MESSAGES.rescheduleFailed,
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const days = (options.data ?? []).filter((day) => day.slots.length > 0);

  return (
    <BookingDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      busy={busy}
      title="Reschedule Booking"
      description={
        booking ? (
          <>
            <span className="font-semibold text-slate-900 dark:text-white">{bookingTitle(booking)}</span>
            <br />
            Currently {formatDate(booking.startTime)} at {formatTime(booking.startTime)}
          </>
        ) : null
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        <div>
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            New Date & Time <span aria-hidden="true">*</span>
          </label>
          {options.isError ? (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {CHANGE_MESSAGES.rescheduleOptionsFailed}{' '}
              <button
                type="button"
                className="focus-ring rounded font-semibold underline"
                onClick={() => void options.refetch()}
              >
                Try Again
              </button>
            </p>
          ) : (
            <select
              id={selectId}
              required
              value={choice}
              disabled={options.isPending}
              onChange={(event) => {
                setChoice(event.target.value);
                setFieldError(null);
              }}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              className="field mt-1"
            >
              <option value="">
                {options.isPending
                  ? 'Loading available times...'
                  : days.length === 0
                    ? 'No free times available'
                    : 'Select a new date and time'}
              </option>
              {days.map((day) => (
                <optgroup key={day.date} label={shortDayLabel(day.date)}>
                  {day.slots.map((slot) => (
                    <option key={slot.startTime} value={slot.startTime}>
                      {shortDayLabel(day.date)}, {normalizeTime(slot.time)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
          {fieldError && (
            <p
              id={errorId}
              role="alert"
              className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400"
            >
              {fieldError}
            </p>
          )}
          {options.isSuccess && days.length === 0 && (
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
              {CHANGE_MESSAGES.noRescheduleSlots}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Reason (optional)
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            className="field mt-1 resize-y"
          />
        </div>
        <p className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-200">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {CHANGE_MESSAGES.rescheduleNote}
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Rescheduling...' : 'Reschedule Booking'}
          </button>
        </div>
      </form>
    </BookingDialog>
  );
}
