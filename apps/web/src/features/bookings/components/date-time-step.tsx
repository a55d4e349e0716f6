import { normaliseWorkingDays, weekdayOf } from '@d3/shared/bookings/slot-rules';
import type { Locale } from '@d3/shared/i18n/locale';
import { useT, weekdayList, weekdayName } from '@d3/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import clsx from 'clsx';
import { AlertTriangle, CalendarDays, Clock, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useFormats } from '../../../lib/format';
import type { TSlotsResponse } from '../api/booking-types';
import { longDayLabel, normalizeTime, QUICK_SELECT_COUNT, shortDayLabel } from '../lib/booking-dates';
import { SLOT_MESSAGES, WIZARD_MESSAGES } from '../lib/booking-messages';
import { useWaitedTimes } from '../lib/use-waited-times';
import type { TWaitTarget } from '../lib/waitlist-rules';
import { SlotWaitlist } from './slot-waitlist';
import { ContinueAction, StepActions, StepSection } from './step-layout';

interface DateTimeStepProps {
  today: string;
  /** No day after it is offered (an offer's expiry, issue 15); null: no end. */
  lastDate: string | null;
  date: string;
  time: string | null;
  /** The next working days; null while the store's working days are still coming. */
  quickDates: readonly string[] | null;
  slots: UseQueryResult<TSlotsResponse>;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  onContinue: () => void;
  canContinue: boolean;
  /** A full time can be waited for (issue 36): what its waitlist is joined with; null: no waitlist (a quote). */
  waitlist?: TWaitTarget | null;
}

/** The quick-select row's places while the working days load: as many as it shows (seed 000: first 6). */
const QUICK_DAY_PLACES = Array.from({ length: QUICK_SELECT_COUNT }, (_, place) => `day-${place}`);
/** A 400 from the slots call carries the seed's own text (bad date, offer no longer available). */
function slotsErrorMessage(error: unknown): string {
  return isApiError(error) && error.status === 400 ? error.message : SLOT_MESSAGES.failed;
}

export function DateTimeStep({
  today,
  lastDate,
  date,
  time,
  quickDates,
  slots,
  onDate,
  onTime,
  onContinue,
  canContinue,
  waitlist = null,
}: DateTimeStepProps) {
  const t = useT();
  const { locale } = useFormats();
  const dateInputId = useId();
  return (
    <>
      <StepSection
        title={t('wizard.chooseDate')}
        icon={<CalendarDays aria-hidden="true" className="size-5" />}
      >
        {(quickDates === null || quickDates.length > 0) && (
          <fieldset aria-busy={quickDates === null}>
            <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('wizard.quickSelect')}
            </legend>
            <div className="flex flex-wrap gap-2">
              {quickDates === null
                ? // Their place, held until the store's working days are known: nothing to tap that could move.
                  QUICK_DAY_PLACES.map((key) => (
                    <div
                      key={key}
                      aria-hidden="true"
                      data-testid="quick-day-placeholder"
                      className="animate-shimmer h-10 w-28 rounded-lg bg-slate-200 dark:bg-slate-800"
                    />
                  ))
                : quickDates.map((day) => (
                    <button
                      key={day}
                      type="button"
                      aria-pressed={day === date}
                      onClick={() => onDate(day)}
                      className={clsx(
                        'focus-ring min-h-10 rounded-lg border px-3 py-2 text-sm font-medium transition-colors',
                        day === date
                          ? 'border-orange-600 bg-orange-50 text-orange-900 dark:border-orange-400 dark:bg-orange-500/15 dark:text-orange-100'
                          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
                      )}
                    >
                      {day === today ? t('wizard.today') : shortDayLabel(day, locale)}
                    </button>
                  ))}
            </div>
          </fieldset>
        )}
        <div className="mt-4 max-w-xs">
          <label htmlFor={dateInputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('wizard.date')}
          </label>
          <input
            id={dateInputId}
            type="date"
            min={today}
            max={lastDate ?? undefined}
            value={date}
            onChange={(event) => {
              const next = event.target.value;
              // The picker refuses earlier days (and days after an offer's expiry); typed input is held to the same range.
              if (next === '' || (next >= today && (lastDate === null || next <= lastDate))) onDate(next);
            }}
            className="field mt-1"
          />
          {lastDate !== null && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('wizard.bookableUntil', { date: longDayLabel(lastDate, locale) })}
            </p>
          )}
        </div>
      </StepSection>

      <StepSection title={t('wizard.chooseTime')} icon={<Clock aria-hidden="true" className="size-5" />}>
        <SlotPicker date={date} time={time} slots={slots} onTime={onTime} waitlist={waitlist} />
      </StepSection>

      <StepActions>
        <ContinueAction
          canContinue={canContinue}
          hint={WIZARD_MESSAGES.needDateTime}
          onContinue={onContinue}
        />
      </StepActions>
    </>
  );
}

/** No place left at this time (it can be waited for, issue 36). */
function isFull(slot: { available: number }): boolean {
  return slot.available <= 0;
}

function SlotPicker({
  date,
  time,
  slots,
  onTime,
  waitlist,
}: {
  date: string;
  time: string | null;
  slots: UseQueryResult<TSlotsResponse>;
  onTime: (time: string) => void;
  waitlist: TWaitTarget | null;
}) {
  const t = useT();
  const { locale } = useFormats();
  // The full time picked to wait for (issue 36); a free time picked closes it.
  const [fullPick, setFullPick] = useState<{ date: string; time: string } | null>(null);
  const waited = useWaitedTimes(waitlist, slots.data?.detailedSlots ?? []);
  if (date === '') {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('wizard.pickDateFirst')}</p>;
  }
  if (slots.isPending || (slots.isFetching && slots.isPlaceholderData)) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t('wizard.loadingTimes')}</span>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <div key={key} className="h-14 animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800" />
          ))}
        </div>
      </div>
    );
  }
  if (slots.isError) {
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-500/30 dark:bg-red-500/10"
      >
        <p className="flex gap-2 text-sm font-medium text-red-800 dark:text-red-300">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {slotsErrorMessage(slots.error)}
        </p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void slots.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const data = slots.data;
  const noSlots = data ? noSlotsText(data, t, locale) : SLOT_MESSAGES.none;
  const available = new Set((data?.availableSlots ?? []).map(normalizeTime));
  // A day with every time full still lists them when they can be waited for (issue 36).
  const waitableDay = waitlist !== null && (data?.detailedSlots ?? []).some(isFull);
  if (!data || (available.size === 0 && !waitableDay)) {
    const hours = data?.branchInfo ?? data?.storeInfo ?? null;
    return (
      <div
        role="status"
        className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
      >
        <p className="font-medium">{noSlots}</p>
        {data?.message && hours && hours.workingDays.length > 0 && (
          <p className="mt-1">
            {t(hours.name ? 'wizard.openAt' : 'wizard.open', {
              name: hours.name,
              days: weekdayList(hours.workingDays, locale),
              opens: hours.openingTime,
              closes: hours.closingTime,
            })}
          </p>
        )}
      </div>
    );
  }
  const picked = fullPick?.date === date ? fullPick.time : null;
  const pickedSlot = picked
    ? data.detailedSlots.find((slot) => normalizeTime(slot.time ?? slot.startTime) === picked)
    : undefined;
  return (
    <>
      {available.size === 0 && (
        <p
          role="status"
          className="mb-3 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {noSlots}
        </p>
      )}
      <fieldset>
        <legend className="sr-only">{t('wizard.availableTimes')}</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
          {data.detailedSlots.map((slot) => {
            const slotTime = normalizeTime(slot.time ?? slot.startTime);
            const open = available.has(slotTime);
            const waitable = !open && slot.available <= 0 && waitlist !== null;
            const selected = time === slotTime;
            const chosenFull = waitable && picked === slotTime;
            return (
              <button
                key={slotTime}
                type="button"
                disabled={!open && !waitable}
                aria-pressed={selected || chosenFull}
                onClick={() => {
                  if (waitable) setFullPick(picked === slotTime ? null : { date, time: slotTime });
                  else {
                    setFullPick(null);
                    onTime(slotTime);
                  }
                }}
                className={clsx(
                  'focus-ring flex min-h-14 flex-col items-center justify-center rounded-lg border px-2 py-1.5 text-sm transition-colors',
                  selected
                    ? 'border-orange-600 bg-primary-strong text-white dark:border-orange-500'
                    : open
                      ? 'border-slate-300 bg-white text-slate-900 hover:border-orange-400 hover:bg-orange-50 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800'
                      : chosenFull
                        ? 'border-sky-600 bg-sky-50 text-sky-950 ring-2 ring-sky-600 dark:border-sky-400 dark:bg-sky-500/15 dark:text-sky-100 dark:ring-sky-400'
                        : waitable
                          ? 'border-dashed border-slate-300 bg-slate-50 text-slate-600 hover:border-sky-500 hover:bg-sky-50 dark:border-slate-700 dark:bg-slate-900/50 dark:text-slate-300 dark:hover:bg-slate-800'
                          : 'cursor-not-allowed border-dashed border-slate-200 bg-slate-50 text-slate-400 dark:border-slate-800 dark:bg-slate-900/50 dark:text-slate-500',
                )}
              >
                <span className="font-semibold tabular-nums">{slotTime}</span>
                <span
                  className={clsx(
                    'text-xs',
                    selected ? 'text-orange-100' : open ? 'text-slate-500 dark:text-slate-400' : '',
                  )}
                >
                  {waited.has(slotTime)
                    ? waited.label
                    : slot.available <= 0
                      ? t('wizard.full')
                      : open
                        ? t('wizard.left', { count: slot.available })
                        : t('wizard.unavailable')}
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>
      {waitlist && picked && pickedSlot && (
        <SlotWaitlist
          slot={{ ...waitlist, time: picked, startTime: pickedSlot.startTime }}
          onClose={() => setFullPick(null)}
        />
      )}
    </>
  );
}

/**
 * Why a day has no time, in the reader's language (issue 33): the catalogue's words for the slot
 * rule the API names (`reason`), with its figures from the answer; the API's English message for a
 * reason this site does not know, else the seed's 'No available time slots…'.
 */
export function noSlotsText(data: TSlotsResponse, t: ReturnType<typeof useT>, locale: Locale): string {
  const hours = data.branchInfo ?? data.storeInfo;
  const workingDays = normaliseWorkingDays(hours?.workingDays ?? []);
  switch (data.reason) {
    case 'past_date':
    case 'not_operational':
    case 'fully_booked':
      return t(`booking.slot.reason.${data.reason}`);
    case 'closed_day':
      return t('booking.slot.reason.closed_day', {
        weekday: weekdayName(weekdayOf(data.date), locale),
        days: workingDays.length ? weekdayList(workingDays, locale) : t('booking.slot.noDays'),
      });
    case 'no_hours':
      return t('booking.slot.reason.no_hours', {
        duration: data.bookingRules.serviceDuration,
        opens: hours?.openingTime ?? '',
        closes: hours?.closingTime ?? '',
      });
    case 'day_over':
      return t('booking.slot.reason.day_over', {
        opens: hours?.openingTime ?? '',
        closes: hours?.closingTime ?? '',
      });
    case 'offer_expired':
      return WIZARD_MESSAGES.offerUnavailable;
    default:
      return data.message || SLOT_MESSAGES.none;
  }
}
