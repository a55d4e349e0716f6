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
  const shown = (offers ?? []).filter((offer) => !offer.isExpired).slice(0, TOP_DEALS_SHOWN);
  return (
    <section aria-labelledby="top-deals-heading" className="content-width below-fold py-10 sm:py-12">
      <SectionHeader id="top-deals-heading" title="Top Deals">
        <SectionLink to="/hotdeals">View All Active Deals</SectionLink>
      </SectionHeader>
      {note && <div className="mt-3">{note}</div>}
      {error ? (
        <SectionMessage
          tone="error"
          title={`Error loading deals: ${genericErrorMessage(error)}`}
          action={<ReloadButton onClick={onRetry}>Retry</ReloadButton>}
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
          title="No active deals available at the moment."
          action={<ReloadButton onClick={onRetry}>Refresh</ReloadButton>}
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
