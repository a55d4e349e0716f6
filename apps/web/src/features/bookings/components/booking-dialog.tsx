import { useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useFormats } from '../../../lib/format';
import type { TBooking } from '../api/booking-types';
import { bookingTitle } from './booking-badges';

interface BookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** While busy, Escape, the overlay and the close button do nothing. */
  busy?: boolean;
}

/** The booking pages' Radix dialog: focus trapped, Escape closes, scrolls on a short phone screen. */
export function BookingDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  busy = false,
}: BookingDialogProps) {
  const t = useT();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!busy || next) onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('common.close')}
              disabled={busy}
              className="focus-ring -m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface BookingChangeDialogProps {
  open: boolean;
  onClose: () => void;
  busy: boolean;
  title: string;
  booking: TBooking | null;
  /** The message saying when the booking is ({date}, {time}): 'dialog.when', or 'dialog.currently'. */
  whenId?: string;
  children: ReactNode;
}

/** The dialog that changes one booking (cancel, reschedule): the booking's title and time under the heading. */
export function BookingChangeDialog({
  open,
  onClose,
  busy,
  title,
  booking,
  whenId = 'dialog.when',
  children,
}: BookingChangeDialogProps) {
  const t = useT();
  const formats = useFormats();
  return (
    <BookingDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      busy={busy}
      title={title}
      description={
        booking ? (
          <>
            <span className="font-semibold text-slate-900 dark:text-white">{bookingTitle(booking, t)}</span>
            <br />
            {t(whenId, {
              date: formats.date(booking.startTime),
              time: formats.time(booking.startTime),
            })}
          </>
        ) : null
      }
    >
      {children}
    </BookingDialog>
  );
}

interface NoteFieldProps {
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}

/** An optional free-text box of the booking forms (a reason, notes for the store). */
export function NoteField({ label, value, maxLength, onChange }: NoteFieldProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        className="field mt-1 resize-y"
      />
    </>
  );
}

/** The optional reason a customer may give when cancelling or rescheduling. */
export function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  return <NoteField label={t('dialog.reason')} value={value} maxLength={500} onChange={onChange} />;
}

/**
 * A change dialog's last lines: the server's refusal, then "keep" and "do it" buttons (the confirm
 * button is left out when nothing may be done).
 */
export function ChangeDialogFooter({
  error,
  busy,
  onClose,
  closeLabel,
  confirm,
  className = 'mt-6',
  errorClassName = 'mt-3',
}: {
  error: string | null;
  busy: boolean;
  onClose: () => void;
  closeLabel: string;
  confirm: ReactNode;
  /** The button row's spacing ('mt-6' under a dialog's body; a form's own spacing may replace it). */
  className?: string;
  errorClassName?: string;
}) {
  return (
    <>
      {error && (
        <p role="alert" className={`${errorClassName} text-sm font-medium text-red-700 dark:text-red-400`}>
          {error}
        </p>
      )}
      <div className={`${className} flex flex-col-reverse gap-3 sm:flex-row sm:justify-end`}>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          {closeLabel}
        </button>
        {confirm}
      </div>
    </>
  );
}
