import { formatAccessFee, formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { AlertTriangle, CreditCard, MessageSquareText, Receipt, Smartphone } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useFormats } from '../../../lib/format';
import { longDayLabel } from '../lib/booking-dates';
import { NoteField } from './booking-dialog';
import { StepActions, StepSection } from './step-layout';

export interface TReviewDetails {
  bookingType: 'offer' | 'service' | 'quote';
  title: string;
  storeName: string;
  date: string;
  time: string;
  branchName: string;
  staffName: string | null;
  durationMinutes: number | null;
}

export interface TFeeBreakdown {
  /** Offer: the discounted price paid at the store; service: its price (null for a custom quote). */
  priceAtStore: number | null;
  originalPrice: number | null;
  /** KES with cents (0 for services and free offers). */
  accessFee: number;
  /** Whole shillings charged by M-Pesa. */
  accessFeeAmount: number;
}

interface ReviewPayStepProps {
  details: TReviewDetails;
  fee: TFeeBreakdown;
  notes: string;
  specialRequests: string;
  onNotes: (value: string) => void;
  onSpecialRequests: (value: string) => void;
  error: string | null;
  busy: boolean;
  onBack: () => void;
  /** Offer with a fee: opens the phone modal. */
  onPay: () => void;
  /** Service or free offer: creates the booking. */
  onConfirm: () => void;
}

function Row({
  label,
  children,
  strong = false,
  money = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  /** Amounts never wrap inside themselves; their label does. */
  money?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt
        className={clsx(
          'text-sm',
          strong ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300',
        )}
      >
        {label}
      </dt>
      <dd
        className={clsx(
          'text-right text-sm tabular-nums',
          money && 'shrink-0 whitespace-nowrap',
          strong
            ? 'text-base font-bold text-slate-900 dark:text-white'
            : 'font-medium text-slate-900 dark:text-white',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** One of the booking's optional notes (up to the API's 1,000 characters) in its own cell of the notes grid. */
function BookingNote({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <NoteField label={label} value={value} maxLength={1000} onChange={onChange} />
    </div>
  );
}

export function ReviewPayStep({
  details,
  fee,
  notes,
  specialRequests,
  onNotes,
  onSpecialRequests,
  error,
  busy,
  onBack,
  onPay,
  onConfirm,
}: ReviewPayStepProps) {
  const t = useT();
  const { locale } = useFormats();
  const methodGroup = useId();
  const paysFee = details.bookingType === 'offer' && fee.accessFeeAmount > 0;
  return (
    <>
      {error && (
        <div
          role="alert"
          className="mb-5 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </div>
      )}
      <StepSection title={t('wizard.yourBooking')} icon={<Receipt aria-hidden="true" className="size-5" />}>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <Row label={t(details.bookingType === 'offer' ? 'wizard.offer' : 'wizard.service')}>
            {details.title}
          </Row>
          <Row label={t('wizard.store')}>{details.storeName}</Row>
          <Row label={t('wizard.date')}>{longDayLabel(details.date, locale)}</Row>
          <Row label={t('wizard.time')}>
            {details.durationMinutes
              ? t('wizard.minutes', { time: details.time, minutes: details.durationMinutes })
              : details.time}
          </Row>
          <Row label={t('wizard.location')}>{details.branchName}</Row>
          <Row label={t('wizard.staff')}>{details.staffName ?? t('wizard.anyStaff')}</Row>
        </dl>
      </StepSection>

      <StepSection
        title={t('wizard.notes')}
        icon={<MessageSquareText aria-hidden="true" className="size-5" />}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <BookingNote label={t('wizard.notesForStore')} value={notes} onChange={onNotes} />
          <BookingNote
            label={t('wizard.specialRequests')}
            value={specialRequests}
            onChange={onSpecialRequests}
          />
        </div>
      </StepSection>

      <StepSection title={t('wizard.price')} icon={<CreditCard aria-hidden="true" className="size-5" />}>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          {details.bookingType === 'offer' ? (
            <>
              <Row money label={t('wizard.offerPrice')}>
                {fee.priceAtStore !== null ? (
                  <>
                    {fee.originalPrice !== null && fee.originalPrice > fee.priceAtStore && (
                      <span className="mr-2 text-slate-500 line-through dark:text-slate-400">
                        <span className="sr-only">{t('deal.was')} </span>
                        {formatKesShort(fee.originalPrice)}
                      </span>
                    )}
                    {formatKesShort(fee.priceAtStore)}
                  </>
                ) : (
                  t('wizard.agreedAtStore')
                )}
              </Row>
              <Row money label={t('wizard.feeNow')}>
                {formatAccessFee(fee.accessFeeAmount)}
              </Row>
              <Row money label={t('wizard.dueNow')} strong>
                {formatAccessFee(fee.accessFeeAmount)}
              </Row>
            </>
          ) : (
            <>
              <Row
                money
                label={details.bookingType === 'quote' ? t('wizard.quotedPrice') : t('wizard.servicePrice')}
              >
                {fee.priceAtStore !== null ? formatKesShort(fee.priceAtStore) : t('wizard.customQuote')}
              </Row>
              <Row money label={t('wizard.accessFee')}>
                {t('wizard.noAccessFee')}
              </Row>
              <Row money label={t('wizard.dueNow')} strong>
                {formatKesShort(0)}
              </Row>
            </>
          )}
        </dl>

        {paysFee && (
          <fieldset className="mt-4">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('wizard.paymentMethod')}
            </legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-orange-600 bg-orange-50 p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-500 dark:border-orange-400 dark:bg-orange-500/10">
                <input type="radio" name={methodGroup} defaultChecked className="size-4 accent-orange-600" />
                <Smartphone aria-hidden="true" className="size-5 text-emerald-600 dark:text-emerald-400" />
                <span className="font-semibold text-slate-900 dark:text-white">M-Pesa</span>
              </label>
              <label className="flex cursor-not-allowed items-center gap-3 rounded-lg border border-slate-200 p-3 opacity-70 dark:border-slate-800">
                <input type="radio" name={methodGroup} disabled className="size-4" />
                <CreditCard aria-hidden="true" className="size-5 text-slate-400" />
                <span className="font-semibold text-slate-700 dark:text-slate-300">{t('wizard.card')}</span>
                <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  {t('wizard.comingSoon')}
                </span>
              </label>
            </div>
          </fieldset>
        )}
      </StepSection>

      <StepActions>
        <button type="button" className="btn-secondary" onClick={onBack} disabled={busy}>
          {t('wizard.back')}
        </button>
        {paysFee ? (
          <button type="button" className="btn-primary sm:ml-auto" onClick={onPay} disabled={busy}>
            <Smartphone aria-hidden="true" className="size-4" />
            {t('wizard.pay', { amount: formatKesShort(fee.accessFeeAmount) })}
          </button>
        ) : (
          <button type="button" className="btn-primary sm:ml-auto" onClick={onConfirm} disabled={busy}>
            {busy ? t('wizard.confirming') : t('wizard.confirm')}
          </button>
        )}
      </StepActions>
    </>
  );
}
