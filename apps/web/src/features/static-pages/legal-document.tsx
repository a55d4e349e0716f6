import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { SUPPORT_EMAIL } from '../../lib/site-links';

export const LEGAL_LAST_UPDATED = 'Last updated August 23, 2025';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The last section of Terms and Privacy: where to ask "Questions about {about}?". */
export function legalContactSection(about: string): LegalSection {
  return {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about {about}? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use our{' '}
        <Link to="/contact-us">contact form</Link>.
      </p>
    ),
  };
}

/** Terms and Privacy share one layout: the sections listed at the side, the text in a readable column. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageIntro title={title} lead={LEGAL_LAST_UPDATED} />
      <div className="content-width grid gap-10 py-10 sm:py-14 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-36">
            <p className="px-3 text-sm font-semibold text-slate-900 dark:text-white">On this page</p>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="focus-ring block rounded-lg px-3 py-1.5 text-slate-600 hover:bg-white hover:text-orange-700 dark:text-slate-400 dark:hover:bg-slate-900 dark:hover:text-orange-300"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="card prose-page min-w-0 px-5 py-8 sm:px-10">
          <div className="[&>p:first-child]:mt-0">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
