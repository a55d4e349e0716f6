/**
 * The booking wizard's rules (seed 000 §4 "Wizard", seed 001 §2), pure so each one is tested on its own:
 * 1→2 needs a date and a time, 2→3 needs a branch, 3→4 only once the booking is made (and paid);
 * the header goes back freely and forward only to completed steps; a new date clears the time and a new
 * branch clears the staff member.
 */

export type TWizardStep = 1 | 2 | 3 | 4;

export const WIZARD_STEPS: readonly { step: TWizardStep; label: string }[] = [
  { step: 1, label: 'wizard.step.dateTime' },
  { step: 2, label: 'wizard.step.location' },
  { step: 3, label: 'wizard.step.review' },
  { step: 4, label: 'wizard.step.confirmation' },
];

export interface TWizardState {
  step: TWizardStep;
  /** The furthest step reached so far. */
  furthest: TWizardStep;
  date: string;
  time: string | null;
  branchId: string | null;
  staffId: string | null;
  /** Set when the booking is made (and, for an offer with a fee, paid): the wizard is finished. */
  done: boolean;
}

export const initialWizardState: TWizardState = {
  step: 1,
  furthest: 1,
  date: '',
  time: null,
  branchId: null,
  staffId: null,
  done: false,
};

export type TWizardAction =
  | { type: 'setDate'; date: string }
  | { type: 'setTime'; time: string | null }
  | { type: 'setBranch'; branchId: string | null }
  | { type: 'setStaff'; staffId: string | null }
  | { type: 'goTo'; step: TWizardStep }
  | { type: 'next' }
  | { type: 'back' }
  /** The chosen time was taken: back to step 1 to choose again. */
  | { type: 'slotTaken' }
  | { type: 'finished' };

/** Whether everything the step asks for is filled in. */
export function isStepComplete(state: TWizardState, step: TWizardStep): boolean {
  switch (step) {
    case 1:
      return state.date !== '' && state.time !== null;
    case 2:
      return isStepComplete(state, 1) && state.branchId !== null;
    case 3:
    case 4:
      return state.done;
  }
}

/** Whether the header may take the customer to `target`. */
export function canGoTo(state: TWizardState, target: TWizardStep): boolean {
  if (state.done) return target === 4;
  if (target === 4) return false;
  if (target <= state.step) return true;
  if (target > state.furthest) return false;
  for (let step = 1; step < target; step += 1) {
    if (!isStepComplete(state, step as TWizardStep)) return false;
  }
  return true;
}

/** Whether the step's Continue button may move on (step 3 moves on by booking, not by Continue). */
export function canContinue(state: TWizardState): boolean {
  return (state.step === 1 || state.step === 2) && isStepComplete(state, state.step);
}

function moveTo<S extends TWizardState>(state: S, step: TWizardStep): S {
  return { ...state, step, furthest: step > state.furthest ? step : state.furthest };
}

/** Generic so a larger state (`booking-flow.ts`) keeps its other fields through it. */
export function wizardReducer<S extends TWizardState>(state: S, action: TWizardAction): S {
  if (state.done && action.type !== 'goTo') return state;
  switch (action.type) {
    case 'setDate':
      return action.date === state.date ? state : { ...state, date: action.date, time: null };
    case 'setTime':
      return { ...state, time: action.time };
    case 'setBranch':
      return action.branchId === state.branchId
        ? state
        : { ...state, branchId: action.branchId, staffId: null };
    case 'setStaff':
      return { ...state, staffId: action.staffId };
    case 'goTo':
      return canGoTo(state, action.step) ? moveTo(state, action.step) : state;
    case 'next':
      return canContinue(state) ? moveTo(state, (state.step + 1) as TWizardStep) : state;
    case 'back':
      return state.step > 1 ? { ...state, step: (state.step - 1) as TWizardStep } : state;
    case 'slotTaken':
      return { ...state, step: 1, time: null };
    case 'finished':
      return { ...state, done: true, step: 4, furthest: 4 };
  }
}
