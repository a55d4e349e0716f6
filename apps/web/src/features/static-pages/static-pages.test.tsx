import { createI18n } from '@d3/ui';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSiteI18n, siteI18nOrDefault } from '../../lib/locale';
import en from '../../locales/static/en.messages.json';
import sw from '../../locales/static/sw.messages.json';
import shellSw from '../../locales/sw.messages.json';
import { renderRoutes } from '../../test/render';
import type { LegalSection } from './legal-document';
import { AboutPage } from './pages/about-page';
import { CareersPage } from './pages/careers-page';
import { ContactPage } from './pages/contact-page';
import { FaqPage } from './pages/faq-page';
import { PRIVACY_SECTIONS, PrivacyPage } from './pages/privacy-page';
import { TERMS_SECTIONS, TermsPage } from './pages/terms-page';

/** The static pages in Kiswahili (issue 33): every word from locales/static, data kept as written. */
const PAGES: [string, ReactElement, string][] = [
  ['/contact-us', <ContactPage key="contact" />, 'Wasiliana Nasi'],
  ['/faq', <FaqPage key="faq" />, 'Maswali Yanayoulizwa Mara kwa Mara'],
  ['/careers', <CareersPage key="careers" />, 'Ajira'],
  ['/terms-conditions', <TermsPage key="terms" />, 'Sheria na Masharti'],
  ['/privacy-policy', <PrivacyPage key="privacy" />, 'Sera ya Faragha'],
  ['/about-us', <AboutPage key="about" />, 'Kuhusu D3 Deals'],
];

function renderAt(path: string, page: ReactElement) {
  renderRoutes([{ path, element: page }], path);
}

describe('static pages in Kiswahili', () => {
  const english = siteI18nOrDefault();
  beforeEach(() => setSiteI18n(createI18n('sw', { ...shellSw, ...sw })));
  afterEach(() => {
    cleanup();
    setSiteI18n(english);
  });

  for (const [path, page, title] of PAGES) {
    it(`${path} shows its Kiswahili words, no message id and no English sentence`, () => {
      renderAt(path, page);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      const text = document.body.textContent ?? '';
      expect(text).not.toMatch(/static\.\w/);
      // Words only English uses: none of them is in a Kiswahili sentence of these pages.
      expect(text).not.toMatch(/\b(the|and|you|your|our|with|for)\b/);
    });
  }

  it('keeps the office address and the support e-mail as written, marked translate="no"', () => {
    renderAt('/privacy-policy', <PrivacyPage />);
    const address = screen.getByText('Westlands, Nairobi, Kenya');
    expect(address.getAttribute('translate')).toBe('no');
    expect(address.parentElement?.textContent).toBe(
      'D3 Deals (Westlands, Nairobi, Kenya) ndiye mdhibiti wa data binafsi zilizoelezwa hapa. Tunazichakata kwa mujibu wa Sheria ya Ulinzi wa Data ya Kenya, 2019 (Data Protection Act) na kanuni zake.',
    );
    const mail = screen.getAllByRole('link', { name: 'support@d3deals.co.ke' });
    expect(mail.map((link) => [link.getAttribute('href'), link.getAttribute('translate')])).toEqual([
      ['mailto:support@d3deals.co.ke', 'no'],
      ['mailto:support@d3deals.co.ke', 'no'],
    ]);
  });

  it('searches the questions in Kiswahili and counts the matches', async () => {
    const user = userEvent.setup();
    renderAt('/faq', <FaqPage />);
    await user.type(screen.getByRole('searchbox', { name: 'Tafuta maswali' }), 'kughairi');
    expect(screen.getByText('Swali 1 linalolingana')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Naweza kughairi nafasi au kubadilisha muda wake?' }),
    ).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Tafuta maswali' }));
    await user.type(screen.getByRole('searchbox', { name: 'Tafuta maswali' }), 'pundamilia');
    expect(screen.getByText('Hakuna swali linalolingana na "pundamilia"')).toBeTruthy();
  });

  it('says what is wrong with each contact field in Kiswahili, by the schema’s issue', async () => {
    const user = userEvent.setup();
    renderAt('/contact-us', <ContactPage />);
    const form = screen.getByRole('button', { name: 'Tuma Ujumbe' }).closest('form') as HTMLFormElement;
    await user.type(within(form).getByLabelText(/Jina kamili/), 'x'.repeat(121));
    await user.type(within(form).getByLabelText(/Barua pepe/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Tuma Ujumbe' }));
    expect(await screen.findByText('Isizidi herufi 120')).toBeTruthy();
    expect(screen.getByText('Barua pepe si sahihi')).toBeTruthy();
    expect(screen.getByText('Tafadhali chagua mada')).toBeTruthy();
    expect(screen.getByText('Ujumbe unahitajika')).toBeTruthy();
    const subjects = [...(within(form).getByLabelText(/Mada/) as HTMLSelectElement).options];
    expect(subjects.map((option) => [option.value, option.text])).toEqual([
      ['', 'Chagua mada'],
      ['General Inquiry', 'Swali la jumla'],
      ['Technical Support', 'Msaada wa kiufundi'],
      ['Business Listing', 'Kuorodhesha biashara'],
      ['Feedback', 'Maoni'],
      ['Advertising', 'Matangazo'],
      ['Other', 'Mengineyo'],
    ]);
  });
});

describe('Terms and Privacy sections', () => {
  /** The numbered messages a page's sections read: `static.<page>.<section>.<n>`. */
  const expected = (page: string, sections: LegalSection[]) =>
    sections.flatMap((section) => {
      const count = section.blocks.reduce<number>((n, block) => n + (block === 'p' ? 1 : block), 0);
      return Array.from({ length: count }, (_, index) => `static.${page}.${section.id}.${index + 1}`);
    });
  const numbered = (page: string) =>
    Object.keys(en).filter((id) => new RegExp(`^static\\.${page}\\.[\\w-]+\\.\\d+$`).test(id));

  it('read every paragraph and item of the catalogue, and only those', () => {
    expect(expected('terms', TERMS_SECTIONS).sort()).toEqual(numbered('terms').sort());
    expect(expected('privacy', PRIVACY_SECTIONS).sort()).toEqual(numbered('privacy').sort());
  });

  it('keep the seed’s English, its links and the access-fee anchor the cancel dialog opens', () => {
    renderAt('/terms-conditions', <TermsPage />);
    expect(document.getElementById('access-fee')?.textContent).toBe(
      '8. Access fee when a booking is cancelled',
    );
    const item = screen.getByText('You cancel in time').parentElement;
    expect(item?.textContent).toBe(
      "You cancel in time (until 2 hours before the start, or the service's longer notice): the whole access fee is refunded to the M-Pesa number that paid it.",
    );
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })[0]?.getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe('/contact-us');
    expect(screen.getByText('16. Contact', { selector: 'h2' })).toBeTruthy();
    cleanup();
  });
});
