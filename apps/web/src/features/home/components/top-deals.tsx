import { ArrowRight, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OfferCard, OfferCardSkeleton } from '../../../components/offer-card';
import type { TOffer } from '../../../lib/api/catalogue-types';
import { genericErrorMessage } from '../../../lib/generic-error-message';
import { SectionHeader, SectionMessage } from './section-header';

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
    <section aria-labelledby="top-deals-heading" className="content-width py-10 sm:py-12">
      <SectionHeader id="top-deals-heading" title="Top Deals">
        <Link
          to="/hotdeals"
          className="focus-ring inline-flex items-center gap-1 rounded text-sm font-semibold text-orange-700 hover:text-orange-800 dark:text-orange-400 dark:hover:text-orange-300"
        >
          View All Active Deals
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </SectionHeader>
      {note && <div className="mt-3">{note}</div>}
      {error ? (
        <SectionMessage
          tone="error"
          title={`Error loading deals: ${genericErrorMessage(error)}`}
          action={
            <button type="button" className="btn-secondary" onClick={onRetry}>
              <RotateCw aria-hidden="true" className="size-4" />
              Retry
            </button>
          }
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
          action={
            <button type="button" className="btn-secondary" onClick={onRetry}>
              <RotateCw aria-hidden="true" className="size-4" />
              Refresh
            </button>
          }
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
