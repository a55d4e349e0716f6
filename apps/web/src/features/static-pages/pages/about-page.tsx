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
import { ActionCard } from '../../../components/action-card';
import { IconTile } from '../../../components/icon-tile';
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
            {VALUES.map(({ id, icon }) => (
              <li key={id} className="card p-6">
                <IconTile icon={icon} tint="orange" />
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
          <ActionCard
            figure={
              <HeartHandshake aria-hidden="true" className="size-8 text-orange-600 dark:text-orange-400" />
            }
            title={t('static.about.customersTitle')}
            body={t('static.about.customers')}
          >
            <Link to="/hotdeals" className="btn-primary">
              {t('static.about.browse')}
            </Link>
          </ActionCard>
          <ActionCard
            figure={<Store aria-hidden="true" className="size-8 text-orange-600 dark:text-orange-400" />}
            title={t('static.about.businessTitle')}
            body={t('static.about.business')}
          >
            <NewTabLink href={MERCHANT_SIGN_UP_URL} className="btn-secondary">
              {t('static.about.list')}
            </NewTabLink>
          </ActionCard>
        </section>
      </div>
    </>
  );
}
