import { heroTimeLeft } from '@d3/shared/catalogue/deal-rules';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { BadgeCheck, ChevronLeft, ChevronRight, Clock, MapPin, Zap } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { IconText } from '../../../components/icon-text';
import { offerPrices } from '../../../components/offer-card';
import { RatingStars } from '../../../components/rating-stars';
import { StoreLogo } from '../../../components/store-logo';
import type { TOffer } from '../../../lib/api/catalogue-types';
import { useDealTexts } from '../../../lib/deal-texts';
import { imageSources } from '../../../lib/image-sources';
import { CarouselDots } from './carousel-dots';

/** Seed 000 §9: the hero rotates every 6 s. */
export const HERO_ROTATION_MS = 6000;

/** A slide's facts (time left, place) and its badges (verified, instant), as list items. */
const FACT = { as: 'li', className: 'inline-flex items-center gap-1.5', iconClassName: 'size-4' } as const;
const BADGE = {
  as: 'li',
  className:
    'inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold text-white ring-1 ring-white/25',
} as const;

function percent(discount: number): number {
  return Number(Number(discount).toFixed(2));
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

function HeroSlide({
  offer,
  active,
  index,
  total,
}: {
  offer: TOffer;
  active: boolean;
  index: number;
  total: number;
}) {
  const t = useT();
  const texts = useDealTexts();
  const prices = offerPrices(offer);
  const image = offer.image_url ?? offer.images[0] ?? null;
  const off = percent(offer.discount);
  const offWord = t('home.carousel.off');
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern marks slides as role="group".
    <div
      role="group"
      aria-roledescription={t('home.carousel.slide')}
      aria-label={t('common.slideOf', { index: index + 1, total })}
      aria-hidden={!active}
      inert={!active}
      data-testid="hero-slide"
      data-active={active}
      className={clsx(
        'col-start-1 row-start-1 flex flex-col transition-opacity duration-500 motion-reduce:transition-none',
        active ? 'opacity-100' : 'pointer-events-none opacity-0',
      )}
    >
      {/* The picture comes first in the markup as on a phone's screen: the page arrives in pieces, and
          a text drawn before the picture below it was parsed jumped down by its height (issue 32, CLS). */}
      <div className="relative aspect-[16/9] overflow-hidden md:absolute md:inset-y-0 md:right-0 md:aspect-auto md:w-[45%]">
        {image && (
          <img
            loading={index === 0 ? 'eager' : 'lazy'}
            {...imageSources(image, '(min-width: 768px) 45vw, 100vw')}
            alt=""
            width={640}
            height={480}
            fetchPriority={index === 0 ? 'high' : 'low'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        )}
        <div className="absolute inset-0 bg-gradient-to-t from-orange-900/50 to-transparent md:bg-gradient-to-r md:from-orange-700/60 md:via-transparent" />
        <span
          aria-hidden="true"
          className="absolute top-3 right-3 grid size-20 place-items-center rounded-full bg-white text-center leading-none font-black text-orange-700 shadow-lg ring-4 ring-orange-300/60 sm:size-24"
        >
          <span>
            <span className="block text-2xl sm:text-3xl">{off}%</span>
            {/* 'PUNGUZO' is twice 'OFF': a long word drops the wide tracking to stay inside the circle. */}
            <span className={offWord.length > 4 ? 'text-xs tracking-wide' : 'text-sm tracking-widest'}>
              {offWord}
            </span>
          </span>
        </span>
      </div>
      <div className="relative flex flex-1 flex-col p-5 sm:p-7 md:w-[55%]">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="flex min-w-0 items-center gap-2">
            <StoreLogo name={offer.store.name} logoUrl={offer.store.logo_url} size="xs" />
            <span className="truncate text-sm font-semibold text-white/90">{offer.store.name}</span>
          </span>
          <RatingStars
            rating={offer.store.rating}
            reviewCount={offer.store.totalReviews}
            className="[&_.text-slate-500]:text-white/70 [&_.text-slate-700]:text-white"
          />
        </div>
        <h2 className="mt-3 line-clamp-2 text-2xl leading-tight font-extrabold text-white sm:text-3xl">
          {offer.title}
        </h2>
        <p className="mt-2 text-base text-white/85">{t('home.carousel.enjoy', { percent: off })}</p>
        {prices && (
          <div className="mt-4">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-3xl font-black text-white">{formatKesShort(prices.price)}</span>
              <span className="text-lg text-white/60 line-through">
                <span className="sr-only">{t('deal.was')} </span>
                {formatKesShort(prices.original)}
              </span>
            </p>
            {prices.saved > 0 && (
              <p className="mt-1 text-sm font-bold text-emerald-200">
                {t('home.carousel.save', { amount: formatKesShort(prices.saved) })}
              </p>
            )}
          </div>
        )}
        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-white/85">
          <IconText icon={Clock} {...FACT}>
            {texts.heroTimeLeft(heroTimeLeft(offer.expiration_date, new Date()))}
          </IconText>
          {offer.store.location && (
            <IconText icon={MapPin} {...FACT}>
              {offer.store.location}
            </IconText>
          )}
        </ul>
        <ul aria-label={t('home.carousel.features')} className="mt-3 flex flex-wrap gap-2">
          {/* Issue 15: only a store customers have reviewed after a completed visit earns 'Verified Deal'. */}
          {offer.store.totalReviews > 0 && (
            <IconText icon={BadgeCheck} {...BADGE}>
              {t('home.carousel.verified')}
            </IconText>
          )}
          <IconText icon={Zap} {...BADGE}>
            {t('home.carousel.instant')}
          </IconText>
        </ul>
        <div className="mt-5 md:mt-auto md:pt-5">
          <Link
            to={`/offer/${offer.id}`}
            className="focus-ring inline-flex h-11 items-center justify-center rounded-lg bg-white px-5 text-sm font-bold text-orange-800 shadow-sm hover:bg-orange-50 focus-visible:ring-white focus-visible:ring-offset-orange-700"
          >
            {t('home.carousel.claim')}
            <span className="sr-only">: {offer.title}</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * The two top-discount offers, one at a time: auto-advance every 6 s, paused while the pointer or
 * focus is inside and for visitors who prefer reduced motion; arrows and dots move by hand.
 */
export function HeroCarousel({ offers }: { offers: readonly TOffer[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const total = offers.length;
  const current = total > 0 ? index % total : 0;

  const go = useCallback((next: number) => setIndex(((next % total) + total) % total), [total]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` restarts the timer after a manual move.
  useEffect(() => {
    if (total < 2 || paused || prefersReducedMotion()) return;
    // A timeout per slide, so a manual move restarts the full 6 s.
    const timer = window.setTimeout(() => setIndex((value) => (value + 1) % total), HERO_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused, total]);

  if (total === 0) return null;
  const arrow =
    'focus-ring grid size-9 place-items-center rounded-full bg-white/15 text-white ring-1 ring-white/25 hover:bg-white/25 focus-visible:ring-white focus-visible:ring-offset-orange-700';
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.carousel.label')}
      data-testid="hero-carousel"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-orange-600 via-orange-700 to-rose-700 shadow-lg dark:from-orange-700 dark:via-orange-800 dark:to-rose-900"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div aria-live={paused ? 'polite' : 'off'} className="grid md:min-h-[21rem]">
        {offers.map((offer, position) => (
          <HeroSlide
            key={offer.id}
            offer={offer}
            active={position === current}
            index={position}
            total={total}
          />
        ))}
      </div>
      {total > 1 && (
        <div className="relative flex items-center gap-3 px-5 pb-5 sm:px-7 md:w-[55%]">
          <button type="button" onClick={() => go(current - 1)} className={arrow}>
            <ChevronLeft aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('home.carousel.previous')}</span>
          </button>
          <CarouselDots
            count={total}
            current={current}
            onSelect={go}
            label={(position) => t('home.carousel.show', { index: position + 1, total })}
            tone="brand"
            className="flex"
          />
          <button type="button" onClick={() => go(current + 1)} className={arrow}>
            <ChevronRight aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('home.carousel.next')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
