import { relativeTime } from '@d3/shared/time/relative-time';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageIntro } from '../../../components/page-intro';
import { isApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import {
  cancelServiceRequest,
  completeServiceRequest,
  merchantToken,
  reviewProvider,
  serviceRequestErrorMessage,
  useRequestDetail,
} from '../api/service-requests-api';
import {
  LoginRequiredModal,
  MakeOfferModal,
  OfferCard,
  RequestFacts,
  StatusBadge,
} from '../components/request-components';
import { useOfferDecisions } from '../components/use-offer-decisions';

/** /service-request/{id}: the request, its offers for the owner, and the owner's actions. */
export function ServiceRequestPage() {
  const { requestId } = useParams();
  const token = useSession()?.token ?? null;
  const detail = useRequestDetail(token, requestId);
  const decisions = useOfferDecisions();
  const queryClient = useQueryClient();
  const [offering, setOffering] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  if (detail.isPending) {
    return (
      <>
        <PageIntro title="Service Request" />
        <div className="content-width py-10" role="status">
          Loading service request...
        </div>
      </>
    );
  }
  if (detail.isError) {
    const notFound = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <>
        <PageIntro title={notFound ? 'Service Request Not Found' : 'Service Request'} />
        <div className="content-width py-8">
          <p>
            {notFound
              ? 'This service request does not exist or was removed.'
              : serviceRequestErrorMessage(detail.error)}
          </p>
          <div className="mt-4 flex gap-3">
            {!notFound && (
              <button type="button" className="btn-secondary" onClick={() => void detail.refetch()}>
                Retry
              </button>
            )}
            <Link to="/service-requests" className="btn-primary">
              Browse Service Requests
            </Link>
          </div>
        </div>
      </>
    );
  }

  const { request, offers } = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['service-requests'] });
  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      toastSuccess((await action()).message);
      await refresh();
    } catch (error) {
      toastError(`Error: ${serviceRequestErrorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageIntro title={request.title}>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={request.status} />
          <span>{request.category}</span>
          <span>
            · Posted by {request.postedBy} · {relativeTime(request.postedTime, new Date())}
          </span>
        </div>
      </PageIntro>
      <div className="content-width grid gap-6 py-8 lg:grid-cols-[2fr_1fr]">
        <section className="card p-6">
          <Link
            to="/service-requests"
            className="inline-flex items-center gap-1 text-sm font-semibold text-orange-700"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to Service Requests
          </Link>
          <p className="mt-4 whitespace-pre-line">{request.description}</p>
          <RequestFacts request={request} className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
            {request.requirements.length > 0 && (
              <div className="sm:col-span-2">
                <dt className="font-semibold">Requirements</dt>
                <dd>{request.requirements.join(', ')}</dd>
              </div>
            )}
          </RequestFacts>
          {request.acceptedOffer && (
            <p className="mt-6 rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              Accepted offer: {request.acceptedOffer.storeName} · KSH{' '}
              {request.acceptedOffer.price.toLocaleString('en-KE')}
            </p>
          )}
          {request.isOwner && (
            <div className="mt-6 flex flex-wrap gap-3">
              {(request.status === 'active' || request.status === 'in_progress') && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() => void run(() => cancelServiceRequest(request.id))}
                >
                  Cancel Request
                </button>
              )}
              {request.status === 'in_progress' && (
                <button
                  type="button"
                  className="btn-primary"
                  disabled={busy}
                  onClick={() => void run(() => completeServiceRequest(request.id))}
                >
                  Mark as Completed
                </button>
              )}
            </div>
          )}
          {!request.isOwner && request.status === 'active' && !request.hasMyOffer && (
            <button
              type="button"
              className="btn-primary mt-6"
              onClick={() => (merchantToken() ? setOffering(true) : setLoginOpen(true))}
            >
              Make an Offer
            </button>
          )}
          {request.isOwner &&
            request.status === 'completed' &&
            !request.reviewed &&
            request.acceptedOffer && <ReviewForm requestId={request.id} onDone={() => void refresh()} />}
        </section>
        {request.isOwner && (
          <section aria-label="Offers" className="grid content-start gap-3">
            <h2 className="text-lg font-bold">Offers</h2>
            {offers.length === 0 ? (
              <p className="card p-4 text-sm">No offers yet</p>
            ) : (
              offers.map((offer) => (
                <OfferCard
                  key={offer.id}
                  offer={offer}
                  canDecide={request.status === 'active'}
                  canBook={request.isOwner}
                  {...decisions.cardProps}
                />
              ))
            )}
          </section>
        )}
      </div>
      <MakeOfferModal
        request={offering ? request : null}
        onOpenChange={(open) => !open && setOffering(false)}
      />
      <LoginRequiredModal
        open={loginOpen}
        onOpenChange={setLoginOpen}
        message="Please log in as a service provider to make an offer."
        returnTo={`/service-request/${request.id}`}
      />
      {decisions.dialog}
    </>
  );
}

function ReviewForm({ requestId, onDone }: { requestId: string; onDone: () => void }) {
  const ids = { rating: useId(), review: useId() };
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rating = Number(form.get('rating'));
    const review = String(form.get('review') ?? '').trim();
    if (!rating || !review) {
      setError('Please provide both a rating and a comment.');
      return;
    }
    try {
      await reviewProvider(requestId, { rating, review });
      toastSuccess('Review submitted successfully!');
      onDone();
    } catch (caught) {
      setError(serviceRequestErrorMessage(caught));
    }
  }
  return (
    <form
      className="mt-6 grid gap-3 border-t border-slate-200 pt-6 dark:border-slate-800"
      onSubmit={onSubmit}
      noValidate
    >
      <h2 className="font-bold">Review the provider</h2>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <label htmlFor={ids.rating} className="text-sm font-medium">
        Rating
      </label>
      <select id={ids.rating} name="rating" className="field" defaultValue="">
        <option value="">Choose 1 to 5</option>
        {[5, 4, 3, 2, 1].map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <label htmlFor={ids.review} className="text-sm font-medium">
        Review
      </label>
      <textarea id={ids.review} name="review" rows={3} maxLength={1000} className="field" />
      <button type="submit" className="btn-primary justify-self-start">
        Submit Review
      </button>
    </form>
  );
}
