import clsx from 'clsx';

interface SwitchProps {
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  /** id of the visible label, or pass `label` for an aria-label. */
  labelledBy?: string;
  describedBy?: string;
  label?: string;
}

/** An accessible on/off switch: a real button with role="switch", toggled by click, Space or Enter. */
export function Switch({ checked, onChange, disabled, labelledBy, describedBy, label }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-label={labelledBy ? undefined : label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={clsx(
        'focus-ring relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-primary-strong' : 'bg-slate-300 dark:bg-slate-600',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
