import type { APIRequestContext, Page } from '@playwright/test';
import {
  auth,
  bookFirstFreeSlot,
  createFreshStore,
  createService,
  newTestAccount,
  registerCustomer,
  type TFreshStore,
  useToken,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Engagement (issue 5; seed 000 §2 "Hot Deals", "Store profile", "Reviews panel", "Favourites",
 * "Followed stores"): favourite from Hot Deals and remove it, follow then unfollow a store, write and
 * edit a review. Each test registers its own customer, and the follow and review tests open a store
 * that a fresh merchant creates for them, so counts start at 0 and no other spec moves them.
 */

/**
 * Only a customer with a completed visit may review a store (issue 14): the store's merchant adds
 * a 30-minute service, the customer books its next free slot (within the early check-in window),
 * and the merchant checks the visit in and completes it.
 */
async function completeVisit(request: APIRequestContext, store: TFreshStore, customerToken: string) {
  const service = await createService(request, store, {
    name: `Visit ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
    price: 1500,
    duration: 30,
    early_checkin_minutes: 240,
  });
  const booking = await bookFirstFreeSlot(request, customerToken, {
    serviceId: service.id,
    storeId: store.id,
    days: 2,
  });
  for (const status of ['checked_in', 'completed']) {
    const changed = await request.put(`/api/v1/bookings/${booking.id}/status`, {
      headers: auth(store.merchantToken),
      data: { status },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }
}

/** The store page's header: the block around the store's name, where the rating and followers sit. */
const storeHeader = (page: Page) => page.locator('div:has(> h1)');

test('a heart on Hot Deals saves the offer; the favourites page removes it after confirming', async ({
  page,
  request,
}) => {
  const token = await registerCustomer(request, newTestAccount('Achieng', 'Mwangi'));
  await useToken(page, token);

  await page.goto('/hotdeals');
  const card = page.getByTestId('deals-list').getByTestId('offer-card').first();
  await expect(card).toBeVisible();
  const heart = card.getByRole('button', { name: /^Add to favorites: / });
  const title = ((await heart.getAttribute('aria-label')) ?? '').replace(/^Add to favorites: /, '');
  expect(title).not.toBe('');

  const saved = page.waitForResponse(
    (response) => /\/offers\/[^/]+\/favorite$/.test(response.url()) && response.request().method() === 'POST',
  );
  await heart.click();
  expect((await saved).ok()).toBe(true);
  await expect(card.getByRole('button', { name: `Remove from favorites: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/profile/favourites');
  await expect(page.locator('h1')).toHaveText('My Favourite Offers');
  await expect(page.getByText('1 saved', { exact: true })).toBeVisible();
  const favourite = page.getByRole('article', { name: title });
  await expect(favourite).toBeVisible();

  await favourite.getByRole('button', { name: `Remove ${title} from favourites` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to remove this offer from your favorites?');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No favourite offers yet' })).toBeVisible();
  await expect(favourite).toHaveCount(0);

  // The server forgot it too.
  const count = await request.get('/api/v1/users/favorites/count', { headers: auth(token) });
  expect(((await count.json()) as { count: number }).count).toBe(0);
});

test('Follow on the store page counts the follower and lists the store; Following undoes both', async ({
  page,
  request,
}) => {
  const store = await createFreshStore('Kinyozi Bora', 'Hair, nails and massage in Westlands.');
  const token = await registerCustomer(request, newTestAccount('Otieno', 'Barasa'));
  await useToken(page, token);

  await page.goto(`/store/${store.id}`);
  await expect(page.locator('h1')).toHaveText(store.name);
  const header = storeHeader(page);
  await expect(header).toContainText('0 followers');
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(header).toContainText('1 follower');
  await expect(page.getByText('Store followed successfully')).toBeVisible();

  await page.goto('/profile/followed-stores');
  await expect(page.locator('h1')).toHaveText('Followed Stores');
  const card = page.getByRole('article', { name: store.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1 follower');

  await card.getByRole('link', { name: 'View Store' }).click();
  await expect(page).toHaveURL(new RegExp(`/store/${store.id}$`));
  await page.getByRole('button', { name: 'Following', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(storeHeader(page)).toContainText('0 followers');

  await page.goto('/profile/followed-stores');
  await expect(page.getByRole('heading', { name: 'No followed stores yet' })).toBeVisible();
  await expect(page.getByRole('article', { name: store.name })).toHaveCount(0);
});

test('follow state carries across in-app navigation between the store page, /profile and /profile/followed-stores', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const store = await createFreshStore('Mama Mboga Deli', 'Hair, nails and massage in Westlands.');
  const account = newTestAccount('Wairimu', 'Kamau');
  const token = await registerCustomer(request, account);
  await useToken(page, token);

  await page.goto(`/store/${store.id}`);
  await expect(page.locator('h1')).toHaveText(store.name);
  // Set once after the only full page load: still there at the end means no reload happened.
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });

  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(storeHeader(page)).toContainText('1 follower');

  // Navbar → /profile → Followed Stores tile, all inside the app.
  await page.locator('a[href="/profile"]').first().click();
  await expect(page).toHaveURL(/\/profile$/);
  const tile = page.getByRole('link', { name: /Followed Stores/ });
  await expect(tile).toContainText('1');
  await tile.click();
  await expect(page).toHaveURL(/\/profile\/followed-stores$/);
  const card = page.getByRole('article', { name: store.name });
  await expect(card).toContainText('1 follower');

  await card.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByRole('heading', { name: 'No followed stores yet' })).toBeVisible();

  // Back through the history (same document) to the store page: it says Follow, 0 followers.
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('link', { name: /Followed Stores/ })).toContainText('0');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/store/${store.id}$`));
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(storeHeader(page)).toContainText('0 followers');

  // Follow again here, then the list (via the navbar and tile) shows it, and View Store comes back.
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await page.locator('a[href="/profile"]').first().click();
  await page.getByRole('link', { name: /Followed Stores/ }).click();
  const again = page.getByRole('article', { name: store.name });
  await expect(again).toContainText('1 follower');
  await again.getByRole('link', { name: 'View Store' }).click();
  await expect(page).toHaveURL(new RegExp(`/store/${store.id}$`));
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(storeHeader(page)).toContainText('1 follower');

  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true),
  ).toBe(true);
});

test('a heart removed on the favourites page is empty on Hot Deals after in-app navigation', async ({
  page,
  request,
}) => {
  const token = await registerCustomer(request, newTestAccount('Nyokabi', 'Gitau'));
  await useToken(page, token);

  await page.goto('/hotdeals');
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
  const card = page.getByTestId('deals-list').getByTestId('offer-card').first();
  const heart = card.getByRole('button', { name: /^Add to favorites: / });
  const title = ((await heart.getAttribute('aria-label')) ?? '').replace(/^Add to favorites: /, '');
  await heart.click();
  await expect(card.getByRole('button', { name: `Remove from favorites: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.locator('a[href="/profile"]').first().click();
  await page
    .getByRole('link', { name: /Favourites/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile\/favourites$/);
  const favourite = page.getByRole('article', { name: title });
  await favourite.getByRole('button', { name: `Remove ${title} from favourites` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No favourite offers yet' })).toBeVisible();

  await page.getByRole('link', { name: 'Discover Offers' }).click();
  await expect(page).toHaveURL(/\/hotdeals$/);
  await expect(card.getByRole('button', { name: `Add to favorites: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true),
  ).toBe(true);
});

test('a signed-out visitor signs in from the reviews, writes a review, then edits it inline', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const store = await createFreshStore('Serenity Spa', 'Hair, nails and massage in Westlands.');

  // Another customer's 5-star review, answered by the merchant, is already there.
  const neighbour = await registerCustomer(request, newTestAccount('Baraka', 'Odhiambo'));
  await completeVisit(request, store, neighbour);
  const earlier = await request.post('/api/v1/reviews', {
    headers: auth(neighbour),
    data: { store_id: store.id, rating: 5, text: 'Best massage in Westlands.' },
  });
  expect(earlier.status()).toBe(201);
  const { review: earlierReview } = (await earlier.json()) as { review: { id: string } };
  const answered = await request.post(`/api/v1/reviews/${earlierReview.id}/response`, {
    headers: auth(store.merchantToken),
    data: { text: 'Asante! See you again soon.' },
  });
  expect(answered.ok()).toBe(true);

  const account = newTestAccount('Amina', 'Njoroge');
  await completeVisit(request, store, await registerCustomer(request, account));

  await page.goto(`/store/${store.id}#reviews`);
  const reviews = page.locator('#reviews');
  await expect(reviews.getByTestId('review-stats')).toContainText('Based on 1 review');
  const answeredItem = reviews.getByRole('article', { name: /Baraka O\./ });
  await expect(answeredItem.getByTestId('review-response')).toContainText(`Response from ${store.name}`);
  await expect(answeredItem.getByTestId('review-response')).toContainText('Asante! See you again soon.');

  await expect(reviews.getByText('Please log in to submit a review.')).toBeVisible();
  await reviews.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/accounts\/sign-in\?redirect=%2Fstore%2F[0-9a-f-]+%23reviews$/);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/store/${store.id}#reviews$`));

  const form = reviews.getByRole('form', { name: 'Write a review' });
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please provide both a rating and a comment.');

  // The stars are a radio group: Tab lands on it, the arrow keys choose.
  await form.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  const comment = form.getByLabel('Your review');
  await comment.fill('Friendly staff, but the wait was long.');
  await expect(form.getByText('38/500')).toBeVisible();
  await form.getByRole('button', { name: 'Submit Review' }).click();

  await expect(reviews.getByText('Review submitted successfully!')).toBeVisible();
  const mine = reviews.getByRole('article', { name: /Amina N\./ });
  await expect(mine.getByTestId('review-text')).toHaveText('Friendly staff, but the wait was long.');
  await expect(reviews.getByRole('listitem').first()).toContainText('Amina N.'); // newest first
  await expect(reviews.getByTestId('review-stats')).toContainText('4.5');
  await expect(reviews.getByTestId('review-stats')).toContainText('Based on 2 reviews');
  await expect(storeHeader(page)).toContainText('4.5');
  await expect(storeHeader(page)).toContainText('(2 reviews)');
  await expect(form).toHaveCount(0);
  // Only the author's own review carries the pen.
  await expect(reviews.getByRole('button', { name: 'Edit your review' })).toHaveCount(1);
  await expect(answeredItem.getByRole('button', { name: 'Edit your review' })).toHaveCount(0);

  await mine.getByRole('button', { name: 'Edit your review' }).click();
  const editor = mine.getByRole('form', { name: 'Edit your review' });
  await expect(editor.getByLabel('Your review')).toHaveValue('Friendly staff, but the wait was long.');
  await editor.getByRole('radio', { name: '2 stars' }).check();
  await editor.getByLabel('Your review').fill('Waited over an hour this time.');
  await editor.getByRole('button', { name: 'Save' }).click();

  await expect(mine.getByText('Review updated successfully!')).toBeVisible();
  await expect(mine.getByTestId('review-text')).toHaveText('Waited over an hour this time.');
  await expect(mine.getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible();
  await expect(reviews.getByTestId('review-stats')).toContainText('3.5');
  await expect(storeHeader(page)).toContainText('3.5');
  await expect(storeHeader(page)).toContainText('(2 reviews)');
  // Success messages vanish after 5 s.
  await expect(mine.getByText('Review updated successfully!')).toBeHidden({ timeout: 8_000 });

  // A reload reads the same figures back from the server.
  await page.reload();
  await expect(storeHeader(page)).toContainText('3.5');
  await expect(
    page
      .locator('#reviews')
      .getByRole('article', { name: /Amina N\./ })
      .getByTestId('review-text'),
  ).toHaveText('Waited over an hour this time.');
});

test('a toast never swallows a tap: the account link under a Follow’s success toast opens My Profile', {
  tag: '@phone-only',
}, async ({ page, request }) => {
  const store = await createFreshStore('Toast Corner Cafe', 'Coffee and pastries in Kilimani.');
  const token = await registerCustomer(request, newTestAccount('Njeri', 'Mwangi'));
  await useToken(page, token);
  // The page's clock is ours: once the toast shows it stops, so the toast stays however slow the host.
  await page.clock.install();
  await page.goto(`/store/${store.id}`);
  await expect(page.locator('h1')).toHaveText(store.name);
  // Scrolled a little, as a thumb leaves it: the promo strip goes, the sticky header sits at the top.
  await page.evaluate(() => window.scrollTo(0, 150));

  await page.getByRole('button', { name: 'Follow', exact: true }).tap();
  const toast = page.locator('[data-sonner-toast][data-visible="true"]').first();
  await expect(toast).toBeVisible();
  await page.clock.pauseAt(Date.now() + 100);
  // Once it has slid into place, the toast lies over the account link: a tap there lands in its box.
  let settled = '';
  await expect
    .poll(async () => {
      const [before, after] = [settled, JSON.stringify(await toast.boundingBox())];
      settled = after;
      return after === before;
    })
    .toBe(true);
  const account = page.locator('header a[href="/profile"]').first();
  const [over, under] = [await toast.boundingBox(), await account.boundingBox()];
  expect(over && under).toBeTruthy();
  const centre = { x: under!.x + under!.width / 2, y: under!.y + under!.height / 2 };
  expect(centre.x >= over!.x && centre.x <= over!.x + over!.width).toBe(true);
  expect(centre.y >= over!.y && centre.y <= over!.y + over!.height).toBe(true);

  await page.touchscreen.tap(centre.x, centre.y);
  await expect(toast).toBeVisible(); // the tap went through it, not after it had gone
  await page.clock.resume();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
});
