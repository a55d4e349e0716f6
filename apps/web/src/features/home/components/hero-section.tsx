import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { AlertTriangle, Flame, RotateCw, Star, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { offerPath, offerPrices } from '../../../components/offer-card';
import type { TOffer } from '../../../lib/api/catalogue-types';
import { useDealTexts } from '../../../lib/deal-texts';
import { imageSources } from '../../../lib/image-sources';
import { HeroCarousel } from './hero-carousel';

const SIDE_TAGS = [
  { label: 'home.hero.hot', icon: Flame, style: 'bg-red-600 text-white' },
  { label: 'home.hero.featured', icon: Star, style: 'bg-violet-600 text-white' },
] as const;

/** A store the data shows as top-rated: reviewed (every review follows a completed visit) at 4.0 or more. */
export const TOP_RATED_MIN = 4;

/**
 * Issue 15: the banner says 'from top-rated providers' only when every offer the hero shows comes
 * from such a store; otherwise it claims just the discount.
 */
export function fromTopRated(offers: readonly TOffer[]): boolean {
  return (
    offers.length > 0 &&
    offers.every((offer) => offer.store.totalReviews > 0 && offer.store.rating >= TOP_RATED_MIN)
  );
}

/** The offers the hero shows: active, unexpired, biggest discount first; 2 in the carousel, 2 beside it. */
export function heroOffers(offers: readonly TOffer[]) {
  const active = offers
    .filter((offer) => !offer.isExpired)
    .sort((a, b) => Number(b.discount) - Number(a.discount));
  const maxDiscount = active.reduce((max, offer) => Math.max(max, Number(offer.discount) || 0), 0);
  return {
    slides: active.slice(0, 2),
    side: active.slice(2, 4),
    maxDiscount: Number(maxDiscount.toFixed(2)),
  };
}

function SideCard({ offer, tag }: { offer: TOffer; tag: (typeof SIDE_TAGS)[number] }) {
  const t = useT();
  const texts = useDealTexts();
  const prices = offerPrices(offer);
  const image = offer.image_url ?? offer.images[0] ?? null;
  return (
    <article className="card relative flex gap-3 overflow-hidden p-3" data-testid="hero-side-card">
      <div className="relative aspect-[4/3] w-28 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-32 dark:bg-slate-800">
        {image && (
          <img
            loading="lazy"
            {...imageSources(image, '(min-width: 640px) 128px, 112px')}
            alt=""
            width={128}
            height={96}
            decoding="async"
            className="size-full object-cover"
          />
        )}
        <span
          className={clsx(
            'absolute top-1.5 left-1.5 inline-flex items-center gap-0.5 rounded px-1.5 py-0.5 text-[0.625rem] font-extrabold tracking-wide',
            tag.style,
          )}
        >
          <tag.icon aria-hidden="true" className="size-3" />
          {t(tag.label)}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="truncate text-xs font-medium text-slate-500 dark:text-slate-400">{offer.store.name}</p>
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-slate-900 dark:text-white">
          {offer.title}
        </h3>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-extrabold text-primary-strong dark:text-orange-400">
            {texts.discountBadge(offer.discount)}
          </span>
          {prices && (
            <span className="font-semibold text-slate-700 dark:text-slate-200">
              {formatKesShort(prices.price)}
            </span>
          )}
        </p>
        <Link
          to={offerPath(offer)}
          className="focus-ring mt-auto inline-flex h-8 w-fit items-center rounded-lg bg-primary-strong px-3 text-xs font-bold text-white hover:bg-primary-hover"
        >
          {t('home.hero.getDeal')}
          <span className="sr-only">: {offer.title}</span>
        </Link>
      </div>
    </article>
  );
}

function SideCardPlaceholder() {
  const t = useT();
  return (
    <div className="card flex min-h-[7.5rem] flex-col items-center justify-center gap-1 border-dashed p-4 text-center">
      <p className="text-sm font-semibold text-slate-700 dark:text-slate-200">{t('home.hero.loadingMore')}</p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('home.hero.checkBack')}</p>
    </div>
  );
}

export function HeroSkeleton() {
  const t = useT();
  const bar = 'animate-shimmer rounded-lg bg-slate-200 dark:bg-slate-800';
  return (
    <div aria-busy="true" className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <span className="sr-only">{t('home.hero.loadingTop')}</span>
      <div className={`${bar} h-[34rem] rounded-2xl md:h-[24rem]`} />
      <div className="hidden gap-4 lg:grid">
        <div className={`${bar} h-full rounded-xl`} />
        <div className={`${bar} h-full rounded-xl`} />
      </div>
    </div>
  );
}

interface HeroSectionProps {
  offers: readonly TOffer[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/** The carousel, two side cards and the weekly banner; an honest error instead of sample offers. */
export function HeroSection({ offers, isPending, isError }: HeroSectionProps) {
  const t = useT();
  if (isError) {
    return (
      <div role="alert" className="card flex flex-col items-center gap-3 px-6 py-12 text-center">
        <AlertTriangle aria-hidden="true" className="size-8 text-red-600 dark:text-red-400" />
        <p className="text-lg font-semibold text-slate-900 dark:text-white">{t('home.hero.failed')}</p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  if (isPending || !offers) return <HeroSkeleton />;
  const { slides, side, maxDiscount } = heroOffers(offers);
  if (slides.length === 0) {
    return (
      <div className="card px-6 py-12 text-center">
        <p className="font-semibold text-slate-900 dark:text-white">{t('home.hero.loadingMore')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('home.hero.checkBack')}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <HeroCarousel offers={slides} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 lg:grid-rows-2">
          {SIDE_TAGS.map((tag, position) => {
            const offer = side[position];
            return offer ? (
              <SideCard key={offer.id} offer={offer} tag={tag} />
            ) : (
              <SideCardPlaceholder key={tag.label} />
            );
          })}
        </div>
      </div>
      <div className="flex items-center gap-3 rounded-xl bg-gradient-to-r from-amber-100 via-orange-100 to-rose-100 px-4 py-3 ring-1 ring-orange-200 dark:from-amber-500/10 dark:via-orange-500/10 dark:to-rose-500/10 dark:ring-orange-500/20">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white text-orange-600 shadow-sm dark:bg-slate-900 dark:text-orange-400">
          <Trophy aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="font-bold text-slate-900 dark:text-white">{t('home.hero.weekTitle')}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t(fromTopRated([...slides, ...side]) ? 'home.hero.weekBodyTopRated' : 'home.hero.weekBody', {
              max: maxDiscount,
            })}
          </p>
        </div>
      </div>
    </div>
  );
}
