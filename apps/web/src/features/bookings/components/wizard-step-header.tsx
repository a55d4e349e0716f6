import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import {
  canGoTo,
  isStepComplete,
  type TWizardState,
  type TWizardStep,
  WIZARD_STEPS,
} from '../lib/wizard-rules';

/**
 * The four steps as buttons: earlier steps and completed later ones can be opened, others are disabled
 * (seed 001 §2). While a payment is pending every step is locked.
 */
export function WizardStepHeader({
  state,
  onGoTo,
  locked = false,
}: {
  state: TWizardState;
  onGoTo: (step: TWizardStep) => void;
  locked?: boolean;
}) {
  const t = useT();
  return (
    <nav aria-label={t('wizard.steps')}>
      <ol className="grid grid-cols-4 gap-2">
        {WIZARD_STEPS.map(({ step, label }) => {
          const current = state.step === step;
          const complete = state.done || (step < 3 && step <= state.furthest && isStepComplete(state, step));
          const enabled = !locked && !current && canGoTo(state, step);
          return (
            <li key={step} className="min-w-0">
              <button
                type="button"
                onClick={() => onGoTo(step)}
                disabled={!enabled}
                aria-current={current ? 'step' : undefined}
                className={clsx(
                  'focus-ring group flex w-full flex-col items-center gap-1.5 rounded-lg p-1 text-center disabled:cursor-default sm:flex-row sm:gap-2 sm:text-left',
                  enabled && 'hover:bg-slate-100 dark:hover:bg-slate-800',
                )}
              >
                <span
                  className={clsx(
                    'grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold',
                    current
                      ? 'bg-primary-strong text-white'
                      : complete
                        ? 'bg-emerald-600 text-white'
                        : 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
                  )}
                >
                  {complete && !current ? <Check aria-hidden="true" className="size-4" /> : step}
                </span>
                <span
                  className={clsx(
                    'text-xs leading-tight font-medium sm:text-sm',
                    current ? 'text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-400',
                  )}
                >
                  <span className="sr-only">{t('wizard.stepNumber', { step })} </span>
                  {t(label)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
