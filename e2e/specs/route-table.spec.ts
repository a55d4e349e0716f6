import type { Page } from '@playwright/test';
import { signInAsWorkerCustomer } from '../support/customer-session.js';
import { ID, ROUTES, STORE_ID, type TRouteRow } from '../support/route-table.js';
import { expect, test } from '../support/test.js';

/**
 * The customer site's whole route table (seed 000 §2 "Route table", with the redirects decided in
 * API-CONTRACT.md and by the team): every path, alias and redirect, one step per row, walked signed out and,
 * for the account pages, signed in. A row passes when the visitor ends on the right address (pathname,
 * query and fragment) and sees the right page: its one h1 and its "<Page name> | D3 Deals" title.
 *
 * Rows are walked in groups of ROWS_PER_TEST in one page (each row a fresh `page.goto`, so each is a first
 * load), which keeps the CI run inside its time budget; the step names the row that failed. Routing does
 * not depend on the viewport, so this spec runs on the desktop project only (playwright.config.ts); the
 * phone project opens every page in quality.spec.ts.
 */

const ROWS_PER_TEST = 12;

// A test walks up to ROWS_PER_TEST first loads.
test.describe.configure({ timeout: 120_000 });

function groups<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_TEST)
    out.push(items.slice(start, start + ROWS_PER_TEST));
  return out;
}

/** One row: where the visitor should end and what the step is called. */
type TRowCheck = { open: string; expected: TAddress; page: string; title: string };

async function walk(page: Page, checks: readonly TRowCheck[]): Promise<void> {
  for (const check of checks) {
    await test.step(check.title, async () => {
      // The checks below wait for the address, heading and title; images need not have loaded.
      await page.goto(check.open, { waitUntil: 'domcontentloaded' });
      await expectPage(page, check.expected, check.page);
    });
  }
}

function rangeTitle(checks: readonly TRowCheck[]): string {
  const first = checks[0]?.title ?? '';
  const last = checks[checks.length - 1]?.title ?? '';
  return checks.length > 1 ? `${first} … ${last}` : first;
}

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

/** The check of a row that opens where the table says it lands (a guarded row, signed in). */
function landsAsListed(row: TRouteRow): TRowCheck {
  return {
    open: row.open,
    expected: toAddress(row.lands),
    page: row.page,
    title: describeRow(row, row.lands, row.page),
  };
}

/** One test per group of rows, each walking its rows in one page. */
function walkTests(checks: TRowCheck[]) {
  for (const group of groups(checks)) {
    test(rangeTitle(group), async ({ page }) => {
      await walk(page, group);
    });
  }
}

test.describe('route table, signed out', () => {
  test('/ shows the home page', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => toAddress(page.url())).toEqual(toAddress('/'));
    await expect(page.locator('h1'), 'exactly one h1').toHaveCount(1);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page).toHaveTitle('D3 Deals — Deals & services in Kenya');
  });

  const checks: TRowCheck[] = ROUTES.map((row) => {
    if (row.guarded) {
      const signIn = signInAddressFor(row);
      return {
        open: row.open,
        expected: signIn,
        page: 'Sign In',
        title: `${label(row.open)} → sign-in with redirect=${label(signIn.query.redirect ?? '')}`,
      };
    }
    return landsAsListed(row);
  });
  walkTests(checks);

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

  walkTests(ROUTES.filter((candidate) => candidate.guarded).map(landsAsListed));
});
