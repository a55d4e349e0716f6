import { QUOTE_STATUSES } from '@d3/shared/service-requests/service-request-rules';
import * as Tabs from '@radix-ui/react-tabs';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { asChoices } from '../../../components/choice-select';
import { PageIntro } from '../../../components/page-intro';
import { useSession } from '../../../lib/use-session';
import { serviceRequestErrorMessage, useMyOffers, useMyRequests } from '../api/service-requests-api';
import { RequestCard } from '../components/request-components';
import {
  EmptyCard,
  LoadMore,
  RequestSearchField,
  SelectField,
  TabTrigger,
} from '../components/request-fields';
import { ReceivedOffersGrid, useOfferDecisions } from '../components/use-offer-decisions';
import { useRequestTexts } from '../lib/request-texts';

export const SEARCH_DEBOUNCE_MS = 300;

/** The Status filter of My Requests: the statuses of a posted request (pending is not offered). */
const REQUEST_STATUSES = ['active', 'in_progress', 'completed', 'cancelled'] as const;

/** /profile/service-requests: My Requests and My Offers with counts, search, status filter, Refresh, Load More. */
export function MyServiceRequestsPage() {
  const texts = useRequestTexts();
  const { t } = texts;
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
  const allStatuses = { value: 'all', label: t('requests.allStatuses') };
  /** The Status filter of My Offers: every status of a quote. */
  const statuses =
    tab === 'requests'
      ? [allStatuses, ...asChoices(REQUEST_STATUSES, texts.status)]
      : [allStatuses, ...asChoices(QUOTE_STATUSES, texts.quoteStatus)];

  return (
    <>
      <PageIntro title={t('requests.mineTitle')} lead={t('requests.mineLead')} />
      <div className="content-width py-8">
        <Tabs.Root value={tab} onValueChange={switchTab}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Tabs.List
              aria-label={t('requests.mineTabs')}
              className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
            >
              <TabTrigger value="requests">
                {t('requests.myRequestsCount', { count: requests.data?.total ?? 0 })}
              </TabTrigger>
              <TabTrigger value="offers">
                {t('requests.myOffersCount', { count: offers.data?.total ?? 0 })}
              </TabTrigger>
            </Tabs.List>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void Promise.all([requests.refetch(), offers.refetch()])}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('common.refresh')}
            </button>
          </div>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <RequestSearchField
              placeholder={tab === 'requests' ? t('requests.searchRequests') : t('requests.searchOffers')}
              value={searchText}
              onChange={setSearchText}
            />
            <SelectField
              id={statusId}
              label={t('requests.status')}
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
              <p role="status">{t('requests.loading')}</p>
            ) : current.isError ? (
              <div role="alert" className="card p-6">
                <p className="font-semibold">{t('requests.error')}</p>
                <p className="mt-1 text-sm">
                  {t(tab === 'requests' ? 'requests.fetchMineFailed' : 'requests.fetchOffersFailed', {
                    message: serviceRequestErrorMessage(current.error),
                  })}
                </p>
                <button type="button" className="btn-secondary mt-4" onClick={() => void current.refetch()}>
                  {t('common.retry')}
                </button>
              </div>
            ) : null}
          </div>

          <PagedTab
            value="requests"
            page={requests.data}
            empty={{
              title: t('requests.noneYet'),
              to: '/request-service',
              label: t('requests.create'),
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
            empty={{ title: t('requests.noOffers'), to: '/service-requests', label: t('requests.browse') }}
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
