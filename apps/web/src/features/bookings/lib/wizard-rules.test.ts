import { describe, expect, it } from 'vitest';
import {
  canContinue,
  canGoTo,
  initialWizardState,
  isStepComplete,
  type TWizardAction,
  type TWizardState,
  wizardReducer,
} from './wizard-rules';

function run(...actions: TWizardAction[]): TWizardState {
  return actions.reduce(wizardReducer, initialWizardState);
}

const chooseDateAndTime: TWizardAction[] = [
  { type: 'setDate', date: '2030-01-07' },
  { type: 'setTime', time: '10:00' },
];

/** A date, a time and branch b1 chosen: the customer is at step 3. */
const toStepThree: TWizardAction[] = [
  ...chooseDateAndTime,
  { type: 'next' },
  { type: 'setBranch', branchId: 'b1' },
  { type: 'next' },
];

describe('wizard rules', () => {
  it('step 1 → 2 needs a date and a time', () => {
    expect(canContinue(run({ type: 'setDate', date: '2030-01-07' }))).toBe(false);
    expect(run({ type: 'setDate', date: '2030-01-07' }, { type: 'next' }).step).toBe(1);
    expect(run(...chooseDateAndTime, { type: 'next' }).step).toBe(2);
  });

  it('step 2 → 3 needs a branch', () => {
    const atTwo = run(...chooseDateAndTime, { type: 'next' });
    expect(wizardReducer(atTwo, { type: 'next' }).step).toBe(2);
    const withBranch = wizardReducer(atTwo, { type: 'setBranch', branchId: 'b1' });
    expect(wizardReducer(withBranch, { type: 'next' }).step).toBe(3);
  });

  it('step 3 never moves on by Continue: only a made booking finishes the wizard', () => {
    const atThree = run(...toStepThree);
    expect(canContinue(atThree)).toBe(false);
    expect(wizardReducer(atThree, { type: 'next' }).step).toBe(3);
    expect(canGoTo(atThree, 4)).toBe(false);
    const done = wizardReducer(atThree, { type: 'finished' });
    expect(done).toMatchObject({ step: 4, done: true });
    expect(isStepComplete(done, 3)).toBe(true);
  });

  it('a new date clears the time; the same date keeps it', () => {
    const chosen = run(...chooseDateAndTime);
    expect(wizardReducer(chosen, { type: 'setDate', date: '2030-01-07' }).time).toBe('10:00');
    expect(wizardReducer(chosen, { type: 'setDate', date: '2030-01-08' })).toMatchObject({
      date: '2030-01-08',
      time: null,
    });
  });

  it('a new branch clears the staff member; the same branch keeps them', () => {
    const chosen = run({ type: 'setBranch', branchId: 'b1' }, { type: 'setStaff', staffId: 's1' });
    expect(wizardReducer(chosen, { type: 'setBranch', branchId: 'b1' }).staffId).toBe('s1');
    expect(wizardReducer(chosen, { type: 'setBranch', branchId: 'b2' })).toMatchObject({
      branchId: 'b2',
      staffId: null,
    });
  });

  it('the header goes back freely', () => {
    const atThree = run(...toStepThree);
    expect(canGoTo(atThree, 1)).toBe(true);
    expect(wizardReducer(atThree, { type: 'goTo', step: 1 }).step).toBe(1);
    expect(wizardReducer(atThree, { type: 'goTo', step: 2 }).step).toBe(2);
  });

  it('the header goes forward only to completed steps', () => {
    const fresh = run(...chooseDateAndTime);
    expect(canGoTo(fresh, 2)).toBe(false); // not reached yet, even though step 1 is complete
    const backAtOne = run(...toStepThree, { type: 'goTo', step: 1 });
    expect(canGoTo(backAtOne, 2)).toBe(true);
    expect(canGoTo(backAtOne, 3)).toBe(true);
    expect(wizardReducer(backAtOne, { type: 'goTo', step: 3 }).step).toBe(3);
    // A new date clears the time: step 1 is no longer complete, so 2 and 3 close again.
    const newDate = wizardReducer(backAtOne, { type: 'setDate', date: '2030-01-09' });
    expect(canGoTo(newDate, 2)).toBe(false);
    expect(canGoTo(newDate, 3)).toBe(false);
    expect(wizardReducer(newDate, { type: 'goTo', step: 3 }).step).toBe(1);
  });

  it('a taken slot sends the customer back to step 1 without a time', () => {
    const atThree = run(...toStepThree);
    const taken = wizardReducer(atThree, { type: 'slotTaken' });
    expect(taken).toMatchObject({ step: 1, time: null, date: '2030-01-07', branchId: 'b1' });
  });

  it('a finished wizard stays on the confirmation', () => {
    const done = wizardReducer(run(...chooseDateAndTime), { type: 'finished' });
    expect(canGoTo(done, 1)).toBe(false);
    expect(wizardReducer(done, { type: 'goTo', step: 1 }).step).toBe(4);
    expect(wizardReducer(done, { type: 'setDate', date: '2030-02-01' })).toBe(done);
  });
});
