import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useUiStyle } from './ui-style';
import { useUiMessage, useUiT } from './ui-texts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'>;

export interface TextFieldProps extends InputProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  /** Something drawn inside the input's right edge (the password toggle). */
  trailing?: ReactNode;
  /** Extra content on the label row (the "Forgot password?" link). */
  labelAside?: ReactNode;
}

/** A labelled input whose hint and error are announced with it (aria-describedby, aria-invalid). */
export function TextField({
  label,
  registration,
  error,
  hint,
  trailing,
  labelAside,
  className,
  ...inputProps
}: TextFieldProps) {
  const style = useUiStyle();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <input
          id={id}
          {...inputProps}
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={clsx(style.input, error ? style.inputInvalid : style.inputValid, trailing && 'pr-11')}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  const text = useUiMessage();
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1 text-sm text-red-700 dark:text-red-400">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {text(message)}
    </p>
  );
}

/** A password input with a show/hide toggle (a real button, so keyboard users reach it). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const t = useUiT();
  const style = useUiStyle();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={
            visible
              ? t('ui.password.hide', { label: props.label })
              : t('ui.password.show', { label: props.label })
          }
          className={style.toggle}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
    />
  );
}

/** A message about the whole form (wrong password, too many tries, network; or a success), read out when it appears. */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null;
  tone?: 'error' | 'success';
}) {
  const style = useUiStyle();
  const text = useUiMessage();
  if (!message) return null;
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        style.alert,
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300'
          : 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-300',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text(message)}</span>
    </div>
  );
}

/** "or" between the e-mail form and another way in (Google). */
export function OrDivider() {
  const t = useUiT();
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      {t('ui.or')}
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
    </div>
  );
}

/** The form's full-width submit button; says `busyLabel` while the form is busy. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  const style = useUiStyle();
  return (
    <button type="submit" disabled={busy} className={style.button}>
      {busy ? busyLabel : children}
    </button>
  );
}
