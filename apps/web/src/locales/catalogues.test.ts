// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { CUSTOMER_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * Catalogue hygiene (issue 33), part of `npm test` (CI): every site's catalogues hold the same ids
 * in English and Kiswahili, none empty, each a valid ICU message with the same arguments in both;
 * an `error.CODE` message belongs to a known server code and its English is the server's own words;
 * and a component marked as extracted has no hard-coded words left.
 */
/** The repository (Vitest runs from its root; happy-dom's import.meta.url is no file address). */
const ROOT = `${process.cwd()}/`;
const SITES = ['apps/web', 'apps/merchant'].filter((site) => {
  try {
    return readdirSync(`${ROOT}${site}/src/locales/`).some((f) => f.endsWith('.messages.json'));
  } catch {
    return false;
  }
});

/** A site's catalogue folders: the shell's (`locales/`) and each area's (`locales/<area>/`). */
const folders = (site: string): string[] => {
  const root = `${ROOT}${site}/src/locales/`;
  return [
    root,
    ...readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${root}${entry.name}/`),
  ];
};

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** A site's whole catalogue in `locale`: every folder's messages. */
const catalogue = (site: string, locale: string) =>
  Object.assign({}, ...folders(site).map((folder) => read(`${folder}${locale}.messages.json`))) as Record<
    string,
    string
  >;

/** The argument names of an ICU message (`{name}`, `{count, plural, …}`). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (Array.isArray(token) && typeof token[0] === 'string') {
        names.add(token[0]);
        for (const part of token.slice(1)) {
          if (part && typeof part === 'object' && !Array.isArray(part))
            for (const branch of Object.values(part)) walk(branch);
        }
      }
    }
  };
  const compiled = compileMessageOrThrow(message);
  walk(typeof compiled === 'string' ? [] : compiled);
  return [...names].sort();
}

/**
 * Components whose every word comes from the catalogue (update as extraction goes on). JSX text
 * and plain aria-label / title / placeholder strings with letters in them are hard-coded words.
 */
const EXTRACTED = [
  'apps/web/src/components/navbar.tsx',
  'apps/web/src/components/mobile-tab-bar.tsx',
  'apps/web/src/components/account-menu.tsx',
  'apps/web/src/components/language-switch.tsx',
  // Issue 33, the customer site's pages (decision 0701): the shell, home, Hot Deals, the offer page,
  // the booking wizard, the M-Pesa payment, the confirmation and My Bookings.
  'apps/web/src/components/footer.tsx',
  'apps/web/src/components/offer-card.tsx',
  'apps/web/src/components/store-card.tsx',
  'apps/web/src/components/rating-stars.tsx',
  'apps/web/src/components/favorite-button.tsx',
  'apps/web/src/components/pagination.tsx',
  'apps/web/src/components/view-toggle.tsx',
  'apps/web/src/components/search-box.tsx',
  'apps/web/src/components/newsletter-form.tsx',
  'apps/web/src/components/not-found.tsx',
  'apps/web/src/components/offline-notice.tsx',
  'apps/web/src/components/install-offer.tsx',
  'apps/web/src/components/promo-strip.tsx',
  'apps/web/src/components/state-panels.tsx',
  'apps/web/src/components/page-skeleton.tsx',
  'apps/web/src/components/notification-bell.tsx',
  'apps/web/src/components/form-fields.tsx',
  'apps/web/src/features/home/pages/home-page.tsx',
  'apps/web/src/features/home/components/all-locations-note.tsx',
  'apps/web/src/features/home/components/featured-offers.tsx',
  'apps/web/src/features/home/components/hero-section.tsx',
  'apps/web/src/features/home/components/hero-carousel.tsx',
  'apps/web/src/features/home/components/top-deals.tsx',
  'apps/web/src/features/home/components/top-stores.tsx',
  'apps/web/src/features/catalogue/pages/hot-deals-page.tsx',
  'apps/web/src/features/catalogue/pages/offer-detail-page.tsx',
  'apps/web/src/features/catalogue/pages/stores-page.tsx',
  'apps/web/src/features/catalogue/components/detail-states.tsx',
  'apps/web/src/features/catalogue/components/offer-gallery.tsx',
  'apps/web/src/features/catalogue/components/share-menu.tsx',
  'apps/web/src/features/catalogue/components/image-carousel.tsx',
  'apps/web/src/features/bookings/pages/book-page.tsx',
  'apps/web/src/features/bookings/pages/booking-success-page.tsx',
  'apps/web/src/features/bookings/pages/my-bookings-page.tsx',
  'apps/web/src/features/bookings/components/wizard-step-header.tsx',
  'apps/web/src/features/bookings/components/wizard-step-body.tsx',
  'apps/web/src/features/bookings/components/wizard-frame.tsx',
  'apps/web/src/features/bookings/components/step-layout.tsx',
  'apps/web/src/features/bookings/components/date-time-step.tsx',
  'apps/web/src/features/bookings/components/location-staff-step.tsx',
  'apps/web/src/features/bookings/components/review-pay-step.tsx',
  'apps/web/src/features/bookings/components/booking-summary.tsx',
  'apps/web/src/features/bookings/components/phone-modal.tsx',
  'apps/web/src/features/bookings/components/payment-pending.tsx',
  'apps/web/src/features/bookings/components/confirmation-step.tsx',
  'apps/web/src/features/bookings/components/booking-badges.tsx',
  'apps/web/src/features/bookings/components/booking-card.tsx',
  'apps/web/src/features/bookings/components/booking-voucher.tsx',
  'apps/web/src/features/bookings/components/fee-status.tsx',
  'apps/web/src/features/bookings/components/split-with-friends.tsx',
  // The customer's chat, the split-payment pages and the search page (issue 33).
  'apps/web/src/features/chat/pages/chat-page.tsx',
  'apps/web/src/features/splits/components/split-summary.tsx',
  'apps/web/src/features/splits/components/split-page-state.tsx',
  'apps/web/src/features/splits/pages/split-link-page.tsx',
  'apps/web/src/features/splits/pages/split-manage-page.tsx',
  'apps/web/src/features/search/pages/search-page.tsx',
  'apps/web/src/features/search/components/store-lists.tsx',
  'apps/web/src/features/search/components/check-this-out.tsx',
  'apps/web/src/features/search/components/result-offer-card.tsx',
  'apps/web/src/features/search/components/result-store-card.tsx',
  // Service requests (issue 33): the board, request a service, a request's page, my service requests.
  'apps/web/src/features/service-requests/components/request-components.tsx',
  'apps/web/src/features/service-requests/components/request-fields.tsx',
  'apps/web/src/features/service-requests/components/use-offer-decisions.tsx',
  'apps/web/src/features/service-requests/pages/request-service-page.tsx',
  'apps/web/src/features/service-requests/pages/service-requests-page.tsx',
  'apps/web/src/features/service-requests/pages/service-request-page.tsx',
  'apps/web/src/features/service-requests/pages/my-service-requests-page.tsx',
];

/** Whole JSX texts that stay as they are in both languages (brand names: decision 0700's glossary). */
const KEPT_AS_IS = new Set(['M-Pesa', 'D3 Deals', 'WhatsApp']);

describe('message catalogues', () => {
  it('finds the sites’ catalogues', () => {
    expect(SITES).toContain('apps/web');
  });

  for (const site of SITES) {
    it(`${site}: English and Kiswahili hold the same ids, none empty, each valid ICU with the same arguments`, () => {
      for (const folder of folders(site)) {
        const ids = (locale: string) => Object.keys(read(`${folder}${locale}.messages.json`)).sort();
        expect(ids('sw'), `${folder}: ids in one language only`).toEqual(ids('en'));
      }
      // An id lives in one catalogue only: a page that loads two areas must not get two meanings.
      const everyId = folders(site).flatMap((folder) => Object.keys(read(`${folder}en.messages.json`)));
      expect(
        everyId.filter((id, index) => everyId.indexOf(id) !== index),
        'ids in two catalogues',
      ).toEqual([]);
      const en = catalogue(site, 'en');
      const sw = catalogue(site, 'sw');
      for (const [id, english] of Object.entries(en)) {
        expect(english.trim(), `${id} (en) is empty`).not.toBe('');
        expect(sw[id]?.trim(), `${id} (sw) is empty`).not.toBe('');
        expect(() => compileMessageOrThrow(english), `${id} (en)`).not.toThrow();
        expect(() => compileMessageOrThrow(sw[id]!), `${id} (sw)`).not.toThrow();
        expect(argumentsOf(sw[id]!), `${id}: arguments`).toEqual(argumentsOf(english));
      }
    });

    it(`${site}: an error message belongs to a server code and its English is the server's`, () => {
      for (const [id, english] of Object.entries(catalogue(site, 'en'))) {
        if (!id.startsWith('error.')) continue;
        const code = id.slice('error.'.length) as keyof typeof ERROR_CODES;
        expect(ERROR_CODES[code], `${id}: unknown code`).toBeDefined();
        expect(english).toBe(ERROR_CODES[code].message);
      }
    });
  }

  it("says the customer's quick replies in English as the shared list does, one message each", () => {
    const english = read(`${ROOT}apps/web/src/locales/chat/en.messages.json`);
    const kiswahili = read(`${ROOT}apps/web/src/locales/chat/sw.messages.json`);
    expect(CUSTOMER_QUICK_REPLIES.map((_, index) => english[`chat.quickReply.${index}`])).toEqual([
      ...CUSTOMER_QUICK_REPLIES,
    ]);
    expect(Object.keys(english).filter((id) => id.startsWith('chat.quickReply.'))).toHaveLength(
      CUSTOMER_QUICK_REPLIES.length,
    );
    expect(kiswahili['chat.quickReply.5']).toBe('Naweza kulipa kwa M-Pesa?');
  });

  it('rejects a malformed message and a mismatched argument', () => {
    expect(() => compileMessageOrThrow('{count, plural, one {# ofa')).toThrow();
    expect(argumentsOf('{count, plural, one {# ofa ya {store}} other {# ofa}}')).toEqual(['count', 'store']);
  });

  it('leaves no hard-coded words in an extracted component', () => {
    for (const file of EXTRACTED) {
      const source = readFileSync(`${ROOT}${file}`, 'utf8').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
      const jsxText = [...source.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)</g)]
        .map((m) => m[1]!.trim())
        // `a > b` in code is not JSX text; a term kept in English (decision 0700's glossary) is no word to translate.
        .filter(
          (text) =>
            text && !/[=;()]|=>|&&|\|\|/.test(text) && !KEPT_AS_IS.has(text) && !/^[\w.]+$/.test(text),
        );
      const attributes = [
        ...source.matchAll(
          /\b(aria-label|title|placeholder|alt|label|message|description|lead|retryLabel|backLabel|pendingText|closeLabel|cancelLabel|loadingTitle|loadingLabel|unavailableTitle)="([^"]*[A-Za-z][^"]*)"/g,
        ),
      ].map((m) => `${m[1]}="${m[2]}"`);
      expect([...jsxText, ...attributes], file).toEqual([]);
    }
  });
});
