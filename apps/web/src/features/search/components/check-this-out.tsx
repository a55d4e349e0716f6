import { useT } from '@d3/ui';
import { Sparkles } from 'lucide-react';
import { IconHeading } from '../../../components/icon-heading';
import { useRandomOffers } from '../api/get-random-offers';
import { ResultOfferCard } from './result-offer-card';

/** 'Check this out!': a handful of random live offers (API contract decision 6). */
export function CheckThisOut() {
  const t = useT();
  const { data, isPending, isError } = useRandomOffers();
  if (isError) return null;
  const offers = data?.offers ?? [];
  if (!isPending && offers.length === 0) return null;
  return (
    <section aria-labelledby="check-this-out" className="mt-12">
      <IconHeading id="check-this-out" icon={Sparkles} size="lg">
        {t('results.checkThisOut')}
      </IconHeading>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {isPending
          ? ['a', 'b', 'c', 'd'].map((key) => (
              <div key={key} className="card overflow-hidden" aria-hidden="true">
                <div className="aspect-[4/3] animate-shimmer bg-slate-200 dark:bg-slate-800" />
                <div className="space-y-2 p-4">
                  <div className="h-4 w-3/4 animate-shimmer rounded bg-slate-200 dark:bg-slate-800" />
                  <div className="h-4 w-1/2 animate-shimmer rounded bg-slate-200 dark:bg-slate-800" />
                </div>
              </div>
            ))
          : offers.map((offer) => <ResultOfferCard key={offer.id} offer={offer} view="grid" />)}
      </div>
    </section>
  );
}
