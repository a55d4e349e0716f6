/** The form fields both sites show alike live in @d3/ui; the customer site's look is its default style. */
import { FieldError, useT } from '@d3/ui';
import { Smartphone } from 'lucide-react';
import { type ComponentProps, useId } from 'react';

export { FieldError, FormAlert, OrDivider, TextField } from '@d3/ui';

/**
 * A labelled input whose value lives in component state (a form without react-hook-form); its error,
 * when there is one, is announced with it.
 */
export function StateInput({
  label,
  value,
  onChange,
  error,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field mt-1.5 h-11"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Seed 000 §5: a payment phone takes at most 13 characters (+2547XXXXXXXX). */
export const MPESA_PHONE_MAX_LENGTH = 13;

/**
 * The M-Pesa number a payment prompt goes to (the booking's phone modal, a split share): labelled,
 * with its phone icon, its error (the field's own, or the server's) announced with it.
 */
export function MpesaPhoneInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('form.mpesaPhone')}
      </label>
      <div className="relative mt-1">
        <Smartphone
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0712 345 678"
          maxLength={MPESA_PHONE_MAX_LENGTH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field pl-9"
        />
      </div>
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}
