import { useT } from '@d3/ui';
import type { ReactNode } from 'react';
import { OfferCard, OfferCardSkeleton } from '../../../components/offer-card';
import type { TOffer } from '../../../lib/api/catalogue-types';
import { genericErrorMessage } from '../../../lib/generic-error-message';
import { ReloadButton, SectionHeader, SectionLink, SectionMessage } from './section-header';

export const TOP_DEALS_SHOWN = 8;

interface TopDealsProps {
  offers: readonly TOffer[] | undefined;
  isPending: boolean;
  error: Error | null;
  /** Said under the heading, e.g. that these are every location's deals. */
  note?: ReactNode;
  onRetry: () => void;
}

/** Top Deals: 8 cards (two rows of 4 on desktop), from the same top-discount list as the hero. */
export function TopDeals({ offers, isPending, error, note, onRetry }: TopDealsProps) {
  const t = useT();
  const shown = (offers ?? []).filter((offer) => !offer.isExpired).slice(0, TOP_DEALS_SHOWN);
  return (
    <section aria-labelledby="top-deals-heading" className="content-width below-fold py-10 sm:py-12">
      <SectionHeader id="top-deals-heading" title={t('home.topDeals.title')}>
        <SectionLink to="/hotdeals">{t('home.topDeals.all')}</SectionLink>
      </SectionHeader>
      {note && <div className="mt-3">{note}</div>}
      {error ? (
        <SectionMessage
          tone="error"
          title={t('home.topDeals.error', { reason: genericErrorMessage(error) })}
          action={<ReloadButton onClick={onRetry}>{t('common.retry')}</ReloadButton>}
        />
      ) : isPending ? (
        <ul aria-busy="true" className="mt-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: TOP_DEALS_SHOWN }, (_, position) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={position} data-testid="offer-skeleton">
              <OfferCardSkeleton />
            </li>
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <SectionMessage
          title={t('home.topDeals.empty')}
          action={<ReloadButton onClick={onRetry}>{t('common.refresh')}</ReloadButton>}
        />
      ) : (
        <ul
          data-testid="top-deals"
          className="mt-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4"
        >
          {shown.map((offer) => (
            <li key={offer.id} className="flex">
              <OfferCard offer={offer} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
