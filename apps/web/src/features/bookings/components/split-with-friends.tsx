import { formatKesShort, mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import { SPLIT_PARTY_MAX, SPLIT_PARTY_MIN, splitShares } from '@d3/shared/payments/split-schemas';
import { useT } from '@d3/ui';
import { useMutation } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { createSplit } from '../api/create-split';
import { normalizeTime } from '../lib/booking-dates';
import { PAYMENT_MESSAGES } from '../lib/booking-messages';
import { validatePaymentPhone } from './phone-modal';

export const SPLIT_WITH_FRIENDS = 'Split with friends';

interface SplitWithFriendsProps {
  offerId: string;
  /** '2026-12-06' and '10:00' (Nairobi), as the wizard chose them. */
  date: string;
  time: string;
  branchId: string | null;
  staffId: string | null;
  notes: string;
  /** The access fee of one place, KES with cents. */
  feePerPlace: number;
  /** Places still free at the chosen time (capacity less those taken). */
  placesLeft: number;
  /** The number the organiser's prompt goes to at first (their profile's). */
  defaultPhone: string;
  /** The slot was taken meanwhile: the wizard reloads its times. */
  onSlotTaken: () => void;
}

/** Places still free at `time` (issue 34: how big a group may split it); 1 when unknown. */
export function placesAt(
  slots: { detailedSlots?: { time: string; available: number }[] } | undefined,
  time: string,
): number {
  const slot = slots?.detailedSlots?.find((candidate) => normalizeTime(candidate.time) === time);
  return slot?.available ?? 1;
}

/**
 * 'Split with friends' (issue 34) on the review step of an offer with a fee: a group of 2-10 (no more
 * than the places left) books together; the organiser pays their share now, each friend named by
 * number gets their own prompt, the others pay through the share link on the next page.
 */
export function SplitWithFriends(props: SplitWithFriendsProps) {
  const t = useT();
  const navigate = useNavigate();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const most = Math.min(SPLIT_PARTY_MAX, props.placesLeft);
  const [size, setSize] = useState(SPLIT_PARTY_MIN);
  const [phone, setPhone] = useState(props.defaultPhone);
  const [friends, setFriends] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createSplit,
    onSuccess: (answer) => navigate(`/split-booking/${answer.split.id}`),
    onError: (failure) => {
      if (isApiError(failure) && failure.code === 'SLOT_TAKEN') props.onSlotTaken();
      setError(isApiError(failure) ? failure.message : PAYMENT_MESSAGES.initiationFailed);
    },
  });

  if (most < SPLIT_PARTY_MIN) return null;
  const total = mpesaAmount(props.feePerPlace * size);
  const [mine, each] = splitShares(total, size);
  const friendPhones = Array.from({ length: size - 1 }, (_, index) => friends[index] ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      validatePaymentPhone(phone) ??
      (friendPhones.some((value) => value.trim() !== '' && validatePaymentPhone(value))
        ? PAYMENT_MESSAGES.invalidPhone
        : null);
    setError(problem);
    if (problem) return;
    create.mutate({
      offerId: props.offerId,
      startTime: `${props.date}T${props.time}:00+03:00`,
      branchId: props.branchId ?? undefined,
      staffId: props.staffId ?? undefined,
      notes: props.notes || undefined,
      partySize: size,
      phoneNumber: phone.trim(),
      friends: friendPhones
        .filter((value) => value.trim() !== '')
        .map((value) => ({ phoneNumber: value.trim() })),
    });
  };

  return (
    <section
      className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      aria-labelledby={`${formId}-title`}
    >
      <h3 id={`${formId}-title`} className="sr-only">
        {t('split.title')}
      </h3>
      <button
        type="button"
        className="btn-secondary w-full sm:w-auto"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((value) => !value)}
      >
        <Users aria-hidden="true" className="size-4" />
        {t('split.title')}
      </button>
      {open && (
        <form id={formId} onSubmit={submit} noValidate className="mt-4 space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-200">{t('split.intro')}</p>
          <div>
            <label
              htmlFor={`${formId}-size`}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              {t('split.people')}
            </label>
            <select
              id={`${formId}-size`}
              className="field mt-1"
              value={size}
              onChange={(event) => setSize(Number(event.target.value))}
            >
              {Array.from({ length: most - SPLIT_PARTY_MIN + 1 }, (_, index) => index + SPLIT_PARTY_MIN).map(
                (count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ),
              )}
            </select>
          </div>
          <p data-testid="split-shares" className="text-sm font-medium text-slate-900 dark:text-white">
            {t('split.shares', { mine: formatKesShort(mine ?? 0), each: formatKesShort(each ?? 0) })}
          </p>
          <div>
            <label
              htmlFor={`${formId}-phone`}
              className="text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              {t('split.yourNumber')}
            </label>
            <input
              id={`${formId}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={13}
              className="field mt-1"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('split.friends')}
            </legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">
              {friendPhones.map((value, index) => (
                <input
                  // biome-ignore lint/suspicious/noArrayIndexKey: one input per friend position, never reordered.
                  key={index}
                  type="tel"
                  inputMode="tel"
                  maxLength={13}
                  aria-label={t('split.friendPhone', { number: index + 1 })}
                  placeholder="0712 345 678"
                  className="field"
                  value={value}
                  onChange={(event) => {
                    const next = [...friendPhones];
                    next[index] = event.target.value;
                    setFriends(next);
                  }}
                />
              ))}
            </div>
          </fieldset>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={create.isPending}>
            {create.isPending ? t('split.sending') : t('split.pay', { amount: formatKesShort(mine ?? 0) })}
          </button>
        </form>
      )}
    </section>
  );
}
