import type { TOffer } from '@d3/shared/catalogue/catalogue-schemas';
import { formatAccessFee, formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, CalendarDays, Clock, MapPin, RefreshCw, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EntityImage } from '../../../components/entity-image';
import { PageMessage } from '../../../components/state-panels';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/use-session';
import { bookingErrorMessage, isSlotTaken } from '../api/booking-errors';
import type { TBooking, TCreateBookingRequest } from '../api/booking-types';
import { createBooking } from '../api/create-booking';
import { getBooking } from '../api/get-booking';
import { type TBookingTarget, useBookingTarget } from '../api/get-booking-target';
import { useBranches, useStaff } from '../api/get-branches';
import { useSlots } from '../api/get-slots';
import { initiateMpesaPayment, paymentPollQuery, type TMpesaRequest } from '../api/payments';
import { userBookingsKeys } from '../api/user-bookings';
import { BookingDialog } from '../components/booking-dialog';
import { ConfirmationStep } from '../components/confirmation-step';
import { DateTimeStep } from '../components/date-time-step';
import { LocationStaffStep } from '../components/location-staff-step';
import { PaymentPending } from '../components/payment-pending';
import { PhoneModal } from '../components/phone-modal';
import { ReviewPayStep } from '../components/review-pay-step';
import { SplitWithFriends } from '../components/split-with-friends';
import { WizardStepHeader } from '../components/wizard-step-header';
import {
  localStartTime,
  longDayLabel,
  nairobiToday,
  normalizeTime,
  quickSelectDates,
} from '../lib/booking-dates';
import { bookingFlowReducer, initialBookingFlow } from '../lib/booking-flow';
import { WIZARD_MESSAGES } from '../lib/booking-messages';
import { canContinue, WIZARD_STEPS } from '../lib/wizard-rules';

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

  if (targetState.kind === 'loading') return <WizardSkeleton />;
  if (targetState.kind === 'blocked' || targetState.kind === 'failed') {
    return (
      <WizardProblem
        title={targetState.title}
        message={targetState.message}
        onRetry={targetState.kind === 'failed' ? targetState.retry : undefined}
        backTo={bookingType === 'offer' ? '/hotdeals' : '/stores'}
        backLabel={bookingType === 'offer' ? 'Browse Offers' : 'Browse Services'}
      />
    );
  }
  return <BookingWizard key={targetState.target.id} target={targetState.target} />;
}

function BookingWizard({ target }: { target: TBookingTarget }) {
  useDocumentTitle(`Book ${target.title}`);
  const token = useSession()?.token ?? null;
  const user = useCurrentUser(token).data;
  const queryClient = useQueryClient();
  const [today] = useState(() => nairobiToday());
  const [state, dispatch] = useReducer(bookingFlowReducer, initialBookingFlow);

  const branchesQuery = useBranches(target.bookingType, target.id);
  const branches = branchesQuery.data?.branches ?? [];
  const defaultBranch = branchesQuery.data?.branch ?? branches[0] ?? null;
  const chosenBranch = branches.find((branch) => branch.id === state.branchId) ?? null;
  const hoursBranch = chosenBranch ?? defaultBranch;
  const quickDates = useMemo(
    () => quickSelectDates(today, hoursBranch?.workingDays ?? [], { last: target.lastDate }),
    [today, hoursBranch?.workingDays, target.lastDate],
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
  const accessFee = target.bookingType === 'offer' ? (slotsData?.accessFee ?? target.accessFee) : 0;
  const accessFeeAmount =
    target.bookingType === 'offer' ? (slotsData?.accessFeeAmount ?? target.accessFeeAmount) : 0;

  // Each step starts at the top with its heading focused, so keyboard and screen-reader users land on it.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepHeadingId = useId();
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the step changes.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    stepHeading.current?.focus({ preventScroll: true });
  }, [state.step]);

  const { payment, reviewError, busy } = state;
  // Waiting for payment, or back from it with a problem: the customer sees the top of the step.
  useEffect(() => {
    if (payment || reviewError) window.scrollTo({ top: 0 });
  }, [payment, reviewError]);

  const refreshSlots = () => queryClient.invalidateQueries({ queryKey: ['bookings', 'slots'] });
  const refreshMyBookings = () => queryClient.invalidateQueries({ queryKey: userBookingsKeys.all });
  const createMutation = useMutation({ mutationFn: createBooking });
  const payMutation = useMutation({
    mutationFn: (request: TMpesaRequest) => initiateMpesaPayment(request, crypto.randomUUID()),
  });

  const finish = (made: TBooking) => {
    void refreshMyBookings();
    dispatch({ type: 'finished', booking: made });
  };

  /** POST the booking; a taken slot sends the customer back to step 1 with fresh slots. */
  async function create(phone?: string): Promise<{ booking: TBooking; paymentRequired: boolean } | null> {
    if (state.time === null) return null;
    const notes = state.notes.trim();
    const specialRequests = state.specialRequests.trim();
    const body: TCreateBookingRequest = {
      startTime: localStartTime(state.date, state.time),
      bookingType: target.bookingType,
      storeId: target.storeId,
      ...(state.branchId ? { branchId: state.branchId } : {}),
      ...(state.staffId ? { staffId: state.staffId } : {}),
      ...(notes ? { notes } : {}),
      ...(specialRequests ? { specialRequests } : {}),
      ...(target.bookingType === 'offer'
        ? { offerId: target.id }
        : target.bookingType === 'quote'
          ? { quoteId: target.id }
          : { serviceId: target.id }),
    };
    const clientPhone = phone ?? user?.phoneNumber ?? '';
    if (user) {
      body.clientInfo = {
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        phone: clientPhone,
      };
    }
    if (phone) {
      body.paymentData = { amount: accessFeeAmount, currency: 'KES', method: 'mpesa', phoneNumber: phone };
    }
    try {
      const made = await createMutation.mutateAsync(body);
      dispatch({ type: 'created', booking: made.booking });
      return made;
    } catch (error) {
      if (isSlotTaken(error)) {
        dispatch({ type: 'slotTaken', message: bookingErrorMessage(error) });
        void refreshSlots();
      } else {
        dispatch({ type: 'createFailed', message: bookingErrorMessage(error) });
      }
      return null;
    }
  }

  async function confirmWithoutPayment() {
    dispatch({ type: 'submit' });
    const made = await create();
    if (made) finish(made.booking);
  }

  async function payWith(phone: string) {
    dispatch({ type: 'submit' });
    let current = state.booking;
    if (!current) {
      const made = await create(phone);
      if (!made) return;
      if (!made.paymentRequired) {
        finish(made.booking);
        return;
      }
      current = made.booking;
    }
    try {
      const answer = await payMutation.mutateAsync({
        phoneNumber: phone,
        amount: accessFeeAmount,
        bookingId: current.id,
      });
      dispatch({
        type: 'paymentStarted',
        payment: {
          id: answer.payment.id,
          phone,
          amount: answer.payment.amount ?? accessFeeAmount,
          bookingId: current.id,
        },
      });
    } catch (error) {
      const phoneProblem =
        isApiError(error) && error.code === 'VALIDATION_ERROR' && error.fieldErrors.phoneNumber;
      if (phoneProblem) {
        dispatch({ type: 'phoneRefused', message: phoneProblem });
      } else {
        // The server refused this booking's payment (e.g. its hold ran out): the next try books afresh.
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        dispatch({ type: 'paymentNotStarted', forgetBooking: refused });
      }
    }
  }

  // While a payment is pending its status is read every 5 s, at most 60 times (seed 001 §4).
  const pollQuery = useQuery({ ...paymentPollQuery(payment?.id ?? ''), enabled: payment !== null });
  const poll = payment ? pollQuery.data : undefined;
  const polls = poll?.polls ?? 0;
  const pollOutcome = poll?.outcome ?? 'pending';
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once when this payment's wait ends.
  useEffect(() => {
    if (!payment || pollOutcome === 'pending') return;
    const paymentId = payment.id;
    if (pollOutcome !== 'completed') {
      dispatch({ type: 'paymentEnded', paymentId, outcome: pollOutcome, paid: null });
      void refreshSlots();
      return;
    }
    let live = true;
    void getBooking(payment.bookingId)
      .catch(() => null)
      .then((paid) => {
        if (!live) return;
        if (paid) void refreshMyBookings();
        dispatch({ type: 'paymentEnded', paymentId, outcome: 'completed', paid });
      });
    return () => {
      live = false;
    };
  }, [payment, pollOutcome]);

  const stepLabel = WIZARD_STEPS.find((entry) => entry.step === state.step)?.label ?? '';
  const pending = payment !== null;

  let content: ReactNode;
  if (state.done && state.booking) {
    content = <ConfirmationStep booking={state.booking} priceAtStore={target.priceAtStore} />;
  } else if (pending) {
    content = <PaymentPending amount={payment.amount} phone={payment.phone} polls={polls} />;
  } else if (state.step === 1) {
    content = (
      <>
        {state.dateNotice && (
          <Notice onDismiss={() => dispatch({ type: 'dismissDateNotice' })}>{state.dateNotice}</Notice>
        )}
        <DateTimeStep
          today={today}
          lastDate={target.lastDate}
          date={state.date}
          time={state.time}
          quickDates={quickDates}
          slots={slotsQuery}
          onDate={(date) => dispatch({ type: 'setDate', date })}
          onTime={(time) => dispatch({ type: 'setTime', time })}
          onContinue={() => dispatch({ type: 'next' })}
          canContinue={canContinue(state)}
        />
      </>
    );
  } else if (state.step === 2) {
    content = branchesQuery.isError ? (
      <Notice>
        Store information not available. Please refresh the page.{' '}
        <button type="button" className="btn-secondary mt-2" onClick={() => void branchesQuery.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try Again
        </button>
      </Notice>
    ) : (
      <LocationStaffStep
        branches={branches}
        branchId={state.branchId}
        staff={staffQuery}
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
  } else {
    content = (
      <>
        <ReviewPayStep
          details={{
            bookingType: target.bookingType,
            title: target.title,
            storeName: target.storeName,
            date: state.date,
            time: state.time ?? '',
            branchName: chosenBranch?.name ?? '',
            staffName,
            durationMinutes: target.durationMinutes,
          }}
          fee={{
            priceAtStore: target.priceAtStore,
            originalPrice: target.originalPrice,
            accessFee,
            accessFeeAmount,
          }}
          notes={state.notes}
          specialRequests={state.specialRequests}
          onNotes={(notes) => dispatch({ type: 'setNotes', notes })}
          onSpecialRequests={(specialRequests) => dispatch({ type: 'setSpecialRequests', specialRequests })}
          error={reviewError}
          busy={busy}
          onBack={() => dispatch({ type: 'back' })}
          onPay={() => dispatch({ type: 'openPhone' })}
          onConfirm={() => {
            if (target.confirmReason) dispatch({ type: 'openConfirm' });
            else void confirmWithoutPayment();
          }}
        />
        {target.bookingType === 'offer' && accessFeeAmount > 0 && state.time && !payment && (
          <SplitWithFriends
            offerId={target.id}
            date={state.date}
            time={state.time}
            branchId={state.branchId ?? defaultBranch?.id ?? null}
            staffId={state.staffId}
            notes={state.notes}
            feePerPlace={accessFee}
            placesLeft={placesAt(slotsData, state.time)}
            defaultPhone={user?.phoneNumber ?? ''}
            onSlotTaken={() => void refreshSlots()}
          />
        )}
      </>
    );
  }

  const detailPath =
    target.detailPath ?? (target.bookingType === 'offer' ? `/offer/${target.id}` : `/service/${target.id}`);

  return (
    <div className="content-width py-6 sm:py-10">
      {!state.done && (
        <Link
          to={detailPath}
          className="focus-ring mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-orange-700 dark:text-slate-300 dark:hover:text-orange-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to {target.bookingType === 'offer' ? 'offer' : 'service'}
        </Link>
      )}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        Book {target.title}
      </h1>
      <p className="mt-1 text-base text-slate-600 dark:text-slate-300">{target.storeName}</p>

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
              Step {state.step} of 4: {stepLabel}
            </h2>
            {content}
          </section>
        </div>
        <BookingSummary
          target={target}
          date={state.date}
          time={state.time}
          branchName={chosenBranch?.name ?? null}
          staffName={staffName}
          accessFee={accessFee}
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
        title="Send booking request?"
        description={
          target.confirmReason === 'dynamic'
            ? WIZARD_MESSAGES.dynamicConfirm
            : WIZARD_MESSAGES.manualReviewConfirm
        }
      >
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => dispatch({ type: 'closeConfirm' })}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={() => void confirmWithoutPayment()}>
            Send Booking Request
          </button>
        </div>
      </BookingDialog>
    </div>
  );
}

function Notice({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div
      role="alert"
      className="mb-5 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex-1">{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="focus-ring rounded px-1 text-xs font-semibold underline-offset-2 hover:underline"
        >
          Dismiss
        </button>
      )}
    </div>
  );
}

function SummaryLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
      <span className="mt-0.5 text-slate-400">{icon}</span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

function BookingSummary({
  target,
  date,
  time,
  branchName,
  staffName,
  accessFee,
}: {
  target: TBookingTarget;
  date: string;
  time: string | null;
  branchName: string | null;
  staffName: string | null;
  accessFee: number;
}) {
  return (
    <aside aria-label="Booking summary" className="card self-start overflow-hidden lg:sticky lg:top-24">
      <div className="hidden aspect-[16/9] bg-slate-100 sm:block dark:bg-slate-800">
        <EntityImage src={target.imageUrl} name={target.title} decorative className="size-full" />
      </div>
      <div className="p-4">
        <p className="text-xs font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400">
          {target.bookingType === 'offer' ? 'Offer' : 'Service'}
        </p>
        <p className="mt-1 font-semibold text-slate-900 dark:text-white">{target.title}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{target.storeName}</p>
        <ul className="mt-4 space-y-2">
          <SummaryLine icon={<CalendarDays aria-hidden="true" className="size-4" />}>
            {date ? longDayLabel(date) : 'No date chosen yet'}
          </SummaryLine>
          <SummaryLine icon={<Clock aria-hidden="true" className="size-4" />}>
            {time ?? 'No time chosen yet'}
            {time && target.durationMinutes ? ` · ${target.durationMinutes} min` : ''}
          </SummaryLine>
          <SummaryLine icon={<MapPin aria-hidden="true" className="size-4" />}>
            {branchName ?? 'No location chosen yet'}
          </SummaryLine>
          {branchName && (
            <SummaryLine icon={<UserRound aria-hidden="true" className="size-4" />}>
              {staffName ?? 'Any available staff'}
            </SummaryLine>
          )}
        </ul>
        <div className="mt-4 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
          {target.bookingType === 'offer' ? (
            <>
              {target.priceAtStore !== null && (
                <p className="flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                  <span>Pay at the store</span>
                  <span className="font-semibold">{formatKesShort(target.priceAtStore)}</span>
                </p>
              )}
              <p className="mt-1 flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                <span>Access fee (M-Pesa)</span>
                <span className="font-semibold">{formatAccessFee(accessFee)}</span>
              </p>
            </>
          ) : (
            <>
              <p className="flex justify-between gap-3 text-slate-700 dark:text-slate-200">
                <span>Price</span>
                <span className="font-semibold">
                  {target.priceAtStore !== null ? formatKesShort(target.priceAtStore) : 'Custom quote'}
                </span>
              </p>
              <p className="mt-1 text-slate-600 dark:text-slate-300">No access fee</p>
            </>
          )}
        </div>
      </div>
    </aside>
  );
}

function WizardSkeleton() {
  useDocumentTitle('Book');
  const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';
  return (
    <div className="content-width py-6 sm:py-10" aria-busy="true">
      <span className="sr-only" role="status">
        Loading booking...
      </span>
      <div className={`${bar} h-8 w-64`} />
      <div className={`${bar} mt-3 h-4 w-40`} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className={`${bar} h-96`} />
        <div className={`${bar} h-72`} />
      </div>
    </div>
  );
}

function WizardProblem({
  title,
  message,
  onRetry,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  backTo: string;
  backLabel: string;
}) {
  return (
    <PageMessage
      figure={
        <AlertTriangle aria-hidden="true" className="mx-auto size-12 text-amber-600 dark:text-amber-400" />
      }
      title={title}
      message={message}
      alert
    >
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {onRetry && (
          <button type="button" className="btn-primary" onClick={onRetry}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Try Again
          </button>
        )}
        <Link to={backTo} className={onRetry ? 'btn-secondary' : 'btn-primary'}>
          {backLabel}
        </Link>
      </div>
    </PageMessage>
  );
}

/** Places still free at the chosen time (issue 34: how big a group may split it); 1 when unknown. */
function placesAt(
  slots: { detailedSlots?: { time: string; available: number }[] } | undefined,
  time: string,
): number {
  const slot = slots?.detailedSlots?.find((candidate) => normalizeTime(candidate.time) === time);
  return slot?.available ?? 1;
}
