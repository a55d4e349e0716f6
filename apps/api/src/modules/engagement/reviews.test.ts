import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stores } from '../../db/schema/stores.js';
import { API, call, UNKNOWN_ID, useApiTestApp } from '../../test/build-app.js';
import { expectProblem } from '../../test/problems.js';

import { reviewsCsv } from './reviews-service.js';

const ctx = useApiTestApp();
const REQUIRED = 'Please provide both a rating and a comment.';
const DUPLICATE = 'You have already reviewed this store. You can edit your existing review instead.';

/** Whose each token is: postReview first gives its customer a completed visit (issue 14). */
const customerOfToken = new Map<string, string>();

async function customer(firstName = 'Amina', lastName = 'Njeri') {
  const user = await ctx.createCustomer({ firstName, lastName });
  const token = await ctx.customerToken(user.id);
  customerOfToken.set(token, user.id);
  return { user, token };
}

async function storeFigures(storeId: string) {
  const [row] = await ctx.app.db
    .select({ rating: stores.rating, totalReviews: stores.totalReviews })
    .from(stores)
    .where(eq(stores.id, storeId));
  return { rating: Number(row!.rating), totalReviews: row!.totalReviews };
}

/** Posts as a customer who completed a booking at the store (what makes a review allowed). */
async function postReview(token: string, body: { store_id?: string } & Record<string, unknown>) {
  const userId = customerOfToken.get(token);
  if (userId && body.store_id && body.store_id !== UNKNOWN_ID) {
    await ctx.createCompletedVisit(userId, body.store_id);
  }
  return call(ctx.app, 'POST', `${API}/reviews`, { token, body });
}

/** PUT /reviews/{id}: an edit of the review sent with `token`. */
function editReview(token: string, reviewId: string, body: { rating: number; text: string }) {
  return call(ctx.app, 'PUT', `${API}/reviews/${reviewId}`, { token, body });
}

describe('POST /reviews validation', () => {
  it.each([
    ['rating 0', { rating: 0, text: 'Nice' }, 'Rating must be a whole number from 1 to 5'],
    ['rating 6', { rating: 6, text: 'Nice' }, 'Rating must be a whole number from 1 to 5'],
    ['rating 2.5', { rating: 2.5, text: 'Nice' }, 'Rating must be a whole number from 1 to 5'],
    ['no rating', { text: 'Nice' }, REQUIRED],
    ['no comment', { rating: 4 }, REQUIRED],
    ['blank comment', { rating: 4, text: '   ' }, REQUIRED],
    ['501-character comment', { rating: 4, text: 'a'.repeat(501) }, 'Comment must be at most 500 characters'],
  ])('%s is 400', async (_name, body, message) => {
    const store = await ctx.createStore();
    const { token } = await customer();
    const response = await postReview(token, { store_id: store.id, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, code: 'VALIDATION_ERROR' });
    expect(await storeFigures(store.id)).toEqual({ rating: 0, totalReviews: 0 });
  });

  it('accepts exactly 500 characters and a comment sent as `comment`', async () => {
    const store = await ctx.createStore();
    const a = await customer();
    expect(
      (await postReview(a.token, { store_id: store.id, rating: 5, text: 'b'.repeat(500) })).statusCode,
    ).toBe(201);
    const b = await customer();
    const viaComment = await postReview(b.token, { store_id: store.id, rating: 3, comment: 'Fine' });
    expect(viaComment.statusCode).toBe(201);
    expect(viaComment.json().review).toMatchObject({ text: 'Fine', comment: 'Fine', rating: 3 });
  });

  it('unknown store 404, anonymous 401', async () => {
    const { token } = await customer();
    const unknown = await postReview(token, { store_id: UNKNOWN_ID, rating: 4, text: 'Hi' });
    expectProblem(unknown, 404, 'Store not found');
    const store = await ctx.createStore();
    expect(
      (await call(ctx.app, 'POST', `${API}/reviews`, { body: { store_id: store.id, rating: 4, text: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('review lifecycle and store figures', () => {
  it('creates, refuses a second review with 409, edits and deletes, keeping rating and count exact', async () => {
    const store = await ctx.createStore();
    const amina = await customer('Amina', 'Njeri');
    const brian = await customer('Brian', 'otieno');

    const created = await postReview(amina.token, { store_id: store.id, rating: 5, text: '  Lovely spa  ' });
    expect(created.statusCode).toBe(201);
    const review = created.json().review;
    expect(review).toMatchObject({
      rating: 5,
      text: 'Lovely spa',
      comment: 'Lovely spa',
      name: 'Amina N.',
      customerName: 'Amina N.',
      userId: amina.user.id,
      storeId: store.id,
      response: null,
    });
    expect(JSON.stringify(created.json())).not.toContain(amina.user.email);
    expect(created.json().stats).toMatchObject({ averageRating: 5, totalReviews: 1 });
    expect(await storeFigures(store.id)).toEqual({ rating: 5, totalReviews: 1 });

    const again = await postReview(amina.token, { store_id: store.id, rating: 1, text: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: DUPLICATE });
    const viaStoreRoute = await call(ctx.app, 'POST', `${API}/stores/${store.id}/reviews`, {
      token: amina.token,
      body: { rating: 2, text: 'Again' },
    });
    expect(viaStoreRoute.statusCode).toBe(409);

    await ctx.createCompletedVisit(brian.user.id, store.id);
    const second = await call(ctx.app, 'POST', `${API}/stores/${store.id}/reviews`, {
      token: brian.token,
      body: { rating: 2, text: 'Too slow' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().review.name).toBe('Brian O.');
    expect(await storeFigures(store.id)).toEqual({ rating: 3.5, totalReviews: 2 });

    const edited = await editReview(amina.token, review.id, { rating: 4, text: 'Good spa' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      review: { rating: 4, text: 'Good spa' },
      stats: { averageRating: 3 },
    });
    expect(await storeFigures(store.id)).toEqual({ rating: 3, totalReviews: 2 });

    const third = await customer('Chao', 'Wu');
    await postReview(third.token, { store_id: store.id, rating: 5, text: 'Great' });
    // (4 + 2 + 5) / 3 = 3.666… -> 3.67
    expect(await storeFigures(store.id)).toEqual({ rating: 3.67, totalReviews: 3 });

    const detail = (await call(ctx.app, 'GET', `${API}/stores/${store.id}`)).json().store;
    expect(detail).toMatchObject({ rating: 3.67, totalReviews: 3 });

    const deleted = await call(ctx.app, 'DELETE', `${API}/reviews/${review.id}`, { token: amina.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, stats: { averageRating: 3.5, totalReviews: 2 } });
    expect(await storeFigures(store.id)).toEqual({ rating: 3.5, totalReviews: 2 });
    expect((await call(ctx.app, 'GET', `${API}/reviews/${review.id}`)).statusCode).toBe(404);

    // After deleting, the customer may review again.
    expect(
      (await postReview(amina.token, { store_id: store.id, rating: 1, text: 'Changed my mind' })).statusCode,
    ).toBe(201);
  });

  it('another customer cannot edit or delete a review (403) and it stays unchanged', async () => {
    const store = await ctx.createStore();
    const author = await customer();
    const other = await customer('Other', 'Person');
    const review = (await postReview(author.token, { store_id: store.id, rating: 4, text: 'Mine' })).json()
      .review;

    const edit = await editReview(other.token, review.id, { rating: 1, text: 'Hijacked' });
    expect(edit.statusCode).toBe(403);
    const remove = await call(ctx.app, 'DELETE', `${API}/reviews/${review.id}`, { token: other.token });
    expect(remove.statusCode).toBe(403);
    const current = (await call(ctx.app, 'GET', `${API}/reviews/${review.id}`)).json().review;
    expect(current).toMatchObject({ rating: 4, text: 'Mine' });
    expect(await storeFigures(store.id)).toEqual({ rating: 4, totalReviews: 1 });
  });

  it('edit validates like create', async () => {
    const store = await ctx.createStore();
    const author = await customer();
    const review = (await postReview(author.token, { store_id: store.id, rating: 4, text: 'Mine' })).json()
      .review;
    const bad = await editReview(author.token, review.id, { rating: 6, text: 'x' });
    expect(bad.statusCode).toBe(400);
    const blank = await editReview(author.token, review.id, { rating: 3, text: '' });
    expect(blank.json().message).toBe(REQUIRED);
  });
});

describe('GET /stores/:id/reviews', () => {
  it('pages 10 newest first by default, sorts, filters by rating and reports stats', async () => {
    const store = await ctx.createStore();
    const ratings = [5, 4, 4, 3, 5, 1, 2, 5, 4, 3, 5, 4];
    const ids: string[] = [];
    for (const [index, rating] of ratings.entries()) {
      const { token } = await customer(`Person${index}`, 'Kamau');
      ids.push(
        (await postReview(token, { store_id: store.id, rating, text: `Review ${index}` })).json().review.id,
      );
    }
    const first = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews`)).json();
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].id).toBe(ids[11]);
    expect(first.reviews[0]).toMatchObject({ name: 'Person11 K.', text: 'Review 11', comment: 'Review 11' });
    expect(first.pagination).toMatchObject({
      currentPage: 1,
      totalPages: 2,
      hasNextPage: true,
      totalReviews: 12,
    });
    expect(first.stats).toEqual({
      averageRating: 3.75,
      totalReviews: 12,
      distribution: { '1': 1, '2': 1, '3': 2, '4': 4, '5': 4 },
    });

    const second = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews?page=2`)).json();
    expect(second.reviews.map((review: { id: string }) => review.id)).toEqual([ids[1], ids[0]]);
    expect(second.pagination.hasNextPage).toBe(false);

    const oldest = (
      await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews?sortBy=oldest&limit=3`)
    ).json();
    expect(oldest.reviews.map((review: { id: string }) => review.id)).toEqual(ids.slice(0, 3));
    const highest = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews?sortBy=highest`)).json();
    expect(highest.reviews[0].rating).toBe(5);
    const lowest = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews?sortBy=lowest`)).json();
    expect(lowest.reviews.map((review: { rating: number }) => review.rating).slice(0, 3)).toEqual([1, 2, 3]);
    const fours = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews?rating=4`)).json();
    expect(fours.reviews).toHaveLength(4);
    expect(fours.pagination.totalReviews).toBe(4);
    expect(fours.stats.totalReviews).toBe(12);
  });

  it('a store without reviews has zero stats; unknown store 404', async () => {
    const store = await ctx.createStore();
    const empty = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews`)).json();
    expect(empty).toMatchObject({
      success: true,
      reviews: [],
      stats: { averageRating: 0, totalReviews: 0 },
      pagination: { currentPage: 1, totalPages: 0, hasNextPage: false },
    });
    expect((await call(ctx.app, 'GET', `${API}/stores/${UNKNOWN_ID}/reviews`)).statusCode).toBe(404);
  });
});

describe('GET /stores/:id/reviews userReview', () => {
  it('is the signed-in customer’s own review even when it is not on the requested page', async () => {
    const store = await ctx.createStore();
    const author = await customer('Wanjiru', 'Mutua');
    const own = (await postReview(author.token, { store_id: store.id, rating: 2, text: 'Too slow' })).json()
      .review;
    // Ten newer reviews push the author's to page 2.
    for (let index = 0; index < 10; index += 1) {
      const { token } = await customer(`Later${index}`, 'Otieno');
      await postReview(token, { store_id: store.id, rating: 5, text: `Great ${index}` });
    }
    const url = `${API}/stores/${store.id}/reviews?page=1`;

    const mine = (await call(ctx.app, 'GET', url, { token: author.token })).json();
    expect(mine.reviews.map((review: { id: string }) => review.id)).not.toContain(own.id);
    expect(mine.userReview).toMatchObject({
      id: own.id,
      userId: author.user.id,
      rating: 2,
      text: 'Too slow',
      name: 'Wanjiru M.',
    });

    // Another customer, a visitor, a merchant and an invalid token all get null.
    const stranger = await customer('Kevin', 'Kiprop');
    expect((await call(ctx.app, 'GET', url, { token: stranger.token })).json().userReview).toBeNull();
    const anonymous = await call(ctx.app, 'GET', url);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().userReview).toBeNull();
    const merchant = await ctx.createMerchant();
    const asMerchant = await call(ctx.app, 'GET', url, { token: await ctx.merchantToken(merchant.id) });
    expect(asMerchant.json().userReview).toBeNull();
    const garbled = await call(ctx.app, 'GET', url, { token: 'not-a-token' });
    expect(garbled.statusCode).toBe(200);
    expect(garbled.json().userReview).toBeNull();

    // Deleted: gone from userReview too.
    await call(ctx.app, 'DELETE', `${API}/reviews/${own.id}`, { token: author.token });
    expect((await call(ctx.app, 'GET', url, { token: author.token })).json().userReview).toBeNull();
  });
});

describe('merchant side', () => {
  it('the store’s merchant lists and answers reviews; another merchant gets 403', async () => {
    const merchant = await ctx.createMerchant();
    const store = await ctx.createStore({ merchantId: merchant.id });
    const elsewhere = await ctx.createStore();
    const { token } = await customer();
    const review = (await postReview(token, { store_id: store.id, rating: 4, text: 'Good' })).json().review;
    await postReview(token, { store_id: elsewhere.id, rating: 2, text: 'Elsewhere' });

    const mine = await call(ctx.app, 'GET', `${API}/merchant/reviews`, {
      token: await ctx.merchantToken(merchant.id),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().reviews.map((item: { id: string }) => item.id)).toEqual([review.id]);
    expect(mine.json().reviews[0].storeName).toBe(store.name);

    const intruder = await ctx.createMerchant();
    const denied = await call(ctx.app, 'POST', `${API}/reviews/${review.id}/response`, {
      token: await ctx.merchantToken(intruder.id),
      body: { text: 'Not my store' },
    });
    expect(denied.statusCode).toBe(403);
    const asCustomer = await call(ctx.app, 'POST', `${API}/reviews/${review.id}/response`, {
      token,
      body: { text: 'Me' },
    });
    expect(asCustomer.statusCode).toBe(403);

    const answered = await call(ctx.app, 'POST', `${API}/reviews/${review.id}/response`, {
      token: await ctx.merchantToken(merchant.id),
      body: { text: 'Thank you, Amina!' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().review.response).toMatchObject({ text: 'Thank you, Amina!' });
    const listed = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews`)).json().reviews[0];
    expect(listed.response.text).toBe('Thank you, Amina!');
    expect(listed.response.respondedAt).toMatch(/^\d{4}-/);
  });

  it('GET /merchant/reviews needs a merchant', async () => {
    const { token } = await customer();
    expect((await call(ctx.app, 'GET', `${API}/merchant/reviews`, { token })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `${API}/merchant/reviews`)).statusCode).toBe(401);
  });
});

describe('GET /stores/:id/reviews/export', () => {
  it('CSV has a header row, quotes commas, quotes and newlines, and carries public data only', async () => {
    const store = await ctx.createStore();
    const { user, token } = await customer('Zawadi', 'Mwangi');
    await postReview(token, { store_id: store.id, rating: 5, text: 'Great, "really" great\nCome again' });
    const response = await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews/export?format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const [header, ...rest] = response.body.split('\r\n');
    expect(header).toBe('rating,text,name,date');
    expect(rest.join('\r\n')).toMatch(
      /^5,"Great, ""really"" great\nCome again",Zawadi M\.,\d{4}-\d{2}-\d{2}T[^,]+\r\n$/,
    );
    expect(response.body).not.toContain(user.email);
    expect(response.body).not.toContain(user.id);

    const json = (await call(ctx.app, 'GET', `${API}/stores/${store.id}/reviews/export?format=json`)).json();
    expect(json.reviews).toEqual([
      { rating: 5, text: 'Great, "really" great\nCome again', name: 'Zawadi M.', date: expect.any(String) },
    ]);
  });

  it('neutralises spreadsheet formulas', () => {
    const csv = reviewsCsv([
      { rating: 1, text: '=HYPERLINK("x")', name: 'A B.', date: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`1,"'=HYPERLINK(""x"")",A B.,2026-01-01T00:00:00.000Z`);
  });
});
