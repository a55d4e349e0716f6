import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { MPESA_PHONE_MAX_LENGTH, MpesaPhoneInput } from '../../../components/form-fields';
import { PAYMENT_MESSAGES } from '../lib/booking-messages';
import { BookingDialog } from './booking-dialog';

/** Seed 000 §5: the payment phone needs at least 10 characters; the input takes at most 13. */
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = MPESA_PHONE_MAX_LENGTH;

export function validatePaymentPhone(phone: string): string | null {
  return phone.trim().length < PHONE_MIN_LENGTH ? PAYMENT_MESSAGES.invalidPhone : null;
}

interface PhoneModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultPhone: string;
  amount: number;
  busy: boolean;
  /** The server's refusal of the number, shown under the field. */
  serverError: string | null;
  onSubmit: (phone: string) => void;
}

export function PhoneModal({
  open,
  onOpenChange,
  defaultPhone,
  amount,
  busy,
  serverError,
  onSubmit,
}: PhoneModalProps) {
  const t = useT();
  const [phone, setPhone] = useState(defaultPhone);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setPhone(defaultPhone.slice(0, PHONE_MAX_LENGTH));
      setError(null);
    }
  }, [open, defaultPhone]);

  const shown = error ?? serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePaymentPhone(phone);
    setError(problem);
    if (!problem) onSubmit(phone.trim());
  };

  return (
    <BookingDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={t('pay.title')}
      description={t('pay.description', { amount: formatKesShort(amount) })}
    >
      <form onSubmit={submit} noValidate className="mt-5">
        <MpesaPhoneInput
          value={phone}
          onChange={(value) => {
            setPhone(value);
            if (error) setError(null);
          }}
          error={shown}
        />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('pay.sending') : t('pay.pay', { amount: formatKesShort(amount) })}
          </button>
        </div>
      </form>
    </BookingDialog>
  );
}
