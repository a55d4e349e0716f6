import { newTestAccount, registerCustomer, useToken } from '../support/customer-session.js';
import { ROUTES, type TRouteRow } from '../support/route-table.js';
import {
  calendarWords,
  collectDataStrings,
  KEPT_TERMS,
  screenTexts,
  withoutData,
  wordsOf,
} from '../support/screen-words.js';
import { expect, test } from '../support/test.js';

/**
 * Issue 33's hygiene run: every route of the customer site opened in Lingui's pseudo-locale
 * (cookie `d3_pseudo=1`: the English catalogue with every letter accented, 'Ĥōḿē'). A word on the
 * screen made of plain ASCII letters did not come from the catalogue: the test fails on it unless it
 * is data (from the API's answers), a kept term (M-Pesa, brand names: screen-words.ts) or a month or
 * weekday Intl wrote. Guarded pages are opened signed in.
 *
 * FINISHED lists the extracted areas' addresses; since issue 33's last areas it holds every address
 * of the route table, and a new route must join it (the last test fails otherwise).
 */
const FINISHED: RegExp[] = [
  /^\/$/,
  /^\/(hotdeals|Hotdeals|hot-deals|offer|offers|deals)$/,
  /^\/(stores|Stores|STORES|services|merchants|providers)$/,
  /^\/(store|Store|stores)\/[^/]+(\/view|\/reviews)?$/,
  /^\/(service|services|view-service|ViewService)\/[^/]+$/,
  /^\/store\/[^/]+\/services?\/[^/]+$/,
  /^\/(store\/[^/]+\/offer|offer|offers|view-offer)\/[^/]+$/,
  /^\/offers\/[^/]+\/[^/]+\/see-details$/,
  /^\/(booking\/offer\/|store\/[^/]+\/offer\/[^/]+\/book$|book\/|offers\/[^/]+\/book$)/,
  /^\/(booking\/service\/|store\/[^/]+\/service\/[^/]+\/book$|services?\/[^/]+\/book$)/,
  /^\/(bookings|vouchers|my-vouchers|Checkout|payment|checkout|profile\/bookings|profile\/my-bookings|my-bookings)$/,
  /^\/booking\/success$/,
  /^\/booking\/(confirmed|complete)$/,
  /^\/no-such-page-here$/,
  // The accounts pages (locales/accounts).
  /^\/(accounts\/sign-in|accounts\/sign-up|accounts\/verify-otp|request-password-reset|login|signup)$/,
  // My Profile, profile settings, favourites and followed stores (locales/profile).
  /^\/(profile|account|PROFILE)$/,
  /^\/(profile\/settings|profile\/edit|settings)$/,
  /^\/(profile\/favourites|profile\/favorites|my-favourites)$/,
  /^\/(profile\/followed-stores|profile\/stores|my-stores)$/,
  // Booking details (a made-up id: its not-found state) and the static pages.
  /^\/(booking|booking-details|profile\/bookings)\/[0-9a-f]{8}-[0-9a-f-]+$/,
  /^\/(contact-us|contact|faq|FAQ|help|careers|Careers|jobs)$/,
  /^\/(terms-conditions|terms|terms-and-conditions|privacy-policy|privacy|about-us|about|About|about-d3)$/,
  // Issue 33: the customer's chat, the split-payment pages, the search page.
  /^\/(chat|messages|CHAT)(\/Store\/[^/]+)?$/,
  /^\/split(-booking)?\/[^/]+$/,
  /^\/search(\?.*)?$/,
  // Issue 33: service requests (the board, the form, a request, my service requests).
  /^\/(request-service|Requestservice|service-requests|marketplace|my-service-requests)$/,
  /^\/(service-request|marketplace\/offers)\/[^/]+$/,
  /^\/profile\/(service-requests|requests)$/,
  // Referral rewards (locales/profile).
  /^\/(profile\/earn|profile\/earnings|profile\/rewards|my-earnings)$/,
];

const finished = (row: TRouteRow) => FINISHED.some((pattern) => pattern.test(row.open));
/**
 * One address per page: an alias or a redirect shows the very page its first address shows
 * (route-table.spec.ts proves each address lands on its page, by its heading), so walking every
 * alias again in the pseudo-locale would only repeat the same words (109 addresses, 33 pages).
 */
const ROWS = ROUTES.filter(finished).filter(
  (row, index, rows) => rows.findIndex((other) => other.page === row.page) === index,
);

/** The pages also walked at 1280 px (playwright.config.ts: the desktop project leaves out '@phone-only'). */
const DESKTOP_PAGES = new Set(['Hot Deals', 'My Profile', 'Sign Up', 'Find Professional Services']);

/** A word of plain ASCII letters (a pseudolocalized one has accents; x and v have none, so ≥ 3 letters). */
const PLAIN = /^[A-Za-z]{2,}$/;
const INTL = calendarWords('en-KE');

test.describe('pseudo-locale: no unextracted text', () => {
  let token = '';
  test.beforeAll(async ({ request }) => {
    token = await registerCustomer(request, newTestAccount('Wanjiru', 'Pseudo'));
  });

  for (const row of ROWS) {
    // Every page on the phone; on desktop (its navbar and footer) a list page, a signed-in page and a
    // form: the pages are the same at both widths, and CI keeps inside its 30 minutes.
    const details = DESKTOP_PAGES.has(row.page) ? {} : { tag: '@phone-only' };
    test(`${row.open} shows only catalogue words`, details, async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      await context.addCookies([{ name: 'd3_pseudo', value: '1', url: baseURL ?? '' }]);
      if (row.guarded) await useToken(page, token);
      const data = collectDataStrings(page);
      await page.goto(row.open);
      // The page drew itself in the pseudo-locale (its one h1 is accented).
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-pseudo', 'true');
      await page.waitForLoadState('networkidle');
      // The screen is read first: whatever it shows came in a response already seen, so the data's
      // strings, read after, hold every piece of it (read the other way, a list loaded in between
      // showed names the strings did not hold).
      const onScreen = await screenTexts(page);
      const known = await data.strings();
      const plain = onScreen.flatMap(({ text, where }) =>
        wordsOf(withoutData(text, known))
          .filter((word) => PLAIN.test(word))
          .filter((word) => !KEPT_TERMS.has(word.toLowerCase()) && !INTL.has(word.toLowerCase()))
          .map((word) => `${word} (in "${text}" at ${where})`),
      );
      expect(plain, 'plain English on the page: not taken from the catalogue').toEqual([]);
    });
  }

  test('walks the finished routes of the route table', () => {
    // Every address of the route table is finished: no area of the site is left in English.
    expect(ROUTES.filter((row) => !finished(row)).map((row) => row.open)).toEqual([]);
    expect(new Set(ROWS.map((row) => row.page)).size).toBe(new Set(ROUTES.map((row) => row.page)).size);
    expect(ROWS.filter((row) => DESKTOP_PAGES.has(row.page))).toHaveLength(DESKTOP_PAGES.size);
  });
});
