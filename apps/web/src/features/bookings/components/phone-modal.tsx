import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { Smartphone } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { PAYMENT_MESSAGES } from '../lib/booking-messages';
import { BookingDialog } from './booking-dialog';

/** Seed 000 §5: the payment phone needs at least 10 characters; the input takes at most 13. */
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MAX_LENGTH = 13;

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
  const inputId = useId();
  const errorId = useId();
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
      title="Pay with M-Pesa"
      description={`Enter the M-Pesa number to pay the ${formatKesShort(amount)} access fee. You will get a prompt on that phone to enter your M-Pesa PIN.`}
    >
      <form onSubmit={submit} noValidate className="mt-5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          M-Pesa phone number
        </label>
        <div className="relative mt-1">
          <Smartphone
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={inputId}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            maxLength={PHONE_MAX_LENGTH}
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? errorId : undefined}
            className="field pl-9"
          />
        </div>
        {shown && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
            {shown}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending request...' : `Pay ${formatKesShort(amount)}`}
          </button>
        </div>
      </form>
    </BookingDialog>
  );
}
