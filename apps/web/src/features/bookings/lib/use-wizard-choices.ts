import { useMemo } from 'react';
import type { TBookingTarget } from '../api/get-booking-target';
import { useBranches, useStaff } from '../api/get-branches';
import { useSlots } from '../api/get-slots';
import { normalizeTime, quickSelectDates } from './booking-dates';
import type { TBookingFlowState } from './booking-flow';

/**
 * What the wizard's choices read from the server for the target (seed 000 §4): its branches, the slots
 * of the chosen date at the chosen (or default) branch, that branch's staff, and the access fee the
 * slots answer carries.
 */
export function useWizardChoices(target: TBookingTarget, state: TBookingFlowState, today: string) {
  const branchesQuery = useBranches(target.bookingType, target.id);
  const branches = branchesQuery.data?.branches ?? [];
  const defaultBranch = branchesQuery.data?.branch ?? branches[0] ?? null;
  const chosenBranch = branches.find((branch) => branch.id === state.branchId) ?? null;
  const hoursBranch = chosenBranch ?? defaultBranch;
  // None to tap until the store's working days are known: the days drawn before them (every day) were
  // taken away under the customer's finger when they came, and a tap on 'Sun' chose a closed day.
  const hoursKnown = !branchesQuery.isPending;
  const quickDates = useMemo(
    () =>
      hoursKnown ? quickSelectDates(today, hoursBranch?.workingDays ?? [], { last: target.lastDate }) : null,
    [hoursKnown, today, hoursBranch?.workingDays, target.lastDate],
  );

  const slotBranchId = state.branchId ?? defaultBranch?.id ?? null;
  const slotsQuery = useSlots(
    state.date !== '' && branchesQuery.isFetched
      ? { bookingType: target.bookingType, entityId: target.id, date: state.date, branchId: slotBranchId }
      : null,
  );
  const staffQuery = useStaff(target.bookingType, target.id, state.branchId);
  const staffName = staffQuery.data?.staff.find((member) => member.id === state.staffId)?.name ?? null;

  // A branch chosen in step 2 may not have the time picked in step 1 free.
  const slotsForChosenBranch =
    chosenBranch !== null && slotsQuery.isSuccess && !slotsQuery.isPlaceholderData && !slotsQuery.isFetching;
  const timeWarning =
    state.step === 2 &&
    slotsForChosenBranch &&
    state.time !== null &&
    !(slotsQuery.data?.availableSlots ?? []).map(normalizeTime).includes(state.time);

  const slotsData = slotsQuery.data;
  const isOffer = target.bookingType === 'offer';
  return {
    branchesQuery,
    branches,
    chosenBranch,
    quickDates,
    slotsQuery,
    staffQuery,
    staffName,
    timeWarning,
    accessFee: isOffer ? (slotsData?.accessFee ?? target.accessFee) : 0,
    accessFeeAmount: isOffer ? (slotsData?.accessFeeAmount ?? target.accessFeeAmount) : 0,
  };
}

export type TWizardChoices = ReturnType<typeof useWizardChoices>;
