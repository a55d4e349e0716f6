import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, translate } from './i18n';

const MESSAGES = {
  'card.reviews': '{form, select, one {{countText} review} other {{countText} reviews}}',
  'card.followers': '{form, select, one {{countText} follower} other {{countText} followers}}',
  'deals.plain': '{count} deals in {place}',
};
const KISWAHILI = {
  'card.followers': '{form, select, one {mfuasi {countText}} other {wafuasi {countText}}}',
};

afterEach(() => vi.restoreAllMocks());

describe('translate: counts without Intl.NumberFormat (decision 0813)', () => {
  it('gives a count its written text and plural form in the language, and makes no number formatter', () => {
    const english = createI18n('en', MESSAGES);
    const kiswahili = createI18n('sw', KISWAHILI);
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(translate(english, 'card.reviews', { count: 1 })).toBe('1 review');
    expect(translate(english, 'card.reviews', { count: 0 })).toBe('0 reviews');
    expect(translate(english, 'card.reviews', { count: 1234 })).toBe('1,234 reviews');
    expect(translate(english, 'card.followers', { count: 2_500_000 })).toBe('2,500,000 followers');
    expect(translate(kiswahili, 'card.followers', { count: 1 })).toBe('mfuasi 1');
    expect(translate(kiswahili, 'card.followers', { count: 1500 })).toBe('wafuasi 1,500');
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('leaves other values, and a count that is not a whole number, as they were', () => {
    const english = createI18n('en', MESSAGES);
    expect(translate(english, 'deals.plain', { count: 1234, place: 'Westlands' })).toBe(
      '1234 deals in Westlands',
    );
    expect(translate(english, 'deals.plain', { count: '7', place: 'CBD' })).toBe('7 deals in CBD');
  });
});
