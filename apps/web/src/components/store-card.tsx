import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Heart, LoaderCircle, MapPin, Tag, Users } from 'lucide-react';
import type { TStore } from '../lib/api/catalogue-types';
import {
  FOLLOW_FAILED,
  FOLLOW_SIGN_IN,
  useFollowedStoreIds,
  useToggleFollow,
} from '../lib/api/toggle-follow';
import { useDealTexts } from '../lib/deal-texts';
import { earlyTap } from '../lib/early-taps';
import { isOffline, OFFLINE_REFUSED } from '../lib/online-status';
import { useGoToSignIn } from '../lib/sign-in';
import { siteText } from '../lib/site-i18n';
import { toastError, toastSuccess } from '../lib/toast';
import { useSession } from '../lib/use-session';
import { CardLink } from './card-link';
import { RatingStars } from './rating-stars';
import { StoreLogo } from './store-logo';

export type StoreCardView = 'grid' | 'list';

const BADGE_STYLES: Record<string, string> = {
  'MOST REVIEWED': 'bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-300',
  'HIGHLY REVIEWED': 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  POPULAR: 'bg-orange-100 text-orange-800 dark:bg-orange-500/15 dark:text-orange-300',
  REVIEWED: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

export function followersText(count: number): string {
  return siteText('card.followers', { count });
}

/**
 * A tap on Follow / Following, on a store card or the store's page: signed out, 'Please log in to
 * follow stores.' and on to sign-in, coming back to this page; offline, refused clearly (issue 32);
 * else the change, its message on success and 'Failed to update follow status. Please try again.' on
 * failure.
 */
export function useFollowTap(storeId: string) {
  const session = useSession();
  const goToSignIn = useGoToSignIn();
  const follow = useToggleFollow(storeId);
  function onTap() {
    if (!session) {
      toastError(FOLLOW_SIGN_IN);
      goToSignIn();
      return;
    }
    if (isOffline()) {
      toastError(OFFLINE_REFUSED.follow);
      return;
    }
    follow.mutate(undefined, {
      onSuccess: (result) => toastSuccess(result.message),
      onError: () => toastError(FOLLOW_FAILED),
    });
  }
  return { follow, onTap };
}

/**
 * Follow / Following on a store card, sharing the store page's change (so both show the same state).
 * Signed out, like the store page: 'Please log in to follow stores.' and on to sign-in, coming back here.
 */
export function StoreFollowButton({
  store,
  className,
}: {
  store: Pick<TStore, 'id' | 'name'>;
  className?: string;
}) {
  const t = useT();
  const token = useSession()?.token ?? null;
  const followedIds = useFollowedStoreIds(token);
  const { follow, onTap: onClick } = useFollowTap(store.id);
  const following = followedIds.data?.includes(store.id) ?? false;

  return (
    <button
      type="button"
      {...earlyTap(`follow:${store.id}`)}
      onClick={onClick}
      disabled={follow.isPending}
      aria-pressed={following}
      aria-label={t(following ? 'card.followingStore' : 'card.followStore', { store: store.name })}
      className={clsx(
        // Above the card's full-size link, so a click follows instead of opening the store.
        'focus-ring relative z-10 inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-xs font-semibold transition-colors disabled:opacity-60',
        following
          ? 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
          : 'border-transparent bg-primary-strong text-white hover:bg-primary-hover',
        className,
      )}
    >
      {follow.isPending ? (
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
      ) : (
        <Heart aria-hidden="true" className={clsx('size-3.5', following && 'fill-current text-red-600')} />
      )}
      {following ? t('card.following') : t('card.follow')}
    </button>
  );
}

/**
 * A store in a grid or list: logo, name, category, location, real rating (or NEW), review badge,
 * 'Discounts upto {cashback}%', followers and Follow/Following. The rest of the card opens the store.
 */
export function StoreCard({
  store,
  view = 'grid',
  className,
}: {
  store: TStore;
  view?: StoreCardView;
  className?: string;
}) {
  const t = useT();
  const texts = useDealTexts();
  const list = view === 'list';
  // 'NEW' already shows in place of the stars; the badge only adds the review tiers.
  const badge = store.badge && store.badge !== 'NEW' ? store.badge : null;
  return (
    <article
      data-testid="store-card"
      data-category={store.category}
      className={clsx(
        'card group relative flex gap-3 p-4 transition hover:-translate-y-0.5 hover:shadow-md focus-within:shadow-md',
        // A list row wraps its rating and Follow below the name when a narrow phone has no room beside it.
        list ? 'flex-row flex-wrap items-center' : 'flex-col',
        className,
      )}
    >
      <div className={clsx('flex gap-3', list ? 'min-w-0 flex-1 basis-48 items-center' : 'items-start')}>
        <StoreLogo name={store.name} logoUrl={store.logo_url} size={list ? 'sm' : 'md'} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white" data-testid="store-name">
            <CardLink to={`/store/${store.id}`}>{store.name}</CardLink>
          </h3>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{store.category}</p>
          {/* The badge beside the rating when the card has room, under it when not, a gap either way; never
              beside the name, so the name keeps the card's full width (issue 15). */}
          {!list && (
            <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
              <RatingStars rating={store.rating} reviewCount={store.totalReviews} />
              {badge && (
                <span
                  className={clsx(
                    'rounded-full px-2 py-0.5 text-[0.625rem] font-bold tracking-wide',
                    BADGE_STYLES[badge] ?? BADGE_STYLES.REVIEWED,
                  )}
                >
                  {texts.storeBadge(badge)}
                </span>
              )}
            </div>
          )}
        </div>
      </div>
      <div className={clsx('min-w-0 space-y-1.5 text-sm', list ? 'ml-auto text-right' : 'mt-auto')}>
        {list && <RatingStars rating={store.rating} reviewCount={store.totalReviews} />}
        {store.location && (
          <p
            className={clsx(
              'flex items-center gap-1.5 text-slate-600 dark:text-slate-400',
              list && 'hidden justify-end sm:flex',
            )}
          >
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">
              {store.area ? `${store.location}, ${store.area}` : store.location}
            </span>
          </p>
        )}
        <div className={clsx('flex flex-wrap items-center gap-x-3 gap-y-1', list && 'justify-end')}>
          {store.cashback > 0 && (
            <span className="inline-flex items-center gap-1 font-semibold text-saving dark:text-emerald-400">
              <Tag aria-hidden="true" className="size-4" />
              {t('card.discountsUpTo', { percent: store.cashback })}
            </span>
          )}
          {!list && (
            <span className="inline-flex items-center gap-1 text-slate-500 dark:text-slate-400">
              <Users aria-hidden="true" className="size-4" />
              {t('card.followers', { count: store.followers })}
            </span>
          )}
          <StoreFollowButton store={store} className={list ? undefined : 'ml-auto'} />
        </div>
      </div>
    </article>
  );
}

export function StoreCardSkeleton() {
  const bar = 'animate-shimmer rounded bg-slate-200 dark:bg-slate-800';
  return (
    <div aria-hidden="true" className="card flex flex-col gap-3 p-4">
      <div className="flex gap-3">
        <div className={`${bar} size-14 rounded-xl`} />
        <div className="flex-1 space-y-2">
          <div className={`${bar} h-4 w-3/4`} />
          <div className={`${bar} h-3 w-1/2`} />
          <div className={`${bar} h-3 w-1/3`} />
        </div>
      </div>
      <div className={`${bar} h-3 w-2/3`} />
      <div className={`${bar} h-3 w-1/2`} />
    </div>
  );
}
