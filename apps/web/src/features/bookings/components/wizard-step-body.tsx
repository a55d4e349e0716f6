import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { Dispatch } from 'react';
import type { TBookingTarget } from '../api/get-booking-target';
import type { TBookingFlowAction, TBookingFlowState } from '../lib/booking-flow';
import type { TWizardChoices } from '../lib/use-wizard-choices';
import { canContinue } from '../lib/wizard-rules';
import { ConfirmationStep } from './confirmation-step';
import { DateTimeStep } from './date-time-step';
import { LocationStaffStep } from './location-staff-step';
import { PaymentPending } from './payment-pending';
import { ReviewPayStep } from './review-pay-step';
import { placesAt, SplitWithFriends } from './split-with-friends';
import { Notice } from './wizard-frame';

interface StepProps {
  target: TBookingTarget;
  state: TBookingFlowState;
  dispatch: Dispatch<TBookingFlowAction>;
  choices: TWizardChoices;
}

/** Step 1: the date and the time (with the notice that the time chosen before was taken). */
function ChooseDateStep({ target, state, dispatch, choices, today }: StepProps & { today: string }) {
  return (
    <>
      {state.dateNotice && (
        <Notice onDismiss={() => dispatch({ type: 'dismissDateNotice' })}>{state.dateNotice}</Notice>
      )}
      <DateTimeStep
        today={today}
        lastDate={target.lastDate}
        date={state.date}
        time={state.time}
        quickDates={choices.quickDates}
        slots={choices.slotsQuery}
        onDate={(date) => dispatch({ type: 'setDate', date })}
        onTime={(time) => dispatch({ type: 'setTime', time })}
        onContinue={() => dispatch({ type: 'next' })}
        canContinue={canContinue(state)}
        waitlist={
          target.bookingType === 'quote'
            ? null
            : { bookingType: target.bookingType, entityId: target.id, branchId: state.branchId }
        }
      />
    </>
  );
}

/** Step 2: the branch and the staff member (or 'Any available staff'). */
function ChooseLocationStep({ state, dispatch, choices }: StepProps) {
  const t = useT();
  const { branchesQuery, timeWarning } = choices;
  if (branchesQuery.isError) {
    return (
      <Notice>
        {t('wizard.storeInfoMissing')}{' '}
        <button type="button" className="btn-secondary mt-2" onClick={() => void branchesQuery.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common.tryAgain')}
        </button>
      </Notice>
    );
  }
  return (
    <LocationStaffStep
      branches={choices.branches}
      branchId={state.branchId}
      staff={choices.staffQuery}
      staffId={state.staffId}
      onBranch={(branchId) => dispatch({ type: 'setBranch', branchId })}
      onStaff={(staffId) => dispatch({ type: 'setStaff', staffId })}
      onBack={() => dispatch({ type: 'back' })}
      onContinue={() => dispatch({ type: 'next' })}
      canContinue={canContinue(state) && !timeWarning}
      timeWarning={timeWarning}
      onChangeTime={() => dispatch({ type: 'goTo', step: 1 })}
    />
  );
}

/**
 * Step 3: review, notes, and pay the access fee or send the booking (or the request); an offer with
 * a fee can also be split with friends (issue 34).
 */
function ReviewStep({
  target,
  state,
  dispatch,
  choices,
  onConfirm,
  defaultPhone,
}: StepProps & { onConfirm: () => void; defaultPhone: string }) {
  const queryClient = useQueryClient();
  const review = (
    <ReviewPayStep
      details={{
        bookingType: target.bookingType,
        title: target.title,
        storeName: target.storeName,
        date: state.date,
        time: state.time ?? '',
        branchName: choices.chosenBranch?.name ?? '',
        staffName: choices.staffName,
        durationMinutes: target.durationMinutes,
      }}
      fee={{
        priceAtStore: target.priceAtStore,
        originalPrice: target.originalPrice,
        accessFee: choices.accessFee,
        accessFeeAmount: choices.accessFeeAmount,
      }}
      notes={state.notes}
      specialRequests={state.specialRequests}
      onNotes={(notes) => dispatch({ type: 'setNotes', notes })}
      onSpecialRequests={(specialRequests) => dispatch({ type: 'setSpecialRequests', specialRequests })}
      error={state.reviewError}
      busy={state.busy}
      onBack={() => dispatch({ type: 'back' })}
      onPay={() => dispatch({ type: 'openPhone' })}
      onConfirm={() => {
        if (target.confirmReason) dispatch({ type: 'openConfirm' });
        else onConfirm();
      }}
    />
  );
  if (target.bookingType !== 'offer' || choices.accessFeeAmount <= 0 || !state.time) return review;
  return (
    <>
      {review}
      <SplitWithFriends
        offerId={target.id}
        date={state.date}
        time={state.time}
        branchId={state.branchId ?? choices.branches[0]?.id ?? null}
        staffId={state.staffId}
        notes={state.notes}
        feePerPlace={choices.accessFee}
        placesLeft={placesAt(choices.slotsQuery.data, state.time)}
        defaultPhone={defaultPhone}
        onSlotTaken={() => void queryClient.invalidateQueries({ queryKey: ['bookings', 'slots'] })}
      />
    </>
  );
}

/**
 * The wizard's current step: date and time, location and staff, review and pay; then the payment
 * being waited for, and step 4's confirmation.
 */
export function WizardStepBody({
  today,
  polls,
  onConfirm,
  defaultPhone,
  ...props
}: StepProps & { today: string; polls: number; onConfirm: () => void; defaultPhone: string }) {
  const { state, target } = props;
  if (state.done && state.booking) {
    return <ConfirmationStep booking={state.booking} priceAtStore={target.priceAtStore} />;
  }
  if (state.payment) {
    return <PaymentPending amount={state.payment.amount} phone={state.payment.phone} polls={polls} />;
  }
  if (state.step === 1) return <ChooseDateStep {...props} today={today} />;
  if (state.step === 2) return <ChooseLocationStep {...props} />;
  return <ReviewStep {...props} onConfirm={onConfirm} defaultPhone={defaultPhone} />;
}
