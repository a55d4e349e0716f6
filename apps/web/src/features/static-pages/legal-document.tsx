import { useT } from '@d3/ui';
import { Link } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { RichText } from '../../components/rich-text';
import { OFFICE_ADDRESS, SUPPORT_EMAIL } from '../../lib/site-links';

/**
 * A section of Terms or Privacy: its anchor (`/terms#access-fee`) and its blocks in order, 'p' a
 * paragraph and a number n a list of n items. Its words are in locales/static (issue 33):
 * `static.PAGE.SECTION.title`, then one message per paragraph or item, `static.PAGE.SECTION.1`, `.2`…
 */
export interface LegalSection {
  id: string;
  blocks: readonly ('p' | number)[];
}

/**
 * The numbered tags a legal message may use: 0 bold, 1 the privacy policy, 2 the terms, 3 the
 * contact form, 4 the support e-mail as a link, 5 data (the e-mail, the address) kept as written.
 */
const TAGS = [
  <strong key="strong" />,
  <Link key="privacy" to="/privacy-policy" />,
  <Link key="terms" to="/terms-conditions" />,
  <Link key="contact" to="/contact-us" />,
  <a key="email" href={`mailto:${SUPPORT_EMAIL}`} translate="no">
    {SUPPORT_EMAIL}
  </a>,
  <span key="data" translate="no" />,
];

const VALUES = { email: SUPPORT_EMAIL, address: OFFICE_ADDRESS };

function LegalText({ id }: { id: string }) {
  const t = useT();
  return <RichText message={t(id, VALUES)} tags={TAGS} />;
}

/** A section's paragraphs and lists, numbering its messages from 1. */
function SectionBody({ prefix, blocks }: { prefix: string; blocks: LegalSection['blocks'] }) {
  let next = 1;
  const ids = (count: number) => Array.from({ length: count }, () => `${prefix}.${next++}`);
  return blocks.map((block) => {
    if (block === 'p') {
      const [id = ''] = ids(1);
      return (
        <p key={id}>
          <LegalText id={id} />
        </p>
      );
    }
    const items = ids(block);
    return (
      <ul key={items[0]}>
        {items.map((id) => (
          <li key={id}>
            <LegalText id={id} />
          </li>
        ))}
      </ul>
    );
  });
}

/**
 * Terms and Privacy share one layout: the sections listed at the side, the text in a readable column,
 * a last section saying where to ask (`static.PAGE.contact`).
 */
export function LegalDocument({ page, sections }: { page: 'terms' | 'privacy'; sections: LegalSection[] }) {
  const t = useT();
  const all = [
    ...sections.map((section) => ({
      id: section.id,
      title: t(`static.${page}.${section.id}.title`),
      body: <SectionBody prefix={`static.${page}.${section.id}`} blocks={section.blocks} />,
    })),
    {
      id: 'contact',
      title: t('static.legal.contact'),
      body: (
        <p>
          <LegalText id={`static.${page}.contact`} />
        </p>
      ),
    },
  ];
  return (
    <>
      <PageIntro title={t(`static.${page}.title`)} lead={t('static.legal.lastUpdated')} />
      <div className="content-width grid gap-10 py-10 sm:py-14 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t('static.legal.onThisPage')} className="hidden lg:block">
          <div className="sticky top-36">
            <p className="px-3 text-sm font-semibold text-slate-900 dark:text-white">
              {t('static.legal.onThisPage')}
            </p>
            <ol className="mt-3 space-y-1 text-sm">
              {all.map((section, index) => (
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
          <div className="[&>p:first-child]:mt-0">
            <p>
              <LegalText id={`static.${page}.intro`} />
            </p>
          </div>
          {all.map((section, index) => (
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
