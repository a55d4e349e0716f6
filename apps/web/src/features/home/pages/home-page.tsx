import { useT } from '@d3/ui';
import {
  ArrowRight,
  CalendarCheck,
  ClipboardList,
  Flame,
  HeartPulse,
  type LucideIcon,
  Search,
  Shirt,
  Smartphone,
  Sofa,
  Sparkles,
  Tag,
  UtensilsCrossed,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { ActionCard } from '../../../components/action-card';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { IconTile } from '../../../components/icon-tile';
import { NewTabLink } from '../../../components/new-tab-link';
import { RichText } from '../../../components/rich-text';
import { SearchBox } from '../../../components/search-box';
import { TOP_DEALS_LIMIT, topDealsQuery, useLocatedTopDeals } from '../../../lib/api/list-top-deals';
import type { PageReads } from '../../../lib/api/server-read';
import { useDocumentTitle } from '../../../lib/document-title';
import { ALL_LOCATIONS, locationQueryValue, useSelectedLocation } from '../../../lib/location';
import { MERCHANT_SIGN_UP_URL } from '../../../lib/site-links';
import { AllLocationsNote } from '../components/all-locations-note';
import { FeaturedOffers } from '../components/featured-offers';
import { HeroSection } from '../components/hero-section';
import { SectionLink } from '../components/section-header';
import { TopDeals } from '../components/top-deals';
import { TopStores } from '../components/top-stores';

/** `name` is the category's name in the data (the link's filter); `label` its words on the page. */
const CATEGORIES: { name: string; label: string; icon: LucideIcon; tint: string }[] = [
  {
    name: 'Beauty & Spa',
    label: 'home.category.beauty',
    icon: Sparkles,
    tint: 'bg-pink-100 text-pink-700 dark:bg-pink-500/15 dark:text-pink-300',
  },
  {
    name: 'Health & Fitness',
    label: 'home.category.health',
    icon: HeartPulse,
    tint: 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300',
  },
  {
    name: 'Food & Dining',
    label: 'home.category.food',
    icon: UtensilsCrossed,
    tint: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  },
  {
    name: 'Fashion',
    label: 'home.category.fashion',
    icon: Shirt,
    tint: 'bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
  },
  {
    name: 'Electronics',
    label: 'home.category.electronics',
    icon: Smartphone,
    tint: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
  },
  {
    name: 'Home Services',
    label: 'home.category.home',
    icon: Sofa,
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
];

const STEPS: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: 'home.step1.title',
    body: 'home.step1.body',
    icon: Search,
  },
  {
    title: 'home.step2.title',
    body: 'home.step2.body',
    icon: CalendarCheck,
  },
  {
    title: 'home.step3.title',
    body: 'home.step3.body',
    icon: Wallet,
  },
];

/** What the page reads, in all locations (the server's render: app/router.tsx). */
export const serverReads: PageReads = () => [
  topDealsQuery(TOP_DEALS_LIMIT, locationQueryValue(ALL_LOCATIONS)),
];

export function HomePage() {
  const t = useT();
  useDocumentTitle(t('home.docTitle'), { exact: true });
  // Every section keys its query on the chosen location, so a `locationChanged` refetches them all.
  const selected = useSelectedLocation();
  const location = locationQueryValue(selected);
  // A place without deals falls back to every location, and says so (issue 15 #5).
  const { query: topDeals, fellBack } = useLocatedTopDeals(TOP_DEALS_LIMIT, location);
  return (
    <>
      <section
        aria-labelledby="home-heading"
        className="relative overflow-hidden border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-orange-200/50 blur-3xl dark:bg-orange-600/15"
        />
        <div className="content-width relative py-6 sm:py-8">
          <div className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-orange-50 px-3 py-1 text-xs font-semibold text-orange-800 ring-1 ring-orange-200 dark:bg-orange-500/10 dark:text-orange-200 dark:ring-orange-500/30">
                <Flame aria-hidden="true" className="size-3.5" />
                {t('home.badge')}
              </p>
              <h1
                id="home-heading"
                className="mt-3 text-2xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-3xl dark:text-white"
              >
                <RichText
                  message={t('home.title')}
                  tags={[<span key="deals" className="text-orange-600 dark:text-orange-400" />]}
                />
              </h1>
            </div>
            <SearchBox className="w-full md:hidden" />
          </div>
          {fellBack && (
            <div className="mb-4">
              <AllLocationsNote place={selected.name} />
            </div>
          )}
          <HeroSection offers={topDeals.data} isPending={topDeals.isPending} isError={topDeals.isError} />
        </div>
      </section>

      <AfterFirstPaint placeholderClassName="min-h-screen">
        <FeaturedOffers location={location} place={selected.name} />
        <TopDeals
          offers={topDeals.data}
          isPending={topDeals.isPending}
          error={topDeals.error}
          note={fellBack ? <AllLocationsNote place={selected.name} /> : null}
          onRetry={() => void topDeals.refetch()}
        />
        <TopStores location={location} />

        <section aria-labelledby="how-heading" className="content-width below-fold py-10 sm:py-12">
          <h2 id="how-heading" className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
            {t('home.how.title')}
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="card flex gap-4 p-5">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
                  <step.icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">
                    <span className="sr-only">{t('home.how.step', { number: index + 1 })} </span>
                    {t(step.title)}
                  </h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-300">{t(step.body)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="categories-heading" className="content-width below-fold py-12 sm:py-16">
          <div className="flex items-end justify-between gap-4">
            <h2
              id="categories-heading"
              className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white"
            >
              {t('home.categories.title')}
            </h2>
            <SectionLink to="/hotdeals">{t('home.categories.all')}</SectionLink>
          </div>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-6">
            {CATEGORIES.map(({ name, label, icon: Icon, tint }) => (
              <li key={name}>
                <Link
                  to={`/hotdeals?category=${encodeURIComponent(name)}`}
                  className="card focus-ring flex h-full flex-col items-center gap-3 px-3 py-5 text-center transition hover:-translate-y-0.5 hover:border-orange-300 hover:shadow-md dark:hover:border-orange-500/50"
                >
                  <span className={`grid size-12 place-items-center rounded-xl ${tint}`}>
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <span className="text-sm font-semibold text-slate-800 dark:text-slate-100">{t(label)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-label={t('home.more.label')}
          className="content-width below-fold grid gap-4 pb-14 sm:pb-20 md:grid-cols-2"
        >
          <ActionCard
            figure={<IconTile icon={ClipboardList} tint="sky" />}
            title={t('home.specific.title')}
            body={t('home.specific.body')}
            actionsClassName="mt-6 flex flex-wrap gap-3"
          >
            <Link to="/request-service" className="btn-primary">
              {t('home.specific.request')}
            </Link>
            <Link to="/service-requests" className="btn-secondary">
              {t('home.specific.browse')}
            </Link>
          </ActionCard>
          <ActionCard
            figure={<IconTile icon={Tag} tint="emerald" />}
            title={t('home.business.title')}
            body={t('home.business.body')}
          >
            <NewTabLink href={MERCHANT_SIGN_UP_URL} className="btn-secondary">
              {t('home.business.list')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </NewTabLink>
          </ActionCard>
        </section>
      </AfterFirstPaint>
    </>
  );
}
