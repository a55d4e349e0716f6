import { useQueryClient } from '@tanstack/react-query';
import { MapPin, Store, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '../../../components/page-intro';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { RatingStars } from '../../catalogue/components/rating-stars';
import { StoreLogo } from '../../catalogue/components/store-logo';
import { profileKeys, type TFollowedStore, toggleFollow, useFollowedStores } from '../api/profile-api';
import { CardGridSkeleton, EmptyPanel, ErrorPanel } from '../components/profile-states';

function FollowedStoreCard({
  store,
  onUnfollow,
  busy,
}: {
  store: TFollowedStore;
  onUnfollow: () => void;
  busy: boolean;
}) {
  return (
    <article className="card flex h-full flex-col p-4" aria-label={store.name}>
      <div className="flex items-start gap-3">
        <StoreLogo name={store.name} logoUrl={store.logo_url} size="md" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-bold text-slate-900 dark:text-white">{store.name}</h2>
          {store.location && (
            <p className="mt-0.5 flex items-center gap-1 truncate text-sm text-slate-500 dark:text-slate-400">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              {store.location}
            </p>
          )}
          <RatingStars rating={store.rating} reviewCount={store.totalReviews} className="mt-1" />
        </div>
      </div>
      {store.description && (
        <p className="mt-3 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{store.description}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1 text-slate-600 dark:text-slate-300">
          <Users aria-hidden="true" className="size-4" />
          {store.followers} {store.followers === 1 ? 'follower' : 'followers'}
        </span>
        <span className="text-slate-600 dark:text-slate-300">
          {store.totalReviews} {store.totalReviews === 1 ? 'review' : 'reviews'}
        </span>
        {store.cashback > 0 && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
            Discounts upto {store.cashback}%
          </span>
        )}
      </div>
      <div className="mt-auto grid grid-cols-2 gap-3 pt-4">
        <Link to={`/store/${store.id}`} className="btn-primary">
          View Store
        </Link>
        <button type="button" onClick={onUnfollow} disabled={busy} className="btn-secondary">
          {busy ? 'Unfollowing...' : 'Unfollow'}
        </button>
      </div>
    </article>
  );
}

export function FollowedStoresPage() {
  const token = useSession()?.token ?? null;
  const queryClient = useQueryClient();
  const storesQuery = useFollowedStores(token);
  const stores = storesQuery.data ?? [];
  const [busyId, setBusyId] = useState<string | null>(null);

  const unfollow = async (store: TFollowedStore) => {
    setBusyId(store.id);
    try {
      const result = await toggleFollow(store.id);
      if (result.following) throw new Error('still following');
      queryClient.setQueryData<TFollowedStore[]>(profileKeys.followedStores(token), (old) =>
        (old ?? []).filter((item) => item.id !== store.id),
      );
      void queryClient.invalidateQueries({ queryKey: ['users', 'service-statistics'] });
      toastSuccess(result.message || 'Store unfollowed successfully');
    } catch {
      toastError('Failed to unfollow store');
      void storesQuery.refetch();
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <PageIntro
        title="Followed Stores"
        lead={
          storesQuery.isSuccess
            ? `You follow ${stores.length} ${stores.length === 1 ? 'store' : 'stores'}.`
            : undefined
        }
      />
      <div className="content-width py-6 sm:py-10">
        {storesQuery.isError ? (
          <ErrorPanel message="Failed to fetch followed stores" onRetry={() => void storesQuery.refetch()} />
        ) : storesQuery.isPending && token !== null ? (
          <CardGridSkeleton label="Loading followed stores..." />
        ) : stores.length === 0 ? (
          <EmptyPanel
            icon={<Store aria-hidden="true" className="size-7" />}
            title="No followed stores yet"
            message="Follow stores to hear about their newest deals first."
          >
            <Link to="/stores" className="btn-primary">
              <Store aria-hidden="true" className="size-4" />
              Discover Stores
            </Link>
          </EmptyPanel>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {stores.map((store) => (
              <li key={store.id}>
                <FollowedStoreCard
                  store={store}
                  busy={busyId === store.id}
                  onUnfollow={() => void unfollow(store)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
