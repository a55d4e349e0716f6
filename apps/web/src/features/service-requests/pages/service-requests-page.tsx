import { toCents, writeAmount } from '@d3/shared/catalogue/pricing-rules';
import { BUDGET_RANGES, REQUEST_TIMELINES } from '@d3/shared/service-requests/service-request-rules';
import * as Tabs from '@radix-ui/react-tabs';
import { ClipboardList, Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { asChoices } from '../../../components/choice-select';
import { Pagination } from '../../../components/pagination';
import type { PageReads } from '../../../lib/api/server-read';
import { decodeTokenClaims } from '../../../lib/auth-token';
import { useDocumentTitle } from '../../../lib/document-title';
import { useListParams } from '../../../lib/use-list-params';
import { useSession } from '../../../lib/use-session';
import {
  merchantToken,
  type PublicListParams,
  publicRequestsQuery,
  requestCategoriesQuery,
  serviceRequestErrorMessage,
  type TServiceRequest,
  useMyOffers,
  useMyRequests,
  usePublicRequests,
  useRequestCategories,
  useRequestDetail,
} from '../api/service-requests-api';
import {
  LoginRequiredModal,
  MakeOfferModal,
  Modal,
  OfferCard,
  RequestCard,
  RequestFacts,
  StatusBadge,
} from '../components/request-components';
import { EmptyCard, RequestSearchField, SelectField, TabTrigger } from '../components/request-fields';
import { ReceivedOffersGrid, useOfferDecisions } from '../components/use-offer-decisions';
import { useRequestTexts } from '../lib/request-texts';

export const SEARCH_DEBOUNCE_MS = 300;

type Tab = 'all' | 'offers' | 'past';

function readParams(search: URLSearchParams): PublicListParams {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    category: search.get('category') ?? '',
    budget: search.get('budget') ?? '',
    timeline: search.get('timeline') ?? '',
    search: search.get('q') ?? '',
  };
}

function writeParams(params: PublicListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.category) out.set('category', params.category);
  if (params.budget) out.set('budget', params.budget);
  if (params.timeline) out.set('timeline', params.timeline);
  if (params.search.trim()) out.set('q', params.search.trim());
  if (params.page > 1) out.set('page', String(params.page));
  return out;
}

/** What the page reads for its address, signed out (the server's render: app/router.tsx). */
export const serverReads: PageReads = ({ search }) => [
  publicRequestsQuery(null, readParams(search)),
  requestCategoriesQuery,
];

/** Seed 000 §2 "Service requests": the public list with filters, tabs, details, offers and the modals. */
export function ServiceRequestsPage() {
  const texts = useRequestTexts();
  const { t } = texts;
  useDocumentTitle(t('requests.boardTitle'));
  const session = useSession();
  const token = session?.token ?? null;
  const isCustomer = token !== null && decodeTokenClaims(token)?.role !== 'merchant';
  const navigate = useNavigate();
  const { params, update: updateParams } = useListParams(readParams, writeParams);
  const [tab, setTab] = useState<Tab>('all');
  const [searchText, setSearchText] = useState(params.search);
  const [viewing, setViewing] = useState<TServiceRequest | null>(null);
  const [offering, setOffering] = useState<TServiceRequest | null>(null);
  const [loginMessage, setLoginMessage] = useState<string | null>(null);
  const ids = { category: useId(), budget: useId(), timeline: useId() };

  const list = usePublicRequests(token, params);
  const categories = useRequestCategories();
  const categoryNames = (categories.data?.categories ?? []).map((category) => category.name);
  const offers = useMyOffers(token, 'all', '', 1, isCustomer && tab === 'offers');
  const past = useMyRequests(token, 'past', '', 1, isCustomer && tab === 'past');
  const decisions = useOfferDecisions();

  const update = (patch: Partial<PublicListParams>) => updateParams({ page: 1, ...patch }, { replace: true });

  useEffect(() => {
    if (searchText === params.search) return;
    const timer = window.setTimeout(() => update({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const postRequest = () => {
    if (!token) setLoginMessage(t('requests.loginToPost'));
    else navigate('/request-service');
  };
  const makeOffer = (request: TServiceRequest) => {
    if (merchantToken()) setOffering(request);
    else setLoginMessage(t('requests.loginAsProvider'));
  };

  const requests = list.data?.requests ?? [];
  const totalPages = list.data?.pagination.totalPages ?? 1;

  return (
    <>
      <section className="bg-gradient-to-br from-orange-700 to-red-700 text-white dark:from-orange-800 dark:to-red-900">
        <div className="content-width py-12 sm:py-16">
          <h1 className="max-w-2xl text-3xl font-bold tracking-tight">{t('requests.boardTitle')}</h1>
          <p className="mt-3 max-w-2xl text-base text-orange-50 sm:text-lg">{t('requests.boardLead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {/* A real link (issue 32): before the page is live it opens the form (which sends a
                signed-out visitor to sign-in and back); once live, a signed-out visitor is told first. */}
            <a
              href="/request-service"
              onClick={(event) => {
                event.preventDefault();
                postRequest();
              }}
              className="btn bg-white text-orange-700 hover:bg-orange-50 focus-visible:ring-white focus-visible:ring-offset-orange-700"
            >
              <ClipboardList aria-hidden="true" className="size-4" />
              {t('requests.postRequest')}
            </a>
            <Link
              to="/search"
              className="btn border border-white/60 text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-orange-700"
            >
              <Search aria-hidden="true" className="size-4" />
              {t('requests.browseDiscounted')}
            </Link>
          </div>
        </div>
      </section>

      <div className="content-width py-8 sm:py-10">
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Tabs.List
              aria-label={t('requests.views')}
              className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
            >
              <TabTrigger value="all" className="tab-trigger">
                {t('requests.all')}
              </TabTrigger>
              {isCustomer && (
                <>
                  <TabTrigger value="offers">{t('requests.myOffers')}</TabTrigger>
                  <TabTrigger value="past">{t('requests.past')}</TabTrigger>
                </>
              )}
            </Tabs.List>
            <a
              href="/request-service"
              className="btn-primary"
              onClick={(event) => {
                event.preventDefault();
                postRequest();
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('requests.postARequest')}
            </a>
          </div>

          <Tabs.Content value="all" className="mt-6">
            {/* The cards' h3s sit under a heading of their own (issue 32: no skipped level). */}
            <h2 className="sr-only">{t('requests.serviceRequests')}</h2>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <RequestSearchField
                placeholder={t('requests.searchRequests')}
                value={searchText}
                onChange={setSearchText}
              />
              {(
                [
                  ['category', t('requests.category'), t('requests.allCategories'), asChoices(categoryNames)],
                  [
                    'budget',
                    t('requests.budget'),
                    t('requests.allBudgets'),
                    asChoices(BUDGET_RANGES, texts.budget),
                  ],
                  [
                    'timeline',
                    t('requests.timeline'),
                    t('requests.anyTimeline'),
                    asChoices(REQUEST_TIMELINES, texts.timeline),
                  ],
                ] as const
              ).map(([key, label, blank, choices]) => (
                <SelectField
                  key={key}
                  id={ids[key]}
                  label={label}
                  value={params[key]}
                  onChange={(event) => update({ [key]: event.target.value })}
                  blank={blank}
                  choices={choices}
                />
              ))}
            </div>

            <div className="mt-6">
              {list.isPending ? (
                <p role="status">{t('requests.loadingList')}</p>
              ) : list.isError ? (
                <div role="alert" className="card p-6">
                  <p className="font-semibold">{t('requests.error')}</p>
                  <p className="mt-1 text-sm">{serviceRequestErrorMessage(list.error)}</p>
                  <button type="button" className="btn-secondary mt-4" onClick={() => void list.refetch()}>
                    {t('common.retry')}
                  </button>
                </div>
              ) : requests.length === 0 ? (
                <EmptyCard title={t('requests.noneFound')}>
                  <button type="button" className="btn-primary mt-4" onClick={postRequest}>
                    {t('requests.postFirst')}
                  </button>
                </EmptyCard>
              ) : (
                <>
                  <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                    {requests.map((request) => (
                      <RequestCard
                        key={request.id}
                        request={request}
                        onViewDetails={setViewing}
                        onMakeOffer={isCustomer ? undefined : makeOffer}
                      />
                    ))}
                  </div>
                  <Pagination
                    className="mt-8"
                    page={params.page}
                    totalPages={totalPages}
                    onPageChange={(page) => update({ page })}
                  />
                </>
              )}
            </div>
          </Tabs.Content>

          {isCustomer && (
            <Tabs.Content value="offers" className="mt-6">
              {offers.isPending ? (
                <p role="status">{t('requests.loadingOffers')}</p>
              ) : (offers.data?.items ?? []).length === 0 ? (
                <EmptyCard title={t('requests.noOffers')} />
              ) : (
                <ReceivedOffersGrid offers={offers.data?.items ?? []} decisions={decisions} />
              )}
            </Tabs.Content>
          )}

          {isCustomer && (
            <Tabs.Content value="past" className="mt-6">
              {past.isPending ? (
                <p role="status">{t('requests.loadingPast')}</p>
              ) : (past.data?.items ?? []).length === 0 ? (
                <EmptyCard title={t('requests.noPast')} />
              ) : (
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {(past.data?.items ?? []).map((request) => (
                    <RequestCard key={request.id} request={request} onViewDetails={setViewing} />
                  ))}
                </div>
              )}
            </Tabs.Content>
          )}
        </Tabs.Root>
      </div>

      <RequestDetailsModal request={viewing} onClose={() => setViewing(null)} decisions={decisions} />
      <MakeOfferModal request={offering} onOpenChange={(open) => !open && setOffering(null)} />
      <LoginRequiredModal
        open={loginMessage !== null}
        onOpenChange={(open) => !open && setLoginMessage(null)}
        message={loginMessage ?? undefined}
      />
      {decisions.dialog}
    </>
  );
}

function RequestDetailsModal({
  request,
  onClose,
  decisions,
}: {
  request: TServiceRequest | null;
  onClose: () => void;
  decisions: ReturnType<typeof useOfferDecisions>;
}) {
  const texts = useRequestTexts();
  const { t } = texts;
  const token = useSession()?.token ?? null;
  const detail = useRequestDetail(token, request?.id);
  const shown = detail.data?.request ?? request;
  const offers = detail.data?.offers ?? [];
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shown?.title ?? t('requests.request')}
      wide
    >
      {shown && (
        <div className="mt-3 grid gap-3 text-sm">
          <div className="flex flex-wrap gap-2">
            <StatusBadge status={shown.status} />
            <span>{shown.category}</span>
          </div>
          <p>{shown.description}</p>
          <RequestFacts request={shown} className="grid gap-1 sm:grid-cols-2" />
          {shown.requirements.length > 0 && (
            <p>
              {t('requests.requirementsAre', { list: shown.requirements.map(texts.requirement).join(', ') })}
            </p>
          )}
          {shown.acceptedOffer && (
            <p className="font-semibold text-emerald-700 dark:text-emerald-300">
              {t('requests.acceptedShort', {
                store: shown.acceptedOffer.storeName,
                price: writeAmount(toCents(shown.acceptedOffer.price), 'trim'),
              })}
            </p>
          )}
          {shown.isOwner && (
            <section aria-label={t('requests.offers')} className="grid gap-3">
              <h3 className="font-bold">{t('requests.offers')}</h3>
              {offers.length === 0 ? (
                <p>{t('requests.noOffers')}</p>
              ) : (
                offers.map((offer) => (
                  <OfferCard
                    key={offer.id}
                    offer={offer}
                    canDecide={shown.status === 'active'}
                    {...decisions.cardProps}
                  />
                ))
              )}
            </section>
          )}
          <Link
            to={`/service-request/${shown.id}`}
            className="text-sm font-semibold text-orange-700 underline"
          >
            {t('requests.openFullPage')}
          </Link>
        </div>
      )}
    </Modal>
  );
}
