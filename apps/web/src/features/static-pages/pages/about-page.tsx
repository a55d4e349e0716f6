import { useT } from '@d3/ui';
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

/** What we stand for: each value's words are `static.about.ID.title` and `.body`. */
const VALUES: { id: string; icon: LucideIcon }[] = [
  { id: 'savings', icon: HandCoins },
  { id: 'honest', icon: BadgeCheck },
  { id: 'local', icon: MapPin },
  { id: 'safe', icon: ShieldCheck },
];

export function AboutPage() {
  const t = useT();
  return (
    <>
      <PageIntro
        eyebrow={t('static.about.eyebrow')}
        title={t('static.about.title')}
        lead={t('static.about.lead')}
      />
      <div className="content-width space-y-14 py-10 sm:py-14">
        <section className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <div className="prose-page">
            <h2 className="mt-0!">{t('static.about.whyTitle')}</h2>
            <p>{t('static.about.why1')}</p>
            <p>{t('static.about.why2')}</p>
          </div>
          <div className="prose-page">
            <h2 className="mt-0!">{t('static.about.missionTitle')}</h2>
            <p>{t('static.about.mission')}</p>
            <h3>{t('static.about.earnTitle')}</h3>
            <p>{t('static.about.earn')}</p>
          </div>
        </section>

        <section aria-labelledby="values-heading">
          <h2 id="values-heading" className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
            {t('static.about.valuesTitle')}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ id, icon: Icon }) => (
              <li key={id} className="card p-6">
                <span className="grid size-11 place-items-center rounded-xl bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">
                  {t(`static.about.${id}.title`)}
                </h3>
                <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">
                  {t(`static.about.${id}.body`)}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section className="grid gap-4 md:grid-cols-2">
          <div className="card flex flex-col p-6 sm:p-8">
            <HeartHandshake aria-hidden="true" className="size-8 text-orange-600 dark:text-orange-400" />
            <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">
              {t('static.about.customersTitle')}
            </h2>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-300">
              {t('static.about.customers')}
            </p>
            <div className="mt-6">
              <Link to="/hotdeals" className="btn-primary">
                {t('static.about.browse')}
              </Link>
            </div>
          </div>
          <div className="card flex flex-col p-6 sm:p-8">
            <Store aria-hidden="true" className="size-8 text-orange-600 dark:text-orange-400" />
            <h2 className="mt-4 text-lg font-bold text-slate-900 dark:text-white">
              {t('static.about.businessTitle')}
            </h2>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-300">
              {t('static.about.business')}
            </p>
            <div className="mt-6">
              <NewTabLink href={MERCHANT_SIGN_UP_URL} className="btn-secondary">
                {t('static.about.list')}
              </NewTabLink>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
