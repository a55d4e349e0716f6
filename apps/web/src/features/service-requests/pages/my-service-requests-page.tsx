import { QUOTE_STATUSES, requestStatusLabel } from '@d3/shared/service-requests/service-request-rules';
import * as Tabs from '@radix-ui/react-tabs';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { asChoices, type TChoice } from '../../../components/choice-select';
import { PageIntro } from '../../../components/page-intro';
import { useSession } from '../../../lib/use-session';
import { serviceRequestErrorMessage, useMyOffers, useMyRequests } from '../api/service-requests-api';
import { quoteStatusLabel, RequestCard } from '../components/request-components';
import {
  EmptyCard,
  LoadMore,
  RequestSearchField,
  SelectField,
  TabTrigger,
} from '../components/request-fields';
import { ReceivedOffersGrid, useOfferDecisions } from '../components/use-offer-decisions';

export const SEARCH_DEBOUNCE_MS = 300;

const ALL_STATUSES: TChoice = { value: 'all', label: 'All statuses' };
/** The Status filter of My Requests: the statuses of a posted request (pending is not offered). */
const REQUEST_STATUSES = [
  ALL_STATUSES,
  ...asChoices(['active', 'in_progress', 'completed', 'cancelled'] as const, requestStatusLabel),
];
/** The Status filter of My Offers: every status of a quote. */
const OFFER_STATUSES = [ALL_STATUSES, ...asChoices(QUOTE_STATUSES, quoteStatusLabel)];

/** /profile/service-requests: My Requests and My Offers with counts, search, status filter, Refresh, Load More. */
export function MyServiceRequestsPage() {
  const token = useSession()?.token ?? null;
  const navigate = useNavigate();
  const [tab, setTab] = useState<'requests' | 'offers'>('requests');
  const [status, setStatus] = useState('all');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState(1);
  const statusId = useId();
  const requests = useMyRequests(
    token,
    tab === 'requests' ? status : 'all',
    tab === 'requests' ? search : '',
    tab === 'requests' ? pages : 1,
  );
  const offers = useMyOffers(
    token,
    tab === 'offers' ? status : 'all',
    tab === 'offers' ? search : '',
    tab === 'offers' ? pages : 1,
  );
  const decisions = useOfferDecisions();

  useEffect(() => {
    if (searchText === search) return;
    const timer = window.setTimeout(() => {
      setSearch(searchText);
      setPages(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, search]);

  const switchTab = (value: string) => {
    setTab(value as 'requests' | 'offers');
    setStatus('all');
    setPages(1);
  };
  const current = tab === 'requests' ? requests : offers;
  const statuses = tab === 'requests' ? REQUEST_STATUSES : OFFER_STATUSES;

  return (
    <>
      <PageIntro
        title="My Service Requests"
        lead="Your service requests and the offers providers sent you."
      />
      <div className="content-width py-8">
        <Tabs.Root value={tab} onValueChange={switchTab}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Tabs.List
              aria-label="My service requests"
              className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
            >
              <TabTrigger value="requests">My Requests ({requests.data?.total ?? 0})</TabTrigger>
              <TabTrigger value="offers">My Offers ({offers.data?.total ?? 0})</TabTrigger>
            </Tabs.List>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void Promise.all([requests.refetch(), offers.refetch()])}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              Refresh
            </button>
          </div>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <RequestSearchField
              placeholder={tab === 'requests' ? 'Search requests...' : 'Search offers...'}
              value={searchText}
              onChange={setSearchText}
            />
            <SelectField
              id={statusId}
              label="Status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value);
                setPages(1);
              }}
              choices={statuses}
            />
          </div>

          <div className="mt-6">
            {current.isPending ? (
              <p role="status">Loading...</p>
            ) : current.isError ? (
              <div role="alert" className="card p-6">
                <p className="font-semibold">Error</p>
                <p className="mt-1 text-sm">
                  {tab === 'requests'
                    ? 'Failed to fetch your service requests'
                    : 'Failed to fetch your offers'}
                  : {serviceRequestErrorMessage(current.error)}
                </p>
                <button type="button" className="btn-secondary mt-4" onClick={() => void current.refetch()}>
                  Retry
                </button>
              </div>
            ) : null}
          </div>

          <PagedTab
            value="requests"
            page={requests.data}
            empty={{
              title: 'No service requests yet',
              to: '/request-service',
              label: 'Create Service Request',
            }}
            onLoadMore={() => setPages(pages + 1)}
          >
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {(requests.data?.items ?? []).map((request) => (
                <RequestCard
                  key={request.id}
                  request={request}
                  onViewDetails={(chosen) => navigate(`/service-request/${chosen.id}`)}
                />
              ))}
            </div>
          </PagedTab>
          <PagedTab
            value="offers"
            page={offers.data}
            empty={{ title: 'No offers yet', to: '/service-requests', label: 'Browse Service Requests' }}
            onLoadMore={() => setPages(pages + 1)}
          >
            <ReceivedOffersGrid offers={offers.data?.items ?? []} decisions={decisions} canBook />
          </PagedTab>
        </Tabs.Root>
      </div>
      {decisions.dialog}
    </>
  );
}

/** One tab's list: where to go when it is empty, else the list, and Load More while pages remain. */
function PagedTab({
  value,
  page,
  empty,
  onLoadMore,
  children,
}: {
  value: string;
  page: { items: readonly unknown[]; hasNextPage: boolean } | undefined;
  empty: { title: string; to: string; label: string };
  onLoadMore: () => void;
  children: ReactNode;
}) {
  return (
    <Tabs.Content value={value}>
      {page && page.items.length === 0 ? (
        <EmptyCard title={empty.title}>
          <Link to={empty.to} className="btn-primary mt-4">
            {empty.label}
          </Link>
        </EmptyCard>
      ) : (
        children
      )}
      {page?.hasNextPage && <LoadMore onClick={onLoadMore} />}
    </Tabs.Content>
  );
}
