import type { TOffer } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { IconLink } from '../../../components/icon-link';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/use-session';
import { type TBookingTarget, useBookingTarget } from '../api/get-booking-target';
import type { TWaitlistEntry } from '../api/waitlist';
import { BookingDialog } from '../components/booking-dialog';
import { BookingSummary } from '../components/booking-summary';
import { PhoneModal } from '../components/phone-modal';
import { WaitlistOffer } from '../components/waitlist-offer';
import { WizardProblem, WizardSkeleton } from '../components/wizard-frame';
import { WizardStepBody } from '../components/wizard-step-body';
import { WizardStepHeader } from '../components/wizard-step-header';
import { nairobiToday } from '../lib/booking-dates';
import { bookingFlowReducer, initialBookingFlow } from '../lib/booking-flow';
import { WIZARD_MESSAGES } from '../lib/booking-messages';
import { useBookingSubmit } from '../lib/use-booking-submit';
import { useWizardChoices } from '../lib/use-wizard-choices';
import { nairobiDateAndTime } from '../lib/waitlist-rules';
import { WIZARD_STEPS } from '../lib/wizard-rules';

interface TBookNavigationState {
  offerData?: TOffer;
  bookingType?: 'offer';
  storeId?: string;
}

/** /booking/offer/:offerId, /booking/service/:serviceId and the /store/:storeId/.../book forms. */
export function BookPage() {
  const { offerId, serviceId, quoteId } = useParams();
  const navState = (useLocation().state ?? null) as TBookNavigationState | null;
  const bookingType = offerId ? 'offer' : quoteId ? 'quote' : 'service';
  const id = offerId ?? quoteId ?? serviceId ?? '';
  const targetState = useBookingTarget(bookingType, id, navState?.offerData);
  const t = useT();

  if (targetState.kind === 'loading') return <WizardSkeleton />;
  if (targetState.kind === 'blocked' || targetState.kind === 'failed') {
    return (
      <WizardProblem
        title={targetState.title}
        message={targetState.message}
        onRetry={targetState.kind === 'failed' ? targetState.retry : undefined}
        backTo={bookingType === 'offer' ? '/hotdeals' : '/stores'}
        backLabel={t(bookingType === 'offer' ? 'wizard.browseOffers' : 'wizard.browseServices')}
      />
    );
  }
  return <BookingWizard key={targetState.target.id} target={targetState.target} />;
}

/** Each step starts at the top with its heading focused, so keyboard and screen-reader users land on it. */
function useStepFocus(step: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the step changes.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step]);
  return heading;
}

/**
 * The booking wizard (seed 000 §4): the flow's state (`lib/booking-flow.ts`), what its choices read
 * (`lib/use-wizard-choices.ts`), its requests (`lib/use-booking-submit.ts`), and the frame around the
 * current step (`components/wizard-step-body.tsx`).
 */
function BookingWizard({ target }: { target: TBookingTarget }) {
  const t = useT();
  useDocumentTitle(t('wizard.docTitle', { title: target.title }));
  const token = useSession()?.token ?? null;
  const user = useCurrentUser(token).data;
  const [today] = useState(() => nairobiToday());
  const [state, dispatch] = useReducer(bookingFlowReducer, initialBookingFlow);
  const choices = useWizardChoices(target, state, today);
  const { accessFeeAmount } = choices;
  const { confirmWithoutPayment, payWith, polls } = useBookingSubmit({
    target,
    state,
    dispatch,
    user,
    accessFeeAmount,
  });

  // Opened from a waitlist offer (issue 36): the held slot is chosen for the customer.
  const waitId = useSearchParams()[0].get('waitlist');
  const chooseHeld = useCallback((entry: TWaitlistEntry) => {
    const { date, time } = nairobiDateAndTime(entry.startTime);
    dispatch({ type: 'setBranch', branchId: entry.branchId });
    dispatch({ type: 'setDate', date });
    dispatch({ type: 'setTime', time });
  }, []);

  const stepHeading = useStepFocus(state.step);
  const stepHeadingId = useId();
  const { payment, reviewError, busy } = state;
  // Waiting for payment, or back from it with a problem: the customer sees the top of the step.
  useEffect(() => {
    if (payment || reviewError) window.scrollTo({ top: 0 });
  }, [payment, reviewError]);

  const stepLabelId = WIZARD_STEPS.find((entry) => entry.step === state.step)?.label;
  const stepLabel = stepLabelId ? t(stepLabelId) : '';
  const pending = payment !== null;
  const detailPath =
    target.detailPath ?? (target.bookingType === 'offer' ? `/offer/${target.id}` : `/service/${target.id}`);

  return (
    <div className="content-width py-6 sm:py-10">
      {!state.done && (
        <IconLink
          to={detailPath}
          icon={ArrowLeft}
          className="focus-ring mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400"
        >
          {t(target.bookingType === 'offer' ? 'wizard.backToOffer' : 'wizard.backToService')}
        </IconLink>
      )}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t('wizard.title', { title: target.title })}
      </h1>
      <p className="mt-1 text-base text-slate-600 dark:text-slate-300">{target.storeName}</p>
      {waitId && !state.done && <WaitlistOffer waitId={waitId} onHeld={chooseHeld} />}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="card min-w-0 p-4 sm:p-6">
          <WizardStepHeader
            state={state}
            locked={pending || busy}
            onGoTo={(step) => dispatch({ type: 'goTo', step })}
          />
          <section
            aria-labelledby={stepHeadingId}
            className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800"
          >
            <h2
              id={stepHeadingId}
              ref={stepHeading}
              tabIndex={-1}
              className={
                state.done || pending
                  ? 'sr-only'
                  : 'mb-5 text-xl font-bold text-slate-900 outline-none dark:text-white'
              }
            >
              {t('wizard.stepOf', { step: state.step, label: stepLabel })}
            </h2>
            <WizardStepBody
              target={target}
              state={state}
              dispatch={dispatch}
              choices={choices}
              today={today}
              polls={polls}
              onConfirm={() => void confirmWithoutPayment()}
              defaultPhone={user?.phoneNumber ?? ''}
            />
          </section>
        </div>
        <BookingSummary
          target={target}
          date={state.date}
          time={state.time}
          branchName={choices.chosenBranch?.name ?? null}
          staffName={choices.staffName}
          accessFee={choices.accessFee}
        />
      </div>

      <PhoneModal
        open={state.phoneOpen}
        onOpenChange={(open) => dispatch({ type: open ? 'openPhone' : 'closePhone' })}
        defaultPhone={user?.phoneNumber ?? ''}
        amount={accessFeeAmount}
        busy={busy}
        serverError={state.phoneError}
        onSubmit={(phone) => void payWith(phone)}
      />

      <BookingDialog
        open={state.confirmOpen}
        onOpenChange={(open) => dispatch({ type: open ? 'openConfirm' : 'closeConfirm' })}
        title={t('wizard.sendRequestTitle')}
        description={
          target.confirmReason === 'dynamic'
            ? WIZARD_MESSAGES.dynamicConfirm
            : WIZARD_MESSAGES.manualReviewConfirm
        }
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => dispatch({ type: 'closeConfirm' })}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn-primary" onClick={() => void confirmWithoutPayment()}>
            {t('wizard.sendRequest')}
          </button>
        </div>
      </BookingDialog>
    </div>
  );
}
