import { useT } from '@d3/ui';
import { MessageSquareText, TrendingUp } from 'lucide-react';
import { StoreListSection as StoreList } from '../../../components/store-list-section';
import { useStoreLists } from '../api/get-store-lists';

/** Each list: its anchor, its title's message id, its icon, and where the response holds its stores. */
const LISTS = [
  { id: 'trending-stores', title: 'results.trendingStores', icon: TrendingUp, stores: 'trending' },
  {
    id: 'most-reviewed-stores',
    title: 'results.mostReviewedStores',
    icon: MessageSquareText,
    stores: 'mostReviewed',
  },
] as const;

/** The search landing's store lists (seed 000 §9): Trending Stores (8) and Most Reviewed Stores (8). */
export function SearchStoreLists() {
  const t = useT();
  const { data, isPending, isError } = useStoreLists(true);
  if (isError) return null;
  return (
    <div className="space-y-10">
      {LISTS.map((list) => (
        <StoreList
          key={list.id}
          id={list.id}
          title={t(list.title)}
          icon={list.icon}
          stores={data?.[list.stores]}
          loading={isPending}
        />
      ))}
    </div>
  );
}
