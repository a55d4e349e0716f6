import { ENGAGEMENT_MESSAGES } from '@d3/shared/engagement/engagement-schemas';
import { useT } from '@d3/ui';
import { MapPin, Store, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PageIntro } from '../../../components/page-intro';
import { RatingStars } from '../../../components/rating-stars';
import { EmptyPanel, ErrorPanel } from '../../../components/state-panels';
import { StoreLogo } from '../../../components/store-logo';
import { useToggleFollow } from '../../../lib/api/toggle-follow';
import { siteText } from '../../../lib/site-i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { type TFollowedStore, useFollowedStores } from '../api/profile-api';
import { CardGridSkeleton } from '../components/profile-states';

/** In the page's language (locales/profile). */
export const FOLLOWED_TEXTS = {
  get unfollowFailed() {
    return siteText('profile.followed.unfollowFailed');
  },
};

/**
 * Unfollow goes through the same change as the store page's Follow button, so the store page, store
 * cards and /profile all show it at once; the card leaves this list on success (seed 000 §4), and on
 * failure the list is read again.
 */
function FollowedStoreCard({ store, onFailed }: { store: TFollowedStore; onFailed: () => void }) {
  const t = useT();
  const follow = useToggleFollow(store.id);
  const busy = follow.isPending;
  // mutateAsync: the card leaves the list on success, and its message must still show.
  const onUnfollow = async () => {
    try {
      let result = await follow.mutateAsync();
      // Unfollowed meanwhile in another tab: this toggle followed it again, so one more undoes that.
      if (result.following) result = await follow.mutateAsync();
      if (result.following) throw new Error(FOLLOWED_TEXTS.unfollowFailed);
      toastSuccess(
        !result.message || result.message === ENGAGEMENT_MESSAGES.unfollowed
          ? t('profile.followed.unfollowed')
          : result.message,
      );
    } catch {
      toastError(FOLLOWED_TEXTS.unfollowFailed);
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
          {t('card.followers', { count: store.followers })}
        </span>
        <span className="text-slate-600 dark:text-slate-300">
          {t('card.reviews', { count: store.totalReviews })}
        </span>
        {store.cashback > 0 && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
            {t('card.discountsUpTo', { percent: store.cashback })}
          </span>
        )}
      </div>
      <div className="mt-auto grid grid-cols-2 gap-3 pt-4">
        <Link to={`/store/${store.id}`} className="btn-primary">
          {t('profile.followed.viewStore')}
        </Link>
        <button type="button" onClick={() => void onUnfollow()} disabled={busy} className="btn-secondary">
          {busy ? t('profile.followed.unfollowing') : t('profile.followed.unfollow')}
        </button>
      </div>
    </article>
  );
}

export function FollowedStoresPage() {
  const t = useT();
  const token = useSession()?.token ?? null;
  const storesQuery = useFollowedStores(token);
  const stores = storesQuery.data ?? [];

  return (
    <>
      <PageIntro
        title={t('profile.followed.title')}
        lead={storesQuery.isSuccess ? t('profile.followed.count', { count: stores.length }) : undefined}
      />
      <div className="content-width py-6 sm:py-10">
        {storesQuery.isError ? (
          <ErrorPanel message={t('profile.followed.loadFailed')} onRetry={() => void storesQuery.refetch()} />
        ) : storesQuery.isPending && token !== null ? (
          <CardGridSkeleton label={t('profile.followed.loading')} />
        ) : stores.length === 0 ? (
          <EmptyPanel
            icon={<Store aria-hidden="true" className="size-7" />}
            title={t('profile.followed.emptyTitle')}
            message={t('profile.followed.emptyText')}
            actions={[{ to: '/stores', icon: Store, label: t('profile.followed.discover') }]}
          />
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
