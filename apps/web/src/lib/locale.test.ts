import { createI18n } from '@d3/ui';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAreas, setSiteI18n, siteI18nOrDefault, switchSiteLocale } from './locale';

const testI18n = siteI18nOrDefault();
afterAll(() => setSiteI18n(testI18n));

/**
 * The language switch shows with the shell, before a page's own words (its area's catalogue) have
 * arrived: on a slow line a visitor can tap it while they load. Either way round, the page must end
 * in the chosen language, never showing message ids (found by the e2e sign-in test, stop 51).
 */
describe('a page’s words and a language switch that cross on the way', () => {
  it('a switch tapped while the page’s words load: they come in the chosen language too', async () => {
    const i18n = createI18n('en', {});
    setSiteI18n(i18n);
    const page = loadAreas(['accounts']);
    const switched = switchSiteLocale(i18n, 'sw');
    await Promise.all([page, switched]);
    expect(i18n.locale).toBe('sw');
    expect(i18n._('accounts.signIn.title')).toBe('Ingia');
  });

  it('a page opened while a switch is on its way: its words follow the switch', async () => {
    const i18n = createI18n('en', {});
    setSiteI18n(i18n);
    const switched = switchSiteLocale(i18n, 'sw');
    const page = loadAreas(['profile']);
    await Promise.all([switched, page]);
    expect(i18n.locale).toBe('sw');
    expect(i18n._('profile.settings.title')).toBe('Wasifu na Mipangilio');
  });
});
