import type { APIRequestContext } from '@playwright/test';
import {
  API_HEADERS,
  auth,
  newTestAccount,
  registerCustomer,
  registerMerchant,
  shot,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * The merchant's inbox and service requests (issue 13), lean: the merchant, its store, the
 * customer's message and request are made through the API; the merchant answers in the chat inbox
 * with the canned reply and quotes on the request through the pages — at 1280 and 390 px.
 */

async function first<T>(request: APIRequestContext, path: string, key: string): Promise<T> {
  const response = await request.get(`/api/v1${path}`, { headers: API_HEADERS });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Record<string, T[]>)[key]![0]!;
}

test('the merchant answers a customer in the chat inbox and quotes on a service request', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const merchant = newTestAccount('Wanjiru', 'Kamau');
  const merchantToken = await registerMerchant(request, merchant);
  const category = await first<{ name: string }>(request, '/stores/categories', 'categories');
  const location = await first<{ id: string }>(request, '/stores/locations', 'locations');
  const storeName = `Fundi ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/stores', {
    headers: auth(merchantToken),
    data: { name: storeName, category: category.name, location: location.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { store } = (await created.json()) as { store: { id: string } };

  const customer = newTestAccount('Achieng', 'Odhiambo');
  const customerToken = await registerCustomer(request, customer);
  const conversation = await request.post('/api/v1/chat/conversations', {
    headers: auth(customerToken),
    data: { storeId: store.id, initialMessage: 'Habari! Do you deliver to Kilimani?' },
  });
  expect(conversation.status(), await conversation.text()).toBe(201);
  const { data } = (await conversation.json()) as { data: { conversationId: string } };

  // --- the inbox: the conversation with its unread count, then the pane -------------------------
  await page.goto('/merchant/sign-in');
  await page.evaluate((token) => window.localStorage.setItem('merchant_token', token), merchantToken);
  await page.goto('/merchant/chat');
  const row = page.getByTestId('conversation').filter({ hasText: 'Achieng' });
  await expect(row.getByTestId('unread-count')).toHaveText('1 unread');
  await shot(page, 'chat-list');
  await row.click();
  await expect(
    page.getByTestId('chat-message').filter({ hasText: 'Habari! Do you deliver to Kilimani?' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Standard reply' }).click();
  await expect(page.getByLabel('Message')).toHaveValue(/free delivery on orders over KES 2,000/);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByTestId('chat-message').filter({ hasText: 'Monday to Friday, 9 AM to 6 PM' }),
  ).toBeVisible();
  await shot(page, 'chat-pane');

  // The customer receives it; the customer's message is read (the merchant opened it).
  const messages = await request.get(`/api/v1/chat/conversations/${data.conversationId}/messages`, {
    headers: auth(customerToken),
  });
  const list = (
    (await messages.json()) as { data: Array<{ sender: string; status: string; content: string }> }
  ).data;
  expect(list.find((m) => m.sender === 'customer')?.status).toBe('read');
  expect(list.find((m) => m.sender === 'merchant')?.content).toContain(
    'free delivery on orders over KES 2,000',
  );

  // --- service requests: a customer's request, the merchant's quote, then withdraw -------------
  const title = `Fix a leaking sink ${Date.now().toString(36)}`;
  const posted = await request.post('/api/v1/request-service', {
    headers: auth(customerToken),
    data: {
      title,
      category: category.name,
      description: 'The pipe under the kitchen sink leaks when the tap runs.',
      budgetMin: 1000,
      budgetMax: 5000,
      timeline: 'thisweek',
      location: 'Kilimani, Nairobi',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await page.goto('/merchant/service-requests');
  const card = page.locator('li').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Send a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a quote' });
  await dialog.getByLabel('Your price (KES)').fill('2500');
  await dialog.getByLabel('Message to the customer').fill('I can replace the seal and test the pipe today.');
  await dialog.getByLabel('Availability').fill('Today from 2 PM');
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText('Offer submitted successfully!')).toBeVisible();
  await expect(card.getByText('Quoted')).toBeVisible();
  await shot(page, 'service-requests');
  await page.getByRole('tab', { name: 'My quotes' }).click();
  const quote = page.locator('li').filter({ hasText: title });
  await expect(quote.getByText('pending')).toBeVisible();
  await quote.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByRole('button', { name: 'Withdraw quote' }).click();
  await expect(quote.getByText('withdrawn')).toBeVisible();
  await shot(page, 'my-quotes');
});
