import { uploadedImageSrcSet } from '@d3/shared/site/uploaded-image';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../test/accounts-helpers.js';
import { useApiTestApp } from '../../test/build-app.js';
import { daysFromNow } from '../../test/factories.js';
import { expectProblemCode } from '../../test/problems.js';

const ctx = useApiTestApp();

let token: string;
let storeA: string;
let storeB: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const merchant = await ctx.createMerchant();
  token = await ctx.merchantToken(merchant.id);
  storeA = (await ctx.createStore({ merchantId: merchant.id, name: 'Salon A' })).id;
  storeB = (await ctx.createStore({ merchantId: merchant.id, name: 'Salon B' })).id;
  const make = async (key: string, overrides: Parameters<typeof ctx.createOffer>[0]) => {
    ids[key] = (await ctx.createOffer({ title: key, ...overrides })).id;
  };
  await make('A active', { storeId: storeA, createdAt: daysFromNow(-5) });
  await make('A paused', { storeId: storeA, status: 'paused', createdAt: daysFromNow(-4) });
  await make('A expired', { storeId: storeA, expirationDate: daysFromNow(-1), createdAt: daysFromNow(-3) });
  await make('A paused expired', {
    storeId: storeA,
    status: 'paused',
    expirationDate: daysFromNow(-2),
    createdAt: daysFromNow(-2),
  });
  await make('B draft', { storeId: storeB, status: 'draft', createdAt: daysFromNow(-1) });
  // Someone else's offers never show.
  await ctx.createOffer({ title: 'Foreign active' });
});

function list(query: string, as = token) {
  return send(ctx.app, 'GET', `/api/v1/offers/merchant${query}`, { token: as });
}

describe('GET /offers/merchant', () => {
  it('lists all of the merchant’s offers, newest first, with their state and the counts per state', async () => {
    const response = await list('');
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json();
    expect(json.offers.map((o: { title: string; state: string }) => [o.title, o.state])).toEqual([
      ['B draft', 'draft'],
      ['A paused expired', 'expired'],
      ['A expired', 'expired'],
      ['A paused', 'paused'],
      ['A active', 'active'],
    ]);
    expect(json.counts).toEqual({ active: 1, paused: 1, draft: 1, inactive: 0, expired: 2 });
    expect(json.pagination).toMatchObject({ page: 1, total: 5, totalPages: 1 });
    const expired = json.offers.find((o: { title: string }) => o.title === 'A expired');
    expect([expired.isExpired, expired.bookable, expired.status]).toEqual([true, false, 'active']);
    // The public list of the same store shows only the active, unexpired one.
    const publicList = await send(ctx.app, 'GET', `/api/v1/offers?storeId=${storeA}`);
    expect(publicList.json().offers.map((o: { title: string }) => o.title)).toEqual(['A active']);
  });

  it('filters by state and by store, and pages', async () => {
    const expired = await list('?state=expired');
    expect(expired.json().offers.map((o: { id: string }) => o.id)).toEqual([
      ids['A paused expired'],
      ids['A expired'],
    ]);
    const paused = await list(`?state=paused&storeId=${storeA}`);
    expect(paused.json().offers.map((o: { id: string }) => o.id)).toEqual([ids['A paused']]);
    const storeBList = await list(`?storeId=${storeB}`);
    expect(storeBList.json().offers.map((o: { id: string }) => o.id)).toEqual([ids['B draft']]);
    expect(storeBList.json().counts).toEqual({ active: 0, paused: 0, draft: 1, inactive: 0, expired: 0 });
    const page2 = await list('?limit=2&page=2');
    expect(page2.json().offers.map((o: { title: string }) => o.title)).toEqual(['A expired', 'A paused']);
    expect(page2.json().pagination).toMatchObject({
      page: 2,
      limit: 2,
      total: 5,
      totalPages: 3,
      hasNextPage: true,
    });
    const bad = await list('?state=gone');
    expectProblemCode(bad, 400, 'VALIDATION_ERROR');
  });

  it("refuses another merchant's store (403), a customer (403), nobody (401); a merchant without offers gets an empty list", async () => {
    const { token: otherToken } = await ctx.merchant();
    const foreign = await list(`?storeId=${storeA}`, otherToken);
    expectProblemCode(foreign, 403, 'FORBIDDEN');
    const own = await list('', otherToken);
    expect(own.json()).toMatchObject({
      offers: [],
      counts: { active: 0, expired: 0 },
      pagination: { total: 0 },
    });
    const unknown = await list('?storeId=00000000-0000-4000-8000-000000000999');
    expect(unknown.statusCode).toBe(404);
    const customer = await ctx.createCustomer();
    expect((await list('', await ctx.customerToken(customer.id))).statusCode).toBe(403);
    expect((await send(ctx.app, 'GET', '/api/v1/offers/merchant')).statusCode).toBe(401);
  });
});

describe('POST /offers/{id}/image', () => {
  const upload = (offerId: string, bytes: Buffer, as = token) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    return send(ctx.app, 'POST', `/api/v1/offers/${offerId}/image`, { token: as, body });
  };

  it('cuts the picture to 1200 × 900 and 480 × 360, and the offer shows it; another merchant gets 403', async () => {
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const response = await upload(ids['A paused']!, png);
    expect(response.statusCode, response.body).toBe(200);
    const { image } = response.json();
    expect(image.sizes.map((s: { width: number; height: number }) => [s.width, s.height])).toEqual([
      [1200, 900],
      [480, 360],
    ]);
    const stored = await ctx.app.inject({ method: 'GET', url: image.url });
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 900]);
    const offer = await send(ctx.app, 'GET', `/api/v1/offers/${ids['A paused']}`);
    expect(offer.json().offer.imageUrl).toBe(image.url);
    // The customer site offers the browser both files from the image's address alone (EntityImage),
    // and the small one is served.
    expect(uploadedImageSrcSet(image.url)).toBe(`${image.sizes[1].url} 480w, ${image.url} 1200w`);
    const small = await ctx.app.inject({ method: 'GET', url: image.sizes[1].url });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480);

    const other = await ctx.createMerchant();
    const foreign = await upload(ids['A paused']!, png, await ctx.merchantToken(other.id));
    expect(foreign.statusCode).toBe(403);
    const text = await upload(ids['A paused']!, Buffer.from('hello, not a picture'));
    expectProblemCode(text, 400, 'IMAGE_NOT_SUPPORTED');
  });
});
