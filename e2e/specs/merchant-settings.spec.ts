import { API_HEADERS, auth, newTestAccount, registerMerchant, shot } from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Issue 13, the merchant's own set-up (wip/merch1): a store logo uploaded and resized (a renamed
 * text file refused), the map pin set by clicking the map with no internet for tiles, offers in
 * every state with a status filter, and a password change that ends the other sessions. Data is
 * made through the API; the pages are used only for what this test proves.
 */

// A 4 × 4 PNG: the server scales it to the 512 px logo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM45MgDRwzEcQDEAxDxfdweCQAAAABJRU5ErkJggg==',
  'base64',
);

test('a merchant uploads a logo, pins the store on the map, filters offers by status and changes the password', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // --- a merchant with a store and two offers, through the API ----------------------------------
  const merchant = newTestAccount('Njeri', 'Wambugu');
  const token = await registerMerchant(request, merchant);
  const categories = (await (
    await request.get('/api/v1/stores/categories', { headers: API_HEADERS })
  ).json()) as {
    categories: Array<{ name: string }>;
  };
  const locations = (await (
    await request.get('/api/v1/stores/locations', { headers: API_HEADERS })
  ).json()) as {
    locations: Array<{ id: string }>;
  };
  const storeName = `Salon ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/stores', {
    headers: auth(token),
    data: {
      name: storeName,
      category: categories.categories[0]!.name,
      location: locations.locations[0]!.id,
      description: 'Braids and nails.',
      opening_time: '08:00',
      closing_time: '19:00',
      working_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    },
  });
  expect(created.status()).toBe(201);
  const storeId = ((await created.json()) as { store: { id: string } }).store.id;
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (const [title, status] of [
    ['Box braids, 20% off', 'active'],
    ['Gel nails, 15% off', 'paused'],
  ] as const) {
    const offer = await request.post('/api/v1/offers', {
      headers: auth(token),
      data: {
        storeId,
        title,
        discount: 20,
        original_price: 2500,
        expiration_date: inAMonth,
        category: categories.categories[0]!.name,
        status,
      },
    });
    expect(offer.status()).toBe(201);
  }
  // Signed in once: a later reload keeps whatever token the page holds then.
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('merchant_token')) window.localStorage.setItem('merchant_token', value);
  }, token);

  // --- logo upload and map pin in the store form -----------------------------------------------
  await page.goto('/merchant/stores');
  await page.getByRole('button', { name: 'Edit store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit store' });
  const logo = dialog.getByLabel('Choose logo');
  await logo.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text'),
  });
  await expect(dialog.getByText('Upload a JPEG, PNG, WebP or GIF image')).toBeVisible();
  await dialog
    .getByLabel('Choose logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('Logo updated')).toBeVisible();
  const preview = dialog.getByRole('img', { name: 'Logo preview' });
  await expect(preview).toHaveAttribute('src', /\/media\/images\/store-logos\/.+-lg\.webp$/);

  // No tiles load here (no internet): the map still takes a click and fills the coordinates.
  const map = dialog.locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog.getByLabel('Latitude')).toHaveValue(/^-1\.\d+$/);
  await expect(dialog.getByLabel('Longitude')).toHaveValue(/^36\.\d+$/);
  await expect(dialog.locator('.leaflet-marker-icon')).toBeVisible();
  const latitude = await dialog.getByLabel('Latitude').inputValue();
  await shot(page, 'store-form-logo-map');
  await dialog.getByRole('button', { name: 'Save store' }).click();
  await expect(dialog).toBeHidden();
  const store = (await (await request.get(`/api/v1/stores/${storeId}`, { headers: API_HEADERS })).json()) as {
    store: { latitude: number; logo_url: string };
  };
  expect(store.store.latitude).toBeCloseTo(Number(latitude), 5);
  expect(store.store.logo_url).toMatch(/-lg\.webp$/);
  // The branch form has the same picker (looked at, not driven again).
  await page.getByRole('button', { name: 'Add branch' }).click();
  const branch = page.getByRole('dialog', { name: 'New branch' });
  await expect(branch.locator('.leaflet-container')).toBeVisible();
  await shot(page, 'branch-form-map');
  await branch.getByRole('button', { name: 'Cancel' }).click();

  // --- offers in every state ---------------------------------------------------------------------
  await page.goto('/merchant/offers');
  await expect(page.getByText('Box braids, 20% off')).toBeVisible();
  await expect(page.getByText('Gel nails, 15% off')).toBeVisible();
  await page.getByRole('button', { name: /^Paused/ }).click();
  await expect(page.getByText('Box braids, 20% off')).toBeHidden();
  await expect(page.getByText('Hidden from customers')).toBeVisible();
  await shot(page, 'offers-paused');
  await page.getByRole('button', { name: 'Edit Gel nails, 15% off' }).click();
  const offerForm = page.getByRole('dialog', { name: 'Edit offer' });
  await offerForm
    .getByLabel('Choose offer image')
    .setInputFiles({ name: 'nails.png', mimeType: 'image/png', buffer: PNG });
  await expect(offerForm.getByText('Image updated')).toBeVisible();
  await shot(page, 'offer-form-image');
  await offerForm.getByRole('button', { name: 'Cancel' }).click();

  // --- password change ends the other sessions ---------------------------------------------------
  await page.goto('/merchant/settings');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('Mpya-Kabisa-2026');
  await form.getByLabel('Confirm new password', { exact: true }).fill('Mpya-Kabisa-2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();
  await form.getByLabel('Current password', { exact: true }).fill(merchant.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText(/Password changed successfully/)).toBeVisible();
  await shot(page, 'settings');
  const old = await request.get('/api/v1/merchants/me', { headers: auth(token) });
  expect(old.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(merchant.email);
  expect(pageErrors).toEqual([]);
});
