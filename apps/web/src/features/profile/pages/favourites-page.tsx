import { formatKesShort, savings } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { Flame, Heart, RefreshCw, Search, Store, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { IconLink } from '../../../components/icon-link';
import { PageIntro } from '../../../components/page-intro';
import { EmptyPanel } from '../../../components/state-panels';
import { useToggleFavorite } from '../../../lib/api/offer-favorites';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { siteText } from '../../../lib/site-i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { type TFavoriteItem, useFavorites } from '../api/profile-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FavouriteOfferCard } from '../components/favourite-offer-card';
import { CardGridSkeleton } from '../components/profile-states';

/** In the page's language (locales/profile). */
export const FAVOURITES_TEXTS = {
  get removeQuestion() {
    return siteText('profile.favourites.removeQuestion');
  },
};

export function FavouritesPage() {
  const t = useT();
  const token = useSession()?.token ?? null;
  const favoritesQuery = useFavorites(token);
  // The same change as the hearts: removing here also empties the heart on every offer card.
  const toggleFavorite = useToggleFavorite(token);
  const favorites = favoritesQuery.data ?? [];
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const [pending, setPending] = useState<TFavoriteItem | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);

  // A new failure shows the banner again, even after the last one was dismissed.
  const errorAt = favoritesQuery.errorUpdatedAt;
  useEffect(() => {
    if (errorAt) setBannerDismissed(false);
  }, [errorAt]);

  const confirmRemove = async () => {
    if (!pending) return;
    const target = pending;
    setRemovingId(target.offerId);
    try {
      await toggleFavorite.mutateAsync({ offerId: target.offerId, favorite: false });
      setPending(null);
      toastSuccess(t('profile.favourites.removed'));
    } catch {
      toastError(t('profile.favourites.removeFailed'));
    } finally {
      setRemovingId(null);
    }
  };

  const activeCount = favorites.filter((item) => !item.offer.isExpired).length;
  const totalSavings = favorites.reduce((sum, item) => {
    const original = item.offer.original_price;
    return item.offer.isExpired || original === null ? sum : sum + savings(original, item.offer.discount);
  }, 0);

  return (
    <>
      <PageIntro title={t('profile.favourites.title')} lead={t('profile.favourites.lead')}>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-slate-700 dark:text-slate-200" aria-live="polite">
            {favoritesQuery.isSuccess ? t('profile.favourites.saved', { count: favorites.length }) : ''}
          </p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void favoritesQuery.refetch()}
            disabled={favoritesQuery.isFetching}
          >
            <RefreshCw
              aria-hidden="true"
              className={favoritesQuery.isFetching ? 'size-4 animate-spin' : 'size-4'}
            />
            {t('common.refresh')}
          </button>
        </div>
      </PageIntro>

      <div className="content-width space-y-6 py-6 sm:py-10">
        {favoritesQuery.isError && !bannerDismissed && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
          >
            <p className="flex-1">
              <span className="font-semibold">{t('profile.favourites.loadFailed')}</span>
              {favoritesQuery.error ? ` — ${userErrorMessage(favoritesQuery.error)}` : ''}
            </p>
            <button
              type="button"
              onClick={() => setBannerDismissed(true)}
              aria-label={t('profile.favourites.dismiss')}
              className="focus-ring rounded p-1 hover:bg-red-100 dark:hover:bg-red-500/20"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        )}

        {favoritesQuery.isPending && token !== null ? (
          <CardGridSkeleton label={t('profile.favourites.loading')} />
        ) : favorites.length === 0 ? (
          favoritesQuery.isError ? null : (
            <EmptyPanel
              icon={<Heart aria-hidden="true" className="size-7" />}
              title={t('profile.favourites.emptyTitle')}
              message={t('profile.favourites.emptyText')}
              actions={[
                { to: '/hotdeals', icon: Flame, label: t('profile.favourites.discover') },
                { to: '/stores', icon: Store, label: t('profile.favourites.browseStores') },
              ]}
            />
          )
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {favorites.map((item) => (
                <li key={item.id} className="flex">
                  <div className="flex w-full flex-col">
                    <FavouriteOfferCard
                      offer={item.offer}
                      removing={removingId === item.offerId}
                      onRemove={() => setPending(item)}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <footer className="card flex flex-col gap-3 p-4 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between dark:text-slate-200">
              <p>
                {t('profile.favourites.summary', { count: favorites.length, active: activeCount })}
                {totalSavings > 0 && (
                  <>
                    {' '}
                    ·{' '}
                    <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                      {t('profile.favourites.saveUpTo', { amount: formatKesShort(totalSavings) })}
                    </span>
                  </>
                )}
              </p>
              <IconLink to="/hotdeals" icon={Search} className="btn-secondary">
                {t('profile.favourites.findMore')}
              </IconLink>
            </footer>
          </>
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && removingId === null) setPending(null);
        }}
        title={t('profile.favourites.removeTitle')}
        description={FAVOURITES_TEXTS.removeQuestion}
        confirmLabel={t('profile.favourites.remove')}
        busyLabel={t('profile.favourites.removing')}
        busy={removingId !== null}
        onConfirm={() => void confirmRemove()}
      />
    </>
  );
}
