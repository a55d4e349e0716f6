import type { Page } from '@playwright/test';
import { pseudoText } from '../../packages/ui/build/compiled-catalogs.js';
import { createFreshStore, createServiceOffer, newTestAccount } from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Issue 33's catalogue hygiene for the merchant site: every route opened in the pseudo-locale (every
 * letter of every catalogue message accented, `d3_merchant_locale` = 'pseudo'), then every visible
 * text node read. A plain ASCII word left on screen was typed into a component instead of coming
 * from the catalogue, unless it is data (the test's own store, service, offer and merchant) or a
 * term kept in English (docs/decisions 0700's glossary).
 */

/** Terms never translated (docs/decisions 0700), dates Intl writes in English, and the map's credit. */
const ALLOWED = [
  'D3 Deals',
  'D3',
  'Deals',
  'M-Pesa',
  'KSh',
  'KES',
  'SMS',
  'PIN',
  'Till',
  'English',
  'Kiswahili',
  'JPEG',
  'PNG',
  'WebP',
  'GIF',
  'MB',
  'Leaflet',
  // The map's credit ('© OpenStreetMap contributors') and the social networks' names.
  'OpenStreetMap',
  'contributors',
  'Facebook',
  'Instagram',
  'Twitter',
  'Tiktok',
  'Whatsapp',
  ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
];

/** Signed in: the merchant's own pages. */
const SIGNED_IN_ROUTES = [
  '/',
  '/stores',
  '/offers',
  '/services',
  '/bookings',
  '/chat',
  '/service-requests',
  '/service-requests?tab=quotes',
  '/reviews',
  '/settings',
  '/no-such-page',
];
const SIGNED_OUT_ROUTES = ['/sign-in', '/sign-up', '/request-password-reset'];

/** Visible text nodes (and placeholders) with a plain ASCII word once data and allowed terms are removed. */
async function unextractedText(page: Page, data: string[]): Promise<string[]> {
  return page.evaluate((allowed) => {
    const sorted = [...allowed].sort((a, b) => b.length - a.length);
    const strip = (text: string) => sorted.reduce((rest, term) => rest.split(term).join(' '), text);
    const found: string[] = [];
    const check = (text: string, where: string) => {
      if (/[A-Za-z]{2,}/.test(strip(text))) found.push(`${where}: "${text.trim()}"`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, svg')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (!node.textContent?.trim()) continue;
      check(node.textContent, parent.tagName.toLowerCase());
    }
    for (const field of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (field.checkVisibility()) check(field.placeholder, 'placeholder');
    }
    return found;
  }, data);
}

const WEEKDAYS = new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);

/**
 * Data: every string the page read from the API (other customers' service requests, the demo
 * catalogue's categories …), except enum-like values ('pending', 'checked_in') and weekday names,
 * which the site shows through the catalogue and must not hide an untranslated word.
 */
function collectApiStrings(page: Page, into: Set<string>): void {
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.trim() && !/^[a-z0-9_-]+$/.test(value) && !WEEKDAYS.has(value)) into.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  page.on('response', async (response) => {
    if (!response.url().includes('/api/v1/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      walk(await response.json());
    } catch {
      // a body already gone (navigation) holds nothing the next page shows
    }
  });
}

/** Waits until the page's loading states have gone (a `role="status"` spinner or skeleton). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('main [role="status"]')).toHaveCount(0);
}

test('every merchant route shows only catalogue words in the pseudo-locale', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const store = await createFreshStore('Pseudo Salon');
  const offer = await createServiceOffer(
    request,
    store,
    { name: 'Cornrows', description: 'Neat cornrows.', price: 1500, duration: 60 },
    {
      title: 'Cornrows deal',
      description: 'Neat cornrows at a discount.',
      discount: 20,
      original_price: 1500,
    },
  );
  const merchant = newTestAccount('Njeri', 'Wambui');
  const initials = store.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  const data = [
    initials,
    store.name,
    offer.title,
    'Cornrows',
    'Neat cornrows at a discount.',
    'Neat cornrows.',
    'Beauty & Spa',
    'Westlands',
    merchant.firstName,
    merchant.lastName,
    '@example.co.ke',
    'you@yourbusiness.co.ke',
    ...ALLOWED,
  ];

  const context = await browser.newContext();
  await context.addInitScript(
    ([token]) => {
      window.localStorage.setItem('d3_merchant_locale', 'pseudo');
      if (token) window.localStorage.setItem('merchant_token', token);
    },
    [store.merchantToken],
  );
  const page = await context.newPage();
  const apiStrings = new Set<string>();
  collectApiStrings(page, apiStrings);
  const problems: string[] = [];
  for (const route of SIGNED_IN_ROUTES) {
    await page.goto(`/merchant${route}`);
    await settled(page);
    // The page really is in the pseudo-locale (its heading came through the catalogue).
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    problems.push(
      ...(await unextractedText(page, [...data, ...apiStrings])).map((text) => `${route} ${text}`),
    );
  }
  // The forms behind the "New" buttons.
  for (const [route, button] of [
    ['/stores', 'New store'],
    ['/offers', 'New offer'],
    ['/services', 'New service'],
  ] as const) {
    await page.goto(`/merchant${route}`);
    await settled(page);
    await page
      .getByRole('button', { name: pseudoText(button) })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    problems.push(
      ...(await unextractedText(page, [...data, ...apiStrings])).map(
        (text) => `${route} (${button}) ${text}`,
      ),
    );
  }
  await context.close();

  const signedOut = await browser.newContext();
  await signedOut.addInitScript(() => window.localStorage.setItem('d3_merchant_locale', 'pseudo'));
  const visitor = await signedOut.newPage();
  for (const route of SIGNED_OUT_ROUTES) {
    await visitor.goto(`/merchant${route}`);
    await settled(visitor);
    problems.push(...(await unextractedText(visitor, data)).map((text) => `${route} ${text}`));
  }
  await signedOut.close();

  expect(problems).toEqual([]);
});
