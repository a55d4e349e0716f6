import { useT } from '@d3/ui';
import clsx from 'clsx';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { CardLink } from '../../../components/card-link';
import { offerPath } from '../../../components/offer-card';
import { gradientFor, initialsOf } from '../../../components/store-logo';
import type { TOffer } from '../../../lib/api/catalogue-types';
import { useLocatedFeaturedOffers } from '../../../lib/api/list-featured-offers';
import { useDealTexts } from '../../../lib/deal-texts';
import { useFormats } from '../../../lib/format';
import { genericErrorMessage } from '../../../lib/generic-error-message';
import { useSlicedData } from '../../../lib/use-sliced-data';
import { AllLocationsNote } from './all-locations-note';
import { CarouselDots } from './carousel-dots';
import { ReloadButton, SectionHeader, SectionMessage } from './section-header';

export const FEATURED_PER_PAGE = 4;

function FeaturedCard({ offer }: { offer: TOffer }) {
  const t = useT();
  const texts = useDealTexts();
  const formats = useFormats();
  return (
    <article
      data-testid="featured-card"
      className="card group relative flex h-full flex-col gap-3 p-4 transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          translate="no"
          className={clsx(
            'grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br text-sm font-bold text-white',
            gradientFor(offer.store.name),
          )}
        >
          {initialsOf(offer.store.name)}
        </span>
        <p className="min-w-0 truncate text-sm font-medium text-slate-600 dark:text-slate-400">
          {offer.store.name}
        </p>
      </div>
      <h3 className="line-clamp-2 font-semibold text-slate-900 dark:text-white">
        <CardLink to={offerPath(offer)}>{offer.title}</CardLink>
      </h3>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <span className="rounded-md bg-orange-100 px-2 py-0.5 text-sm font-bold text-orange-800 dark:bg-orange-500/15 dark:text-orange-300">
          {texts.discountLabel(offer.discount)}
        </span>
        <span className="inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
          <CalendarDays aria-hidden="true" className="size-3.5" />
          {t('home.featured.validUntil', { date: formats.date(offer.expiration_date) })}
        </span>
      </div>
    </article>
  );
}

/** FEATURED OFFERS: 4 per page, with arrows and dots only when there are more than 4. */
export function FeaturedOffers({ location, place }: { location?: string; place?: string }) {
  const t = useT();
  const { query: featured, fellBack } = useLocatedFeaturedOffers(undefined, location);
  const sliced = useSlicedData(featured.data);
  const [page, setPage] = useState(0);
  const offers = sliced.data ?? [];
  const pages = Math.max(1, Math.ceil(offers.length / FEATURED_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = offers.slice(current * FEATURED_PER_PAGE, (current + 1) * FEATURED_PER_PAGE);
  const arrow =
    'focus-ring grid size-9 place-items-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 disabled:opacity-40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';

  return (
    <section aria-labelledby="featured-heading" className="content-width below-fold py-10 sm:py-12">
      <SectionHeader id="featured-heading" title={t('home.featured.title')}>
        {offers.length > FEATURED_PER_PAGE && (
          <div className="flex items-center gap-2">
            <button type="button" className={arrow} onClick={() => setPage((current - 1 + pages) % pages)}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('home.featured.previous')}</span>
            </button>
            <button type="button" className={arrow} onClick={() => setPage((current + 1) % pages)}>
              <ChevronRight aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('home.featured.next')}</span>
            </button>
          </div>
        )}
      </SectionHeader>
      {fellBack && place && (
        <div className="mt-3">
          <AllLocationsNote place={place} />
        </div>
      )}
      {featured.isError ? (
        <SectionMessage
          tone="error"
          title={t('home.featured.error', { reason: genericErrorMessage(featured.error) })}
          action={<ReloadButton onClick={() => void featured.refetch()}>{t('common.retry')}</ReloadButton>}
        />
      ) : featured.isPending || sliced.arriving ? (
        <div aria-hidden="true" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <div key={key} className="card h-40 animate-shimmer bg-slate-100 dark:bg-slate-800" />
          ))}
        </div>
      ) : offers.length === 0 ? (
        <SectionMessage title={t('home.featured.empty')} detail={t('home.featured.emptyDetail')} />
      ) : (
        <>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {shown.map((offer) => (
              <li key={offer.id}>
                <FeaturedCard offer={offer} />
              </li>
            ))}
          </ul>
          {offers.length > FEATURED_PER_PAGE && (
            <CarouselDots
              count={pages}
              current={current}
              onSelect={setPage}
              label={(position) => t('home.featured.page', { page: position + 1, pages })}
              tone="page"
              className="mt-4 flex justify-center"
            />
          )}
        </>
      )}
    </section>
  );
}
