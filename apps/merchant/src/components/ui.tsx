import { WEEK_DAYS } from '@d3/shared/catalogue/catalogue-schemas';
import { useI18n, useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { AlertCircle, Inbox, Loader2, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/**
 * The merchant site's building blocks: the customer site's tokens (orange-700 actions, slate text,
 * rounded-xl cards, 44 px controls) so both sites read as one product.
 */

export function buttonClass(
  variant: 'primary' | 'secondary' | 'danger' | 'ghost' = 'primary',
  small = false,
) {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    small ? 'h-9 px-3 text-sm' : 'h-11 px-4 text-[0.9375rem]',
    variant === 'primary' && 'bg-orange-700 text-white shadow-sm hover:bg-orange-800',
    variant === 'secondary' &&
      'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
    variant === 'danger' && 'bg-red-700 text-white hover:bg-red-800',
    variant === 'ghost' && 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={clsx(
        'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-8 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      <Loader2 aria-hidden="true" className="size-5 animate-spin text-orange-700" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
      <span className="grid size-12 place-items-center rounded-xl bg-orange-50 text-orange-700 dark:bg-orange-500/10 dark:text-orange-400">
        <Inbox aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children ? <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</p> : null}
      {action}
    </div>
  );
}

/** `className` places the alert in its surroundings (its margin or grid span). */
export function ErrorState({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-wrap items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300',
        className,
      )}
    >
      <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
      <span>{message}</span>
      {onRetry ? (
        <button type="button" onClick={onRetry} className="font-semibold underline">
          {t('common.tryAgain')}
        </button>
      ) : null}
    </div>
  );
}

const controlClass =
  'block w-full rounded-xl border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 sm:text-sm dark:bg-slate-950 dark:text-slate-100 focus-visible:border-orange-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-orange-600';

type TFieldShell = { label: string; error?: string; hint?: string; className?: string };

/** The id, error state and look every text control of a `FieldShell` shares. */
type TControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

function FieldShell({
  label,
  error,
  hint,
  className,
  children,
}: TFieldShell & { children: (control: (size: string) => TControlProps) => ReactNode }) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1.5">
        {children((size) => ({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          className: clsx(
            controlClass,
            size,
            error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700',
          ),
        }))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 flex items-start gap-1 text-sm text-red-700 dark:text-red-400">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TInputFieldProps = TFieldShell & {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' | 'url' | 'text';
  autoComplete?: string;
  required?: boolean;
};

export function InputField({
  value,
  onChange,
  type = 'text',
  placeholder,
  inputMode,
  autoComplete,
  required,
  ...shell
}: TInputFieldProps) {
  return (
    <FieldShell {...shell}>
      {(control) => (
        <input
          {...control('h-11')}
          type={type}
          value={value}
          placeholder={placeholder}
          inputMode={inputMode}
          autoComplete={autoComplete}
          required={required}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function TextareaField({
  value,
  onChange,
  ...shell
}: TFieldShell & { value: string; onChange: (value: string) => void }) {
  return (
    <FieldShell {...shell}>
      {(control) => (
        <textarea
          {...control('py-2')}
          value={value}
          rows={3}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  ...shell
}: TFieldShell & {
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <FieldShell {...shell}>
      {(control) => (
        <select {...control('h-11')} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-orange-700"
      />
      <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span> : null}
      </label>
    </div>
  );
}

/** Monday first, as the store's working days are shown. */
const WEEKDAYS = WEEK_DAYS;

export function WorkingDaysField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (days: string[]) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('common.workingDays')}
      </legend>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {WEEKDAYS.map((day) => {
          const on = value.includes(day);
          return (
            <button
              key={day}
              type="button"
              aria-pressed={on}
              onClick={() =>
                onChange(
                  on
                    ? value.filter((d) => d !== day)
                    : WEEKDAYS.filter((d) => d === day || value.includes(d)),
                )
              }
              className={clsx(
                'h-9 rounded-lg border px-3 text-sm font-medium',
                on
                  ? 'border-orange-700 bg-orange-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
              )}
            >
              {t(`day.short.${day}`)}
            </button>
          );
        })}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </fieldset>
  );
}

/** A dialog for forms and confirmations: focus trapped, Escape closes, full width on phones. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={description ? undefined : undefined}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:bg-slate-900"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close aria-label={t('common.close')} className={buttonClass('ghost', true)}>
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  error?: string | null;
}) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {error ? <ErrorState message={error} /> : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={() => onOpenChange(false)}>
          {t('common.keepIt')}
        </button>
        <button type="button" className={buttonClass('danger')} onClick={onConfirm} disabled={pending}>
          {pending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

export function FormActions({
  pending,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className={buttonClass('primary')} disabled={pending}>
        {pending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {submitLabel}
      </button>
    </div>
  );
}

/** A status in the reader's language (`status.<value>`), the value itself for one the catalogue lacks. */
export function StatusBadge({ status }: { status: string }) {
  const i18n = useI18n();
  const t = useT();
  const tone: Record<string, string> = {
    pending: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
    confirmed: 'bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-300',
    checked_in: 'bg-violet-100 text-violet-900 dark:bg-violet-500/15 dark:text-violet-300',
    completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-300',
    cancelled: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
    active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-300',
    inactive: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
    paused: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
    draft: 'bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-300',
    expired: 'bg-red-100 text-red-900 dark:bg-red-500/15 dark:text-red-300',
    accepted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-300',
    rejected: 'bg-red-100 text-red-900 dark:bg-red-500/15 dark:text-red-300',
  };
  return (
    <span
      className={clsx(
        'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold',
        tone[status] ?? tone.inactive,
      )}
    >
      {i18n.messages[`status.${status}`] === undefined ? status.replace('_', ' ') : t(`status.${status}`)}
    </span>
  );
}
