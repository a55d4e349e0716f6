import { toCents, writeAmount } from '@d3/shared/catalogue/pricing-rules';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { IconLink } from '../../../components/icon-link';
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
import { useRequestTexts } from '../lib/request-texts';

/** /service-request/{id}: the request, its offers for the owner, and the owner's actions. */
export function ServiceRequestPage() {
  const texts = useRequestTexts();
  const { t } = texts;
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
        <PageIntro title={t('requests.serviceRequestTitle')} />
        <div className="content-width py-10" role="status">
          {t('requests.loadingOne')}
        </div>
      </>
    );
  }
  if (detail.isError) {
    const notFound = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <>
        <PageIntro title={notFound ? t('requests.notFoundTitle') : t('requests.serviceRequestTitle')} />
        <div className="content-width py-8">
          <p>{notFound ? t('requests.notFoundText') : serviceRequestErrorMessage(detail.error)}</p>
          <div className="mt-4 flex gap-3">
            {!notFound && (
              <button type="button" className="btn-secondary" onClick={() => void detail.refetch()}>
                {t('common.retry')}
              </button>
            )}
            <Link to="/service-requests" className="btn-primary">
              {t('requests.browse')}
            </Link>
          </div>
        </div>
      </>
    );
  }

  const { request, offers } = detail.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['service-requests'] });
  /** The action's own words on success (never the server's English). */
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toastSuccess(done);
      await refresh();
    } catch (error) {
      toastError(t('requests.errorIs', { message: serviceRequestErrorMessage(error) }));
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
            · {t('requests.postedBy', { name: request.postedBy })} · {texts.posted(request.postedTime)}
          </span>
        </div>
      </PageIntro>
      <div className="content-width grid gap-6 py-8 lg:grid-cols-[2fr_1fr]">
        <section className="card p-6">
          <IconLink
            to="/service-requests"
            icon={ArrowLeft}
            className="inline-flex items-center gap-1 text-sm font-semibold text-orange-700"
          >
            {t('requests.back')}
          </IconLink>
          <p className="mt-4 whitespace-pre-line">{request.description}</p>
          <RequestFacts request={request} className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
            {request.requirements.length > 0 && (
              <div className="sm:col-span-2">
                <dt className="font-semibold">{t('requests.requirements')}</dt>
                <dd>{request.requirements.map(texts.requirement).join(', ')}</dd>
              </div>
            )}
          </RequestFacts>
          {request.acceptedOffer && (
            <p className="mt-6 rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
              {t('requests.acceptedOffer', {
                store: request.acceptedOffer.storeName,
                price: writeAmount(toCents(request.acceptedOffer.price), 'trim'),
              })}
            </p>
          )}
          {request.isOwner && (
            <div className="mt-6 flex flex-wrap gap-3">
              {(request.status === 'active' || request.status === 'in_progress') && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={busy}
                  onClick={() =>
                    void run(() => cancelServiceRequest(request.id), t('requests.msg.requestCancelled'))
                  }
                >
                  {t('requests.cancelRequest')}
                </button>
              )}
              {request.status === 'in_progress' && (
                <button
                  type="button"
                  className="btn-primary"
                  disabled={busy}
                  onClick={() =>
                    void run(() => completeServiceRequest(request.id), t('requests.msg.requestCompleted'))
                  }
                >
                  {t('requests.markCompleted')}
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
              {t('requests.makeOffer')}
            </button>
          )}
          {request.isOwner &&
            request.status === 'completed' &&
            !request.reviewed &&
            request.acceptedOffer && <ReviewForm requestId={request.id} onDone={() => void refresh()} />}
        </section>
        {request.isOwner && (
          <section aria-label={t('requests.offers')} className="grid content-start gap-3">
            <h2 className="text-lg font-bold">{t('requests.offers')}</h2>
            {offers.length === 0 ? (
              <p className="card p-4 text-sm">{t('requests.noOffers')}</p>
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
        message={t('requests.loginAsProvider')}
        returnTo={`/service-request/${request.id}`}
      />
      {decisions.dialog}
    </>
  );
}

function ReviewForm({ requestId, onDone }: { requestId: string; onDone: () => void }) {
  const { t } = useRequestTexts();
  const ids = { rating: useId(), review: useId() };
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rating = Number(form.get('rating'));
    const review = String(form.get('review') ?? '').trim();
    if (!rating || !review) {
      setError(t('requests.reviewBoth'));
      return;
    }
    try {
      await reviewProvider(requestId, { rating, review });
      toastSuccess(t('requests.msg.reviewSaved'));
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
      <h2 className="font-bold">{t('requests.reviewTitle')}</h2>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <label htmlFor={ids.rating} className="text-sm font-medium">
        {t('requests.rating')}
      </label>
      <select id={ids.rating} name="rating" className="field" defaultValue="">
        <option value="">{t('requests.chooseRating')}</option>
        {[5, 4, 3, 2, 1].map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <label htmlFor={ids.review} className="text-sm font-medium">
        {t('requests.review')}
      </label>
      <textarea id={ids.review} name="review" rows={3} maxLength={1000} className="field" />
      <button type="submit" className="btn-primary justify-self-start">
        {t('requests.submitReview')}
      </button>
    </form>
  );
}
