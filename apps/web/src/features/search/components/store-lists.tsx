import { useT } from '@d3/ui';
import { MessageSquareText, TrendingUp } from 'lucide-react';
import { StoreListSection as StoreList } from '../../../components/store-list-section';
import { useStoreLists } from '../api/get-store-lists';

/** The search landing's store lists (seed 000 §9): Trending Stores (8) and Most Reviewed Stores (8). */
export function SearchStoreLists() {
  const t = useT();
  const { data, isPending, isError } = useStoreLists(true);
  if (isError) return null;
  return (
    <div className="space-y-10">
      <StoreList
        id="trending-stores"
        title={t('results.trendingStores')}
        icon={<TrendingUp aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-400" />}
        stores={data?.trending}
        loading={isPending}
      />
      <StoreList
        id="most-reviewed-stores"
        title={t('results.mostReviewedStores')}
        icon={
          <MessageSquareText aria-hidden="true" className="size-5 text-orange-600 dark:text-orange-400" />
        }
        stores={data?.mostReviewed}
        loading={isPending}
      />
    </div>
  );
}
