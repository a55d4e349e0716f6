import { describe, expect, it } from 'vitest';
import { siteText } from '../../lib/site-i18n';
import { faqCategories, filterFaq } from './faq-content';

// In English, as the tests load the English catalogues (test/setup.ts).
const FAQ_CATEGORIES = faqCategories(siteText);

describe('FAQ content', () => {
  it('has the six seed categories, each with 3 to 5 questions', () => {
    expect(FAQ_CATEGORIES.map((c) => c.title)).toEqual([
      'General',
      'Booking & Services',
      'Payments & Pricing',
      'Account & Profile',
      'Reviews & Communication',
      'For Service Providers',
    ]);
    for (const category of FAQ_CATEGORIES) {
      expect(category.items.length).toBeGreaterThanOrEqual(3);
      expect(category.items.length).toBeLessThanOrEqual(5);
    }
  });

  it('never claims there are no customer fees', () => {
    const text = JSON.stringify(FAQ_CATEGORIES).toLowerCase();
    expect(text).not.toContain('no booking fee');
    expect(text).toContain('access fee');
  });
});

describe('filterFaq', () => {
  it('returns everything for a blank query', () => {
    expect(filterFaq(FAQ_CATEGORIES, '   ')).toBe(FAQ_CATEGORIES);
  });

  it('matches questions case-insensitively', () => {
    const result = filterFaq(FAQ_CATEGORIES, 'REFERRAL');
    expect(result.map((c) => c.title)).toEqual(['Account & Profile']);
    expect(result[0]?.items.map((i) => i.question)).toEqual(['How do referral rewards work?']);
  });

  it('matches answers too and drops categories without a match', () => {
    const result = filterFaq(FAQ_CATEGORIES, 'm-pesa');
    const questions = result.flatMap((c) => c.items.map((i) => i.question));
    expect(questions).toContain('What if my M-Pesa payment fails?');
    expect(questions).toContain('How do I book an offer?');
    expect(result.every((c) => c.items.length > 0)).toBe(true);
  });

  it('returns no categories when nothing matches', () => {
    expect(filterFaq(FAQ_CATEGORIES, 'zebra crossing xylophone')).toEqual([]);
  });
});
