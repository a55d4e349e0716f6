import {
  BadgeCheck,
  HandCoins,
  HeartHandshake,
  type LucideIcon,
  MapPin,
  ShieldCheck,
  Store,
} from 'lucide-react';
import { Link } from 'react-router';
import { NewTabLink } from '../../../components/new-tab-link';
import { PageIntro } from '../../../components/page-intro';
import { MERCHANT_SIGN_UP_URL } from '../../../lib/site-links';

const VALUES: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: 'Real savings',
    body: 'Every deal shows the original price, the discounted price and what you save, so you know exactly what you are getting.',
    icon: HandCoins,
  },
  {
    title: 'Honest information',
    body: 'Ratings and review counts come from real customers. We never fill pages with made-up numbers.',
    icon: BadgeCheck,
  },
  {
    title: 'Local first',
    body: 'We started in Nairobi to help neighbourhood salons, spas, restaurants and clinics reach people nearby.',
    icon: MapPin,
  },
  {
    title: 'Safe payments',
    body: 'Access fees are paid through M-Pesa prompts on your own phone. We never ask for your PIN.',
    icon: ShieldCheck,
  },
];

export function AboutPage() {
  return (
    <>
      <PageIntro
        eyebrow="Our story"
        title="About D3 Deals"
        lead="We help people in Kenya discover great local services at a discount, and help the businesses behind them fill their calendars."
      />
      <div className="content-width space-y-14 py-10 sm:py-14">
        <section className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <div className="prose-page">
            <h2 className="mt-0!">Why we started</h2>
            <p>
              Kenya is full of excellent independent businesses: the barber down the road, the spa in
              Kilimani, the family restaurant in Westlands. Many of them have quiet hours and empty slots,
              while customers would love to try them if the price were right.
            </p>
            <p>
              D3 Deals brings the two together. Businesses publish discounted offers and bookable services;
              customers find them, book a time that suits them and pay the discounted price at the store.
            </p>
          </div>
          <div className="prose-page">
            <h2 className="mt-0!">Our mission</h2>
            <p>
              To make quality local services affordable for everyone in Kenya, and to give every business,
              however small, a simple way to reach new customers.
            </p>
            <h3>How we earn money</h3>
            <p>
              Offer bookings carry a small platform access fee, paid by M-Pesa when you book; the discounted
              price itself is paid at the store. Service bookings have no access fee. Businesses list for free
              and can pay for premium features if they want more visibility.
            </p>
          </div>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
            What we stand for
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ title, body, icon: Icon }) => (
              <li key={title} className="card p-6">
                <span className="grid size-11 place-items-center rounded-xl bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{body}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="grid gap-4 md:grid-cols-2">
          <div className="card flex flex-col p-6 sm:p-8">
            <HeartHandshake aria-hidden="true" className="size-8 text-orange-600 dark:text-orange-400" />
            <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">For customers</h2>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-300">
              Browse today's best discounts, follow your favourite stores and book in a few taps.
            </p>
            <div className="mt-6">
              <Link to="/hotdeals" className="btn-primary">
                Browse Hot Deals
              </Link>
            </div>
          </div>
          <div className="card flex flex-col p-6 sm:p-8">
            <Store aria-hidden="true" className="size-8 text-orange-600 dark:text-orange-400" />
            <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">For businesses</h2>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-300">
              List your store for free, publish offers and services, take bookings and chat with customers.
            </p>
            <div className="mt-6">
              <NewTabLink href={MERCHANT_SIGN_UP_URL} className="btn-secondary">
                List Your Business
              </NewTabLink>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
