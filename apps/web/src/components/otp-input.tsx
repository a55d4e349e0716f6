import { OTP_LENGTH } from '@d3/shared/accounts/accounts-schemas';
import clsx from 'clsx';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

export const EMPTY_OTP: readonly string[] = Array.from({ length: OTP_LENGTH }, () => '');

/** Digits only, at most six (seed 000 §5: paste strips non-digits, keeps 6). */
export function otpDigitsFrom(text: string): string[] {
  const digits = text.replace(/\D/g, '').slice(0, OTP_LENGTH).split('');
  return EMPTY_OTP.map((_, index) => digits[index] ?? '');
}

interface OtpInputProps {
  value: readonly string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The group's accessible name. */
  label?: string;
}

/**
 * Six single-digit boxes: typing moves on, Backspace on an empty box goes back, arrow keys move, and a
 * pasted or auto-filled code fills every box at once wherever it lands.
 */
export function OtpInput({
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  label = 'One-time code',
}: OtpInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const fillFrom = (text: string) => {
    const digits = otpDigitsFrom(text);
    onChange(digits);
    const filled = digits.filter(Boolean).length;
    focusBox(filled >= OTP_LENGTH ? OTP_LENGTH - 1 : filled);
  };

  const setDigit = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    // More than one digit arrives when the browser auto-fills the SMS code or a keyboard pastes.
    if (digits.length > 1) return fillFrom(digits);
    const next = [...value];
    next[index] = digits;
    onChange(next);
    if (digits && index < OTP_LENGTH - 1) focusBox(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(OTP_LENGTH - 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    fillFrom(event.clipboardData.getData('text'));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a legend and a border this group does not need.
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      onPaste={onPaste}
      className="flex justify-center gap-2 sm:gap-3"
    >
      {value.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed positions.
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={index === 0 ? OTP_LENGTH : 1}
          value={digit}
          disabled={disabled}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          onChange={(event) => setDigit(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          className={clsx(
            'focus-ring size-12 rounded-xl border bg-white text-center text-xl font-semibold text-slate-900 tabular-nums transition-colors sm:size-14 sm:text-2xl dark:bg-slate-900 dark:text-white',
            'disabled:opacity-60',
            invalid
              ? 'border-red-500 dark:border-red-400'
              : digit
                ? 'border-orange-500 dark:border-orange-400'
                : 'border-slate-300 dark:border-slate-700',
          )}
        />
      ))}
    </div>
  );
}
