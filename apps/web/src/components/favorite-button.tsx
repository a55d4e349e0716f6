import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import type { MouseEvent } from 'react';
import { FAVORITE_MESSAGES, useFavoriteOfferIds, useToggleFavorite } from '../lib/api/offer-favorites';
import { earlyTap } from '../lib/early-taps';
import { isOffline, OFFLINE_REFUSED } from '../lib/online-status';
import { useGoToSignIn } from '../lib/sign-in';
import { toastError } from '../lib/toast';
import { useSession } from '../lib/use-session';

interface FavoriteButtonProps {
  offerId: string;
  offerTitle?: string;
  className?: string;
}

/**
 * The heart on an offer. Logged out: asks to sign in and returns here afterwards. Logged in: toggles at
 * once and rolls back with a toast when the server refuses.
 */
export function FavoriteButton({ offerId, offerTitle, className }: FavoriteButtonProps) {
  const t = useT();
  const session = useSession();
  const token = session?.token ?? null;
  const goToSignIn = useGoToSignIn();
  const favorites = useFavoriteOfferIds(token);
  const toggle = useToggleFavorite(token);
  const isFavorite = favorites.data?.includes(offerId) ?? false;

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // The heart sits on a clickable card: it must not open the offer.
    event.preventDefault();
    event.stopPropagation();
    if (!session) {
      if (window.confirm(FAVORITE_MESSAGES.loginPrompt)) goToSignIn();
      return;
    }
    if (isOffline()) {
      toastError(OFFLINE_REFUSED.favorite);
      return;
    }
    const favorite = !isFavorite;
    toggle.mutate(
      { offerId, favorite },
      { onError: () => toastError(favorite ? FAVORITE_MESSAGES.addFailed : FAVORITE_MESSAGES.removeFailed) },
    );
  };

  const label = t(isFavorite ? 'card.removeFavourite' : 'card.addFavourite');
  return (
    <button
      type="button"
      {...earlyTap(`favorite:${offerId}`)}
      onClick={onClick}
      aria-pressed={isFavorite}
      aria-label={offerTitle ? t('card.withTitle', { label, title: offerTitle }) : label}
      className={clsx(
        'focus-ring grid size-9 place-items-center rounded-full bg-white/95 text-slate-600 shadow-sm ring-1 ring-slate-900/5 transition hover:scale-105 hover:text-red-600 dark:bg-slate-900/90 dark:text-slate-300 dark:ring-white/10',
        isFavorite && 'text-red-600 dark:text-red-400',
        className,
      )}
    >
      <Heart aria-hidden="true" className={clsx('size-4.5', isFavorite && 'fill-current')} />
    </button>
  );
}
