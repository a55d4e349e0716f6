import { useT } from '@d3/ui';
import clsx from 'clsx';
import { type ReactNode, useId } from 'react';

/** One titled block inside a wizard step. */
export function StepSection({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="border-b border-slate-200 py-5 first:pt-0 last:border-b-0 dark:border-slate-800">
      <h3 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        {icon && <span className="text-orange-600 dark:text-orange-400">{icon}</span>}
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The row of Back / Continue buttons at the foot of a step. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 pt-5 sm:flex-row sm:items-center">{children}</div>;
}

/**
 * A step's Continue button, disabled until the step is complete, with the hint that says what is
 * still missing. After a Back button the hint and Continue sit together at the right; in a step
 * without one the hint stays at the left.
 */
export function ContinueAction({
  canContinue,
  hint,
  onContinue,
  afterBack = false,
}: {
  canContinue: boolean;
  hint: string;
  onContinue: () => void;
  afterBack?: boolean;
}) {
  const t = useT();
  const hintId = useId();
  const hintShown = !canContinue;
  return (
    <>
      {hintShown && (
        <p
          id={hintId}
          className={clsx('text-sm text-slate-600 dark:text-slate-400', afterBack && 'sm:ml-auto')}
        >
          {hint}
        </p>
      )}
      <button
        type="button"
        className={clsx('btn-primary', !(afterBack && hintShown) && 'sm:ml-auto')}
        onClick={onContinue}
        disabled={!canContinue}
        aria-describedby={hintShown ? hintId : undefined}
      >
        {t('common.continue')}
      </button>
    </>
  );
}
