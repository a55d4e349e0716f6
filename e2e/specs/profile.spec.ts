import { API_HEADERS, newTestAccount, registerCustomer, useToken } from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

test('a favourited offer shows on the favourites page and can be removed after confirming', async ({
  page,
  request,
}) => {
  const account = newTestAccount('Achieng', 'Mwangi');
  const token = await registerCustomer(request, account);

  const list = await request.get('/api/v1/offers', { headers: API_HEADERS, params: { limit: 1 } });
  expect(list.ok()).toBe(true);
  const { offers } = (await list.json()) as { offers: { id: string; title: string }[] };
  const offer = offers[0];
  if (!offer) throw new Error('The demo data has no offers');

  const favourite = await request.post(`/api/v1/offers/${offer.id}/favorite`, {
    headers: { ...API_HEADERS, Authorization: `Bearer ${token}` },
  });
  expect(favourite.ok()).toBe(true);

  await useToken(page, token);
  await page.goto('/profile/favourites');
  await expect(page.locator('h1')).toHaveText('My Favourite Offers');
  await expect(page.getByText('1 saved', { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: offer.title });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Remove ${offer.title} from favourites` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to remove this offer from your favorites?');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'No favourite offers yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Discover Offers' })).toHaveAttribute('href', '/hotdeals');
  await expect(card).toHaveCount(0);
});

test('the password changed in settings is the one that signs in afterwards', async ({ page, request }) => {
  const account = newTestAccount('Kipchoge', 'Ruto');
  const token = await registerCustomer(request, account);
  const newPassword = 'Mvua-Ya-Baraka-2026';

  await useToken(page, token);
  await page.goto('/profile/settings');
  await expect(page.locator('h1')).toHaveText('Profile & Settings');
  await expect(page.getByText('Email cannot be changed')).toBeVisible();

  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current password', { exact: true }).fill(account.password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();

  await form.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  // Sign out locally, then sign in through the form with the new password.
  await page.evaluate(() => window.localStorage.clear());
  await page.context().clearCookies();
  await page.goto('/accounts/sign-in?redirect=%2Fprofile');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('h1')).toHaveText('My Profile');
  await expect(page.getByText(`Welcome back, ${account.firstName}!`)).toBeVisible();

  // The old password no longer works.
  const oldLogin = await request.post('/api/v1/users/login', {
    headers: API_HEADERS,
    data: { email: account.email, password: account.password },
  });
  expect(oldLogin.ok()).toBe(false);
});
