export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  items: FaqItem[];
}

/**
 * The six categories of seed 000 §2 "Static pages", answered for how D3 Deals really works: each
 * category's questions by id. Their words are in locales/static (issue 33):
 * `static.faq.CATEGORY.title`, `static.faq.CATEGORY.QUESTION.q` and `.a`.
 */
const FAQ: readonly { id: string; items: readonly string[] }[] = [
  { id: 'general', items: ['whatIs', 'free', 'areas', 'account'] },
  { id: 'booking', items: ['howBook', 'offerVsService', 'cancel', 'after', 'request'] },
  { id: 'payments', items: ['howPay', 'fee', 'failed', 'hidden'] },
  { id: 'account', items: ['create', 'noCode', 'reset', 'referral', 'delete'] },
  { id: 'reviews', items: ['who', 'contact', 'notified'] },
  { id: 'providers', items: ['list', 'cost', 'paid', 'requests'] },
];

/** The questions and answers in the reader's language (`t`: the page's `useT()`, or `siteText`). */
export function faqCategories(t: (id: string, values?: Record<string, unknown>) => string): FaqCategory[] {
  // The truth about fees (API contract decision 5), worded once for the answers that mention payment.
  const fees = t('static.faq.fees');
  return FAQ.map((category) => ({
    id: category.id,
    title: t(`static.faq.${category.id}.title`),
    items: category.items.map((item) => ({
      question: t(`static.faq.${category.id}.${item}.q`),
      answer: t(`static.faq.${category.id}.${item}.a`, { fees }),
    })),
  }));
}

/** Case-insensitive match on question or answer; categories with no match are left out. */
export function filterFaq(categories: FaqCategory[], query: string): FaqCategory[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return categories;
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter(
        (item) =>
          item.question.toLocaleLowerCase().includes(needle) ||
          item.answer.toLocaleLowerCase().includes(needle),
      ),
    }))
    .filter((category) => category.items.length > 0);
}
