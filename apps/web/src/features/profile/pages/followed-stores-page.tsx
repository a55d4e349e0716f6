import { MapPin, Store, Users } from 'lucide-react';
import { Link } from 'react-router';
import { IconLink } from '../../../components/icon-link';
import { PageIntro } from '../../../components/page-intro';
import { RatingStars } from '../../../components/rating-stars';
import { EmptyPanel, ErrorPanel } from '../../../components/state-panels';
import { StoreLogo } from '../../../components/store-logo';
import { useToggleFollow } from '../../../lib/api/toggle-follow';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { type TFollowedStore, useFollowedStores } from '../api/profile-api';
import { CardGridSkeleton } from '../components/profile-states';

export const UNFOLLOW_FAILED = 'Failed to unfollow store';

/**
 * Unfollow goes through the same change as the store page's Follow button, so the store page, store
 * cards and /profile all show it at once; the card leaves this list on success (seed 000 §4), and on
 * failure the list is read again.
 */
function FollowedStoreCard({ store, onFailed }: { store: TFollowedStore; onFailed: () => void }) {
  const follow = useToggleFollow(store.id);
  const busy = follow.isPending;
  // mutateAsync: the card leaves the list on success, and its message must still show.
  const onUnfollow = async () => {
    try {
      let result = await follow.mutateAsync();
      // Unfollowed meanwhile in another tab: this toggle followed it again, so one more undoes that.
      if (result.following) result = await follow.mutateAsync();
      if (result.following) throw new Error(UNFOLLOW_FAILED);
      toastSuccess(result.message || 'Store unfollowed successfully');
    } catch {
      toastError(UNFOLLOW_FAILED);
      onFailed();
    }
  };
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
        <button type="button" onClick={() => void onUnfollow()} disabled={busy} className="btn-secondary">
          {busy ? 'Unfollowing...' : 'Unfollow'}
        </button>
      </div>
    </article>
  );
}

export function FollowedStoresPage() {
  const token = useSession()?.token ?? null;
  const storesQuery = useFollowedStores(token);
  const stores = storesQuery.data ?? [];

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
            <IconLink to="/stores" icon={Store} className="btn-primary">
              Discover Stores
            </IconLink>
          </EmptyPanel>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {stores.map((store) => (
              <li key={store.id}>
                <FollowedStoreCard store={store} onFailed={() => void storesQuery.refetch()} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
