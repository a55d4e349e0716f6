import { useT } from '@d3/ui';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '../../../components/page-intro';
import { SearchField } from '../../../components/search-field';
import { type FaqItem, faqCategories, filterFaq } from '../faq-content';

function FaqQuestion({ item, open, onToggle }: { item: FaqItem; open: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <li className="border-b border-slate-200 last:border-b-0 dark:border-slate-800">
      <h3>
        <button
          type="button"
          id={`${id}-q`}
          aria-expanded={open}
          aria-controls={`${id}-a`}
          onClick={onToggle}
          className="focus-ring flex w-full items-center justify-between gap-4 rounded-lg px-4 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 sm:px-5 dark:text-white dark:hover:bg-slate-800/60"
        >
          {item.question}
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      <section
        id={`${id}-a`}
        aria-labelledby={`${id}-q`}
        hidden={!open}
        className="px-4 pb-5 text-base leading-7 text-slate-600 sm:px-5 dark:text-slate-300"
      >
        {item.answer}
      </section>
    </li>
  );
}

export function FaqPage() {
  const t = useT();
  const [query, setQuery] = useState('');
  // Questions the visitor flipped from their default: closed when browsing, open while searching.
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(() => new Set());
  const all = faqCategories(t);
  const categories = filterFaq(all, query);
  const searching = query.trim() !== '';

  function toggle(question: string) {
    setFlipped((current) => {
      const next = new Set(current);
      if (next.has(question)) next.delete(question);
      else next.add(question);
      return next;
    });
  }

  return (
    <>
      <PageIntro title={t('static.faq.title')} lead={t('static.faq.lead')}>
        <SearchField
          label={t('static.faq.search')}
          value={query}
          onChange={(next) => {
            setQuery(next);
            setFlipped(new Set());
          }}
          placeholder={t('static.faq.searchPlaceholder')}
          size="lg"
          className="mt-6 max-w-xl"
        />
      </PageIntro>

      <div className="content-width grid gap-8 py-10 sm:py-14 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('static.faq.categories')} className="hidden lg:block">
          <ul className="sticky top-36 space-y-1">
            {all.map((category) => (
              <li key={category.id}>
                <a
                  href={`#faq-${category.id}`}
                  className="focus-ring block rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-white hover:text-orange-700 dark:text-slate-300 dark:hover:bg-slate-900 dark:hover:text-orange-300"
                >
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-10">
          <p
            aria-live="polite"
            className={clsx(!searching && 'sr-only', 'text-sm text-slate-600 dark:text-slate-400')}
          >
            {searching && categories.length === 0 && t('static.faq.noMatch', { query: query.trim() })}
            {searching &&
              categories.length > 0 &&
              t('static.faq.matching', { count: categories.reduce((n, c) => n + c.items.length, 0) })}
          </p>
          {categories.map((category) => (
            <section
              key={category.id}
              id={`faq-${category.id}`}
              aria-labelledby={`faq-${category.id}-title`}
              className="scroll-mt-36"
            >
              <h2
                id={`faq-${category.id}-title`}
                className="text-xl font-bold text-slate-900 dark:text-white"
              >
                {category.title}
              </h2>
              <ul className="card mt-4">
                {category.items.map((item) => (
                  <FaqQuestion
                    key={item.question}
                    item={item}
                    open={searching !== flipped.has(item.question)}
                    onToggle={() => toggle(item.question)}
                  />
                ))}
              </ul>
            </section>
          ))}
          <div className="card flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-lg font-bold text-slate-900 dark:text-white">
                {t('static.faq.stillNeedHelp')}
              </h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {t('static.faq.supportReplies')}
              </p>
            </div>
            <Link to="/contact-us" className="btn-primary">
              {t('static.faq.contactUs')}
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
