import { WAITLIST_OFFER_MINUTES } from '@d3/shared/bookings/waitlist-schemas';
import { useErrorText, useT } from '@d3/ui';
import { BellRing, ListPlus, LogIn, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { IconLink } from '../../../components/icon-link';
import { isApiError } from '../../../lib/api-client';
import { signInUrlFor } from '../../../lib/sign-in';
import { useSession } from '../../../lib/use-session';
import { useJoinWaitlist, useLeaveWaitlist, useMyWaits } from '../api/waitlist';
import { type TWaitTarget, waitForSlot } from '../lib/waitlist-rules';
import { WaitlistLoadFailed } from './waitlist-states';

/** The full slot the customer picked, and what its waitlist is joined with (issue 36). */
export interface TFullSlot extends TWaitTarget {
  time: string;
  /** The slot's start as the slot list answers it (ISO with the Nairobi offset). */
  startTime: string;
}

const panel =
  'mt-4 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100';

/** An error of a waitlist call in the reader's language (the API's own words for its codes). */
function useWaitlistError() {
  const errorText = useErrorText();
  const t = useT();
  return (error: unknown) =>
    isApiError(error) ? errorText(error.code, error.message) : t('waitlist.failed');
}

/**
 * Under the slot grid, for a full time the customer picked: join its waitlist (signed in), see they
 * are on it and their place in line, or leave it. A visitor is asked to sign in first.
 */
export function SlotWaitlist({ slot, onClose }: { slot: TFullSlot; onClose: () => void }) {
  const t = useT();
  const token = useSession()?.token ?? null;
  const location = useLocation();
  const waits = useMyWaits(token);
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const errorOf = useWaitlistError();
  const wait = waitForSlot(waits.data ?? [], slot);
  const busy = join.isPending || leave.isPending;
  const titleId = useId();
  // Joining swaps Join for Leave (and back): keyboard focus follows to the new button.
  const action = useRef<HTMLButtonElement>(null);
  const acted = useRef(false);
  const waitId = wait?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the wait comes or goes.
  useEffect(() => {
    if (!acted.current) return;
    acted.current = false;
    action.current?.focus();
  }, [waitId]);

  const close = (
    <button
      type="button"
      onClick={onClose}
      aria-label={t('waitlist.close')}
      className="focus-ring -m-1 grid size-9 shrink-0 place-items-center rounded-full text-sky-900 hover:bg-sky-100 dark:text-sky-100 dark:hover:bg-sky-500/20"
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  );

  let body: ReactNode;
  if (token === null) {
    const back = `${location.pathname}${location.search}`;
    body = (
      <>
        <p className="mt-1">{t('waitlist.signInLead')}</p>
        <IconLink to={signInUrlFor(back)} icon={LogIn} className="btn-primary mt-3 inline-flex">
          {t('waitlist.signIn')}
        </IconLink>
      </>
    );
  } else if (waits.isPending) {
    body = (
      <p role="status" className="mt-1">
        {t('waitlist.checking')}
      </p>
    );
  } else if (waits.isError) {
    body = <WaitlistLoadFailed className="mt-1" onRetry={() => void waits.refetch()} />;
  } else if (wait) {
    body = (
      <>
        <p className="mt-1">
          {wait.position !== null
            ? t('waitlist.position', { position: wait.position })
            : t('waitlist.onItLead')}
        </p>
        <p className="mt-1">{t('waitlist.tellYou', { minutes: WAITLIST_OFFER_MINUTES })}</p>
        <button
          type="button"
          className="btn-secondary mt-3"
          ref={action}
          disabled={busy}
          onClick={() => {
            acted.current = true;
            join.reset();
            leave.mutate(wait.id);
          }}
        >
          {leave.isPending ? t('waitlist.leaving') : t('waitlist.leave')}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <p className="mt-1">{t('waitlist.joinLead', { minutes: WAITLIST_OFFER_MINUTES })}</p>
        <button
          type="button"
          className="btn-primary mt-3"
          ref={action}
          disabled={busy}
          onClick={() => {
            acted.current = true;
            leave.reset();
            join.mutate({
              startTime: slot.startTime,
              ...(slot.branchId ? { branchId: slot.branchId } : {}),
              ...(slot.bookingType === 'offer' ? { offerId: slot.entityId } : { serviceId: slot.entityId }),
            });
          }}
        >
          <ListPlus aria-hidden="true" className="size-4" />
          {join.isPending ? t('waitlist.joining') : t('waitlist.join')}
        </button>
      </>
    );
  }

  const failed = join.error ?? leave.error;
  return (
    <section aria-labelledby={titleId} className={panel}>
      <div className="flex items-start gap-2">
        <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold">
            {wait ? t('waitlist.onTitle', { time: slot.time }) : t('waitlist.fullTitle', { time: slot.time })}
          </h3>
          {body}
          <p aria-live="polite" className="mt-2 font-medium empty:hidden">
            {join.isSuccess && wait ? t('waitlist.joined') : ''}
            {leave.isSuccess && !wait ? t('waitlist.left', { time: slot.time }) : ''}
          </p>
          {failed && (
            <p role="alert" className="mt-2 font-medium text-red-800 dark:text-red-300">
              {errorOf(failed)}
            </p>
          )}
        </div>
        {close}
      </div>
    </section>
  );
}
