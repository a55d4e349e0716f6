import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stores } from '../db/schema/stores.js';
import { API, call, useApiTestApp } from '../test/build-app.js';

/** Issue 14 finding 5: ten throw-away accounts moved a store from 5.0 to 1.36. */
const ctx = useApiTestApp();
const NOT_ALLOWED = 'You can review this store after you complete a booking with it.';

async function customer() {
  const user = await ctx.createCustomer();
  return { user, token: await ctx.customerToken(user.id) };
}

function review(token: string, storeId: string, rating: number) {
  return call(ctx.app, 'POST', `${API}/reviews`, {
    token,
    body: { store_id: storeId, rating, text: 'Honest words' },
  });
}

async function figures(storeId: string) {
  const [row] = await ctx.app.db.select().from(stores).where(eq(stores.id, storeId));
  return { rating: Number(row!.rating), totalReviews: row!.totalReviews };
}

describe('who may review a store', () => {
  it('ten throw-away accounts get 403 REVIEW_NOT_ALLOWED and the 5.0 average stands', async () => {
    const store = await ctx.createStore();
    const genuine = await customer();
    await ctx.createCompletedVisit(genuine.user.id, store.id);
    expect((await review(genuine.token, store.id, 5)).statusCode).toBe(201);

    for (let index = 0; index < 10; index++) {
      const throwaway = await customer();
      const response = await review(throwaway.token, store.id, 1);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'REVIEW_NOT_ALLOWED',
        message: NOT_ALLOWED,
      });
    }
    expect(await figures(store.id)).toEqual({ rating: 5, totalReviews: 1 });
    const viaStoreRoute = await call(ctx.app, 'POST', `${API}/stores/${store.id}/reviews`, {
      token: (await customer()).token,
      body: { rating: 1, text: 'Fake' },
    });
    expect(viaStoreRoute.statusCode).toBe(403);
  });

  it('a pending, confirmed or cancelled booking, or a completed one at another store, is not enough', async () => {
    const store = await ctx.createStore();
    const elsewhere = await ctx.createStore();
    const { user, token } = await customer();
    for (const status of ['pending', 'confirmed', 'cancelled'] as const) {
      await ctx.createBookingRow({ userId: user.id, storeId: store.id, status });
    }
    await ctx.createCompletedVisit(user.id, elsewhere.id);
    expect((await review(token, store.id, 4)).statusCode).toBe(403);
    await ctx.createCompletedVisit(user.id, store.id);
    expect((await review(token, store.id, 4)).statusCode).toBe(201);
  });

  it('the reviews answer tells the site whether the caller may review, and why not', async () => {
    const store = await ctx.createStore();
    const url = `${API}/stores/${store.id}/reviews`;
    const anonymous = await call(ctx.app, 'GET', url);
    expect(anonymous.json().reviewEligibility).toEqual({
      canReview: false,
      reason: 'sign_in_required',
      message: 'Please log in to submit a review.',
    });
    const { user, token } = await customer();
    expect((await call(ctx.app, 'GET', url, { token })).json().reviewEligibility).toEqual({
      canReview: false,
      reason: 'booking_required',
      message: NOT_ALLOWED,
    });
    await ctx.createCompletedVisit(user.id, store.id);
    expect((await call(ctx.app, 'GET', url, { token })).json().reviewEligibility).toEqual({
      canReview: true,
      reason: null,
      message: null,
    });
  });
});
