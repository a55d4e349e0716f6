import { describe, expect, it } from 'vitest';
import { inLocale } from './page-locale.js';

describe('inLocale', () => {
  it("puts the page in the language once, however often it is asked (the home page's index was marked twice)", () => {
    const index = '<!doctype html><html lang="en"><head></head><body></body></html>';
    const swahili = inLocale(index, 'sw');
    expect(swahili).toBe(
      '<!doctype html><html lang="sw-KE" data-locale="sw"><head></head><body></body></html>',
    );
    expect(inLocale(swahili, 'sw')).toBe(swahili);
    expect(inLocale(swahili, 'en')).toBe(
      '<!doctype html><html lang="en-KE" data-locale="en"><head></head><body></body></html>',
    );
  });
});
