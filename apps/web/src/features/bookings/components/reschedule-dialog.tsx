import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Info } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useFormats } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { bookingErrorMessage, isSlotTaken } from '../api/booking-errors';
import type { TBooking } from '../api/booking-types';
import { rescheduleBooking, useRescheduleOptions } from '../api/change-booking';
import { userBookingsKeys } from '../api/user-bookings';
import { normalizeTime, shortDayLabel } from '../lib/booking-dates';
import { CHANGE_MESSAGES } from '../lib/booking-messages';
import { BookingChangeDialog, ChangeDialogFooter, ReasonField } from './booking-dialog';

const chipClass = 'focus-ring min-h-10 rounded-lg border px-3 py-2 text-sm font-medium transition-colors';
const chipOn =
  'border-orange-600 bg-orange-50 text-orange-900 dark:border-orange-400 dark:bg-orange-500/15 dark:text-orange-100';
const chipOff =
  'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * Reschedule: a day, then a time from that day's real free slots of the next 7 days (API contract
 * decision 6; issue 15); closing the dialog forgets what was chosen and typed.
 */
export function RescheduleDialog({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const t = useT();
  const { locale } = useFormats();
  const token = useSession()?.token ?? null;
  const queryClient = useQueryClient();
  const open = booking !== null;
  const options = useRescheduleOptions(token, booking?.id ?? '', open);
  const [day, setDay] = useState<string | null>(null);
  const errorId = useId();
  const [choice, setChoice] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setChoice('');
      setDay(null);
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

  const days = (options.data ?? []).filter((option) => option.slots.length > 0);
  // One day at a time: the chosen day, else the first with free times.
  const shownDay = days.find((option) => option.date === day) ?? days[0];

  return (
    <BookingChangeDialog
      open={open}
      onClose={onClose}
      busy={busy}
      title={t('dialog.reschedule.title')}
      booking={booking}
      whenId="dialog.currently"
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        <fieldset aria-describedby={fieldError ? errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('dialog.reschedule.newDateTime')} <span aria-hidden="true">*</span>
          </legend>
          {options.isError ? (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {CHANGE_MESSAGES.rescheduleOptionsFailed}{' '}
              <button
                type="button"
                className="focus-ring rounded font-semibold underline"
                onClick={() => void options.refetch()}
              >
                {t('common.tryAgain')}
              </button>
            </p>
          ) : options.isPending ? (
            // About as tall as a week of days and three rows of times (measured on a 390 px phone and
            // on desktop), so the buttons below barely move under a finger when the times arrive.
            <div className="mt-1 min-h-80 sm:min-h-64">
              <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
                {t('dialog.reschedule.loading')}
              </p>
            </div>
          ) : days.length === 0 ? (
            <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
              {CHANGE_MESSAGES.noRescheduleSlots}
            </p>
          ) : (
            <>
              <fieldset className="mt-2">
                <legend className="text-xs font-medium text-slate-600 dark:text-slate-400">
                  {t('dialog.reschedule.chooseDay')}
                </legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  {days.map((day) => (
                    <button
                      key={day.date}
                      type="button"
                      aria-pressed={day.date === shownDay?.date}
                      onClick={() => {
                        setDay(day.date);
                        setChoice('');
                      }}
                      className={clsx(chipClass, day.date === shownDay?.date ? chipOn : chipOff)}
                    >
                      {shortDayLabel(day.date, locale)}
                      <span className="sr-only">
                        , {t('dialog.reschedule.freeTimes', { count: day.slots.length })}
                      </span>
                    </button>
                  ))}
                </div>
              </fieldset>
              {shownDay && (
                <fieldset className="mt-3">
                  <legend className="text-xs font-medium text-slate-600 dark:text-slate-400">
                    {t('dialog.reschedule.chooseTime', { day: shortDayLabel(shownDay.date, locale) })}
                  </legend>
                  <div className="mt-1 grid max-h-48 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4">
                    {shownDay.slots.map((slot) => (
                      <button
                        key={slot.startTime}
                        type="button"
                        aria-pressed={choice === slot.startTime}
                        onClick={() => {
                          setChoice(slot.startTime);
                          setFieldError(null);
                        }}
                        className={clsx(
                          chipClass,
                          'tabular-nums',
                          choice === slot.startTime ? chipOn : chipOff,
                        )}
                      >
                        {normalizeTime(slot.time)}
                      </button>
                    ))}
                  </div>
                </fieldset>
              )}
            </>
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
        </fieldset>
        <div>
          <ReasonField value={reason} onChange={setReason} />
        </div>
        <p className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-500/10 dark:text-sky-200">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {CHANGE_MESSAGES.rescheduleNote}
        </p>
        <ChangeDialogFooter
          error={error}
          busy={busy}
          onClose={onClose}
          closeLabel={t('dialog.reschedule.close')}
          className="pt-2"
          errorClassName=""
          confirm={
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? t('dialog.reschedule.rescheduling') : t('dialog.reschedule.confirm')}
            </button>
          }
        />
      </form>
    </BookingChangeDialog>
  );
}
