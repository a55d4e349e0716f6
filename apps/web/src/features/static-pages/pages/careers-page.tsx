import { useT } from '@d3/ui';
import { Briefcase, Mail } from 'lucide-react';
import { HeadedSection } from '../../../components/headed-section';
import { PageIntro } from '../../../components/page-intro';
import { RichText } from '../../../components/rich-text';
import { CAREERS_EMAIL } from '../../../lib/site-links';

/** How we work: each value's words are `static.careers.ID.title` and `.body`. */
const VALUES = ['customersFirst', 'honest', 'kenya'] as const;

export function CareersPage() {
  const t = useT();
  return (
    <>
      <PageIntro title={t('static.careers.title')} lead={t('static.careers.lead')} />
      <div className="content-width grid gap-8 py-10 sm:py-14 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="openings-heading" className="card p-6 text-center sm:p-10">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <Briefcase aria-hidden="true" className="size-7" />
          </span>
          <h2 id="openings-heading" className="mt-5 text-xl font-bold text-slate-900 dark:text-white">
            {t('static.careers.noOpenings')}
          </h2>
          <p className="mx-auto mt-3 max-w-md text-base text-slate-600 dark:text-slate-300">
            <RichText
              message={t('static.careers.noOpeningsText', { email: CAREERS_EMAIL })}
              tags={[
                <a
                  key="email"
                  href={`mailto:${CAREERS_EMAIL}`}
                  translate="no"
                  className="focus-ring rounded font-semibold text-orange-700 hover:text-orange-800 dark:text-orange-400 dark:hover:text-orange-300"
                >
                  {CAREERS_EMAIL}
                </a>,
              ]}
            />
          </p>
          <a
            href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(t('static.careers.cvSubject'))}`}
            className="btn-primary mt-6"
          >
            <Mail aria-hidden="true" className="size-4" />
            {t('static.careers.emailCv')}
          </a>
        </section>
        <HeadedSection id="values-heading" title={t('static.careers.howWeWork')} className="space-y-4">
          <ul className="space-y-3">
            {VALUES.map((value) => (
              <li key={value} className="card p-5">
                <h3 className="font-semibold text-slate-900 dark:text-white">
                  {t(`static.careers.${value}.title`)}
                </h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {t(`static.careers.${value}.body`)}
                </p>
              </li>
            ))}
          </ul>
        </HeadedSection>
      </div>
    </>
  );
}
