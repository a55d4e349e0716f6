import { topStoresOrder } from '@d3/shared/catalogue/deal-rules';
import { useT } from '@d3/ui';

import { StoreCard, StoreCardSkeleton } from '../../../components/store-card';
import { useStores } from '../../../lib/api/list-stores';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { useSlicedData } from '../../../lib/use-sliced-data';
import { ReloadButton, SectionHeader, SectionLink, SectionMessage } from './section-header';

export const TOP_STORES_SHOWN = 8;

/** Top Stores: 8, Popular first, then by review count, then rating (topStoresOrder). */
export function TopStores({ location }: { location?: string }) {
  const t = useT();
  const stores = useStores({ sortBy: 'popular', limit: TOP_STORES_SHOWN, location });
  const sliced = useSlicedData(stores.data);
  const shown = [...(sliced.data?.stores ?? [])].sort(topStoresOrder).slice(0, TOP_STORES_SHOWN);
  return (
    <section aria-labelledby="top-stores-heading" className="content-width below-fold py-10 sm:py-12">
      <SectionHeader id="top-stores-heading" title={t('home.topStores.title')}>
        <SectionLink to="/stores">{t('home.topStores.all')}</SectionLink>
      </SectionHeader>
      {stores.isError ? (
        <SectionMessage
          tone="error"
          title={userErrorMessage(stores.error)}
          action={<ReloadButton onClick={() => void stores.refetch()}>{t('common.retry')}</ReloadButton>}
        />
      ) : stores.isPending || sliced.arriving ? (
        <ul aria-busy="true" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: TOP_STORES_SHOWN }, (_, position) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={position}>
              <StoreCardSkeleton />
            </li>
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <SectionMessage title={t('home.topStores.empty')} />
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {shown.map((store) => (
            <li key={store.id} className="flex">
              <StoreCard store={store} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
