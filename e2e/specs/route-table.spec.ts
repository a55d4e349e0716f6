import { expect, type Page, test } from '@playwright/test';
import { signInAsWorkerCustomer } from '../support/customer-session.js';
import { ID, ROUTES, STORE_ID, type TRouteRow } from '../support/route-table.js';

/**
 * The customer site's whole route table (seed 000 §2 "Route table", with the redirects decided in
 * API-CONTRACT.md and by the team): every path, alias and redirect, one test per row, walked signed out and,
 * for the account pages, signed in. A row passes when the visitor ends on the right address (pathname,
 * query and fragment) and sees the right page: its one h1 and its "<Page name> | D3 Deals" title.
 */

const SIGN_IN_PATH = '/accounts/sign-in';

type TAddress = { pathname: string; query: Record<string, string>; hash: string };

function toAddress(url: string): TAddress {
  const parsed = new URL(url, 'http://d3.invalid');
  return {
    pathname: parsed.pathname,
    query: Object.fromEntries(parsed.searchParams),
    hash: parsed.hash,
  };
}

/** Where a signed-out visitor to a guarded row ends: sign-in, carrying the page they were let in at. */
function signInAddressFor(row: TRouteRow): TAddress {
  const { pathname, query } = toAddress(row.lands);
  const search = new URLSearchParams(query).toString();
  return {
    pathname: SIGN_IN_PATH,
    query: { redirect: `${pathname}${search ? `?${search}` : ''}` },
    hash: '',
  };
}

async function expectPage(page: Page, expected: TAddress, name: string): Promise<void> {
  await expect
    .poll(() => toAddress(page.url()), { message: `ends on ${JSON.stringify(expected)}` })
    .toEqual(expected);
  const headings = page.locator('h1');
  await expect(headings, 'exactly one h1').toHaveCount(1);
  await expect(headings).toHaveText(name);
  await expect(page).toHaveTitle(`${name} | D3 Deals`);
}

/** Test names show the ids as `:id` and `:storeId`, so the table reads like the seed's. */
function label(url: string): string {
  return url.replaceAll(STORE_ID, ':storeId').replaceAll(ID, ':id');
}

function describeRow(row: TRouteRow, landsOn: string, page: string): string {
  return row.open === landsOn
    ? `${label(row.open)} shows ${page}`
    : `${label(row.open)} → ${label(landsOn)} shows ${page}`;
}

test.describe('route table, signed out', () => {
  test('/ shows the home page', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => toAddress(page.url())).toEqual(toAddress('/'));
    await expect(page.locator('h1'), 'exactly one h1').toHaveCount(1);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page).toHaveTitle('D3 Deals — Deals & services in Kenya');
  });

  for (const row of ROUTES) {
    if (row.guarded) {
      const signIn = signInAddressFor(row);
      test(`${label(row.open)} → sign-in with redirect=${label(signIn.query.redirect ?? '')}`, async ({
        page,
      }) => {
        await page.goto(row.open);
        await expectPage(page, signIn, 'Sign In');
      });
    } else {
      test(describeRow(row, row.lands, row.page), async ({ page }) => {
        await page.goto(row.open);
        await expectPage(page, toAddress(row.lands), row.page);
      });
    }
  }

  test('the 404 page’s Go Home link goes to /', async ({ page }) => {
    await page.goto('/no-such-page-here');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect.poll(() => toAddress(page.url())).toEqual(toAddress('/'));
    await expect(page).toHaveTitle('D3 Deals — Deals & services in Kenya');
  });
});

test.describe('route table, signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsWorkerCustomer(page);
  });

  for (const row of ROUTES.filter((candidate) => candidate.guarded)) {
    test(describeRow(row, row.lands, row.page), async ({ page }) => {
      await page.goto(row.open);
      await expectPage(page, toAddress(row.lands), row.page);
    });
  }
});
