import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../db/schema/offers.js';
import { services } from '../db/schema/services.js';
import { API, call, useApiTestApp } from '../test/build-app.js';
import { daysFromNow } from '../test/factories.js';

/**
 * Issue 14 finding 7: `discount: 1e-9` was accepted and stored as 0 % (numeric(5,2)). Prices and
 * discounts must be greater than 0 and whole cents (hundredths of a percent); the shared zod
 * schemas refuse anything else with 400 VALIDATION_ERROR, on create and on update.
 */
const ctx = useApiTestApp();
let token: string;
let storeId: string;

beforeAll(async () => {
  const merchant = await ctx.createMerchant();
  token = await ctx.merchantToken(merchant.id);
  storeId = (await ctx.createStore({ merchantId: merchant.id })).id;
});

const offerBody = (overrides: Record<string, unknown> = {}) => ({
  storeId,
  title: 'Manicure week',
  discount: 25,
  original_price: 2000,
  expiration_date: daysFromNow(5).toISOString(),
  category: 'Beauty & Spa',
  ...overrides,
});

const serviceBody = (overrides: Record<string, unknown> = {}) => ({
  storeId,
  name: 'Gel manicure',
  price: 1500,
  duration: 45,
  category: 'Beauty & Spa',
  ...overrides,
});

/** A write to the API as the store's merchant. */
const asMerchant = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  call(ctx.app, method, `${API}${url}`, { token, body });

function expectRefused(response: { statusCode: number; json(): unknown }, field: string, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    success: false,
    code: 'VALIDATION_ERROR',
    message,
    errors: { [field]: message },
  });
}

describe('offer discounts and prices', () => {
  it.each([
    [1e-9, 'Discount can have at most 2 decimals'],
    ['1e-9', 'Discount can have at most 2 decimals'],
    [0.001, 'Discount can have at most 2 decimals'],
    [12.345, 'Discount can have at most 2 decimals'],
    [0, 'Discount must be between 0 and 100'],
    [-5, 'Discount must be between 0 and 100'],
    [100.01, 'Discount must be between 0 and 100'],
    ['abc', 'Discount must be a number'],
  ])('refuses discount %s with 400 "%s" and stores nothing', async (discount, message) => {
    const title = `Refused discount ${String(discount)}`;
    const response = await asMerchant('POST', '/offers', offerBody({ title, discount }));
    expectRefused(response, 'discount', message);
    expect(await ctx.app.db.select().from(offers).where(eq(offers.title, title))).toEqual([]);
  });

  it.each([
    [0, 'Price must be greater than 0'],
    [-1, 'Price must be greater than 0'],
    [1e-9, 'Price can have at most 2 decimals'],
    [10.005, 'Price can have at most 2 decimals'],
  ])('refuses original_price %s with 400 "%s"', async (price, message) => {
    const response = await asMerchant('POST', '/offers', offerBody({ original_price: price }));
    expectRefused(response, 'original_price', message);
  });

  it('accepts the smallest and largest exact values and stores them unchanged', async () => {
    const response = await asMerchant(
      'POST',
      '/offers',
      offerBody({ title: 'Exact values', discount: 0.01, original_price: '99999999.99' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.app.db.select().from(offers).where(eq(offers.id, response.json().offer.id));
    expect(row).toMatchObject({ discount: '0.01', originalPrice: '99999999.99' });
    const other = await asMerchant(
      'POST',
      '/offers',
      offerBody({ title: 'Cents', discount: 12.5, original_price: 0.29 }),
    );
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().offer).toMatchObject({ discount: 12.5, original_price: 0.29 });
  });

  it('refuses the same values on update and leaves the offer as it was', async () => {
    const offer = await ctx.createOffer({ storeId, discount: '20.00', originalPrice: '1000.00' });
    const discount = await asMerchant('PUT', `/offers/${offer.id}`, { discount: 1e-9 });
    expectRefused(discount, 'discount', 'Discount can have at most 2 decimals');
    const price = await asMerchant('PUT', `/offers/${offer.id}`, { original_price: 0 });
    expectRefused(price, 'original_price', 'Price must be greater than 0');
    const [row] = await ctx.app.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row).toMatchObject({ discount: '20.00', originalPrice: '1000.00' });
  });
});

describe('service prices', () => {
  it.each([
    [0, 'Price must be greater than 0'],
    [-100, 'Price must be greater than 0'],
    [1e-9, 'Price can have at most 2 decimals'],
    ['0.001', 'Price can have at most 2 decimals'],
  ])('refuses price %s with 400 "%s" on create and update', async (price, message) => {
    const name = `Refused price ${String(price)}`;
    const created = await asMerchant('POST', '/services', serviceBody({ name, price }));
    expectRefused(created, 'price', message);
    expect(await ctx.app.db.select().from(services).where(eq(services.name, name))).toEqual([]);

    const service = await ctx.createService({ storeId, price: '1000.00' });
    const updated = await asMerchant('PUT', `/services/${service.id}`, { price });
    expectRefused(updated, 'price', message);
    const [row] = await ctx.app.db.select().from(services).where(eq(services.id, service.id));
    expect(row!.price).toBe('1000.00');
  });
});
