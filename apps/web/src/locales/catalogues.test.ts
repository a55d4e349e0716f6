// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { CUSTOMER_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import { createI18n, errorText } from '@d3/ui';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * Catalogue hygiene (issue 33), part of `npm test` (CI): every site's catalogues hold the same ids
 * in English and Kiswahili, none empty, each a valid ICU message with the same arguments in both;
 * an `error.CODE` message belongs to a known server code and its English is the server's own words;
 * and a component marked as extracted has no hard-coded words left.
 *
 * Server errors (`error.CODE`) may be in a Kiswahili catalogue only: @d3/ui `errorText` shows the
 * server's English words when the reader's catalogue has no text for the code, so the English
 * catalogue need not carry them (the customer site's English shell does not: first-load bytes).
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

const isError = (id: string) => id.startsWith('error.');

/**
 * The codes only the merchant site or the server's own plumbing meets (API keys, check-in by
 * voucher, quotes a store sends, webhooks, a socket event no site sends): every other code of the
 * shared table has a Kiswahili text on the customer site.
 */
const NOT_MET_BY_CUSTOMERS = new Set<keyof typeof ERROR_CODES>([
  'INVALID_API_KEY',
  'INVALID_STATUS_TRANSITION',
  'NOT_QUOTE_OWNER',
  'DUPLICATE_QUOTE',
  'STORE_HAS_BOOKINGS',
  'BOOKING_NOT_STARTED',
  'CURRENT_PASSWORD_INCORRECT',
  'VOUCHER_INVALID',
  'VOUCHER_NOT_FOUND',
  'VOUCHER_AMBIGUOUS',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_VERIFY_FAILED',
  'SOCKET_EVENT_UNKNOWN',
]);

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
  // Issue 33: sign-in, sign-up, verify OTP and password reset (locales/accounts).
  'apps/web/src/features/accounts/pages/sign-in-page.tsx',
  'apps/web/src/features/accounts/pages/sign-up-page.tsx',
  'apps/web/src/features/accounts/pages/verify-otp-page.tsx',
  'apps/web/src/features/accounts/pages/request-password-reset-page.tsx',
  'apps/web/src/features/accounts/components/auth-shell.tsx',
  'apps/web/src/features/accounts/components/google-sign-in.tsx',
  'apps/web/src/features/accounts/components/google-identity-button.tsx',
  // Issue 33: profile settings (locales/profile), its language switch, and the route error page.
  'apps/web/src/features/profile/pages/settings-page.tsx',
  'apps/web/src/features/profile/components/profile-form.tsx',
  'apps/web/src/features/profile/components/notification-settings.tsx',
  'apps/web/src/features/profile/components/security-section.tsx',
  'apps/web/src/features/profile/components/confirm-dialog.tsx',
  'apps/web/src/features/profile/components/switch.tsx',
  'apps/web/src/features/profile/components/profile-states.tsx',
  'apps/web/src/app/route-error.tsx',
  'apps/web/src/features/profile/pages/favourites-page.tsx',
  'apps/web/src/features/profile/pages/followed-stores-page.tsx',
  'apps/web/src/features/profile/components/favourite-offer-card.tsx',
  'apps/web/src/features/profile/pages/profile-page.tsx',
  'apps/web/src/features/profile/components/achievements-panel.tsx',
  'apps/web/src/features/profile/components/verify-phone-dialog.tsx',
  'apps/web/src/features/profile/pages/earn-page.tsx',
  'apps/web/src/features/profile/components/withdraw-panel.tsx',
  'apps/web/src/features/bookings/components/booking-dialog.tsx',
  'apps/web/src/features/bookings/components/cancel-dialog.tsx',
  'apps/web/src/features/bookings/components/reschedule-dialog.tsx',
  // The static pages (locales/static).
  'apps/web/src/features/static-pages/pages/contact-page.tsx',
  'apps/web/src/features/static-pages/pages/faq-page.tsx',
  'apps/web/src/features/static-pages/pages/careers-page.tsx',
  'apps/web/src/features/static-pages/pages/about-page.tsx',
  'apps/web/src/features/static-pages/pages/terms-page.tsx',
  'apps/web/src/features/static-pages/pages/privacy-page.tsx',
  'apps/web/src/features/static-pages/legal-document.tsx',
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
        const words = (locale: string) => ids(locale).filter((id) => !isError(id));
        expect(words('sw'), `${folder}: ids in one language only`).toEqual(words('en'));
        // An English error text (the server's words) is optional; a Kiswahili one is the point.
        const swErrors = ids('sw').filter(isError);
        expect(
          ids('en').filter((id) => isError(id) && !swErrors.includes(id)),
          `${folder}: errors in English only`,
        ).toEqual([]);
      }
      // An id lives in one catalogue only: a page that loads two areas must not get two meanings.
      const everyId = folders(site).flatMap((folder) => Object.keys(read(`${folder}sw.messages.json`)));
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
      for (const [id, kiswahili] of Object.entries(sw).filter(([id]) => isError(id) && !(id in en))) {
        expect(kiswahili.trim(), `${id} (sw) is empty`).not.toBe('');
        // The server's words have no arguments: neither has their Kiswahili.
        expect(argumentsOf(kiswahili), `${id}: arguments`).toEqual([]);
      }
    });

    it(`${site}: a message that counts selects on {form} and writes {countText}, never ICU's plural`, () => {
      // Lingui writes a plural's number with Intl.NumberFormat, whose first use costs a phone
      // 200–700 ms while the page hydrates; @d3/ui translate gives every count its form and text
      // instead (decision 0813).
      for (const locale of ['en', 'sw']) {
        for (const [id, text] of Object.entries(catalogue(site, locale))) {
          expect(text, `${id} (${locale})`).not.toMatch(/,\s*(plural|selectordinal|number)\b/);
        }
      }
    });

    it(`${site}: an error message belongs to a server code and its English is the server's`, () => {
      for (const locale of ['en', 'sw']) {
        for (const id of Object.keys(catalogue(site, locale)).filter(isError)) {
          expect(
            ERROR_CODES[id.slice('error.'.length) as keyof typeof ERROR_CODES],
            `${id}: unknown code`,
          ).toBeDefined();
        }
      }
      for (const [id, english] of Object.entries(catalogue(site, 'en'))) {
        if (!isError(id)) continue;
        const code = id.slice('error.'.length) as keyof typeof ERROR_CODES;
        expect(english).toBe(ERROR_CODES[code].message);
      }
    });
  }

  it('apps/web: every server code a customer can meet has a Kiswahili text, and English shows the server’s words', () => {
    const sw = catalogue('apps/web', 'sw');
    const en = catalogue('apps/web', 'en');
    const codes = (Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]).filter(
      (code) => !NOT_MET_BY_CUSTOMERS.has(code),
    );
    expect(codes.filter((code) => !sw[`error.${code}`])).toEqual([]);
    expect(sw['error.SLOT_TAKEN']).toBe('Muda huu umeshachukuliwa. Tafadhali chagua muda mwingine.');
    // The English shell carries none: errorText falls back to the server's own (English) words.
    expect(Object.keys(read(`${ROOT}apps/web/src/locales/en.messages.json`)).filter(isError)).toEqual([]);
    const english = createI18n('en', en);
    const kiswahili = createI18n('sw', sw);
    expect(errorText(english, 'SLOT_TAKEN', ERROR_CODES.SLOT_TAKEN.message)).toBe(
      ERROR_CODES.SLOT_TAKEN.message,
    );
    expect(errorText(kiswahili, 'SLOT_TAKEN', ERROR_CODES.SLOT_TAKEN.message)).toBe(sw['error.SLOT_TAKEN']);
    // A server message more particular than the code's usual words stays as the server wrote it.
    expect(errorText(kiswahili, 'NOT_FOUND', 'Store not found')).toBe('Store not found');
  });

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
