import { beforeAll, describe, expect, it } from 'vitest';
import { API, call, getOk, useTestApp } from '../../test/build-app.js';
import { createOffer, createStore, daysFromNow, seedPlaces } from '../../test/factories.js';

// Issue 36, seed 000 §5: the results page's price ranges, with the tabs' counts and the sort.
const ctx = useTestApp();

type Found = {
  discounts: { title: string; discounted_price?: number | null }[];
  shops: { name: string }[];
  counts: { discounts: number; shops: number; total: number };
};

async function search(query: string): Promise<Found> {
  return getOk(ctx.app, `${API}/search?${query}`);
}

beforeAll(async () => {
  const db = ctx.app.db;
  await seedPlaces(db);
  const cheap = (await createStore(db, { name: 'Pumzika Budget Spa', locationId: 'westlands' })).id;
  const dear = (await createStore(db, { name: 'Pumzika Luxury Spa', locationId: 'westlands' })).id;
  // Prices after discount: 800, 1,000, 4,500, 5,000, 12,000 (and one without a price).
  // The couples massage is the oldest, for the sort by newest.
  const priced: Array<[string, string, string | null, string, Date?]> = [
    [cheap, 'Pumzika Foot Massage', '1000.00', '20.00'],
    [cheap, 'Pumzika Back Massage', '2000.00', '50.00'],
    [dear, 'Pumzika Couples Massage', '5000.00', '10.00', daysFromNow(-3)],
    [dear, 'Pumzika Stone Massage', '10000.00', '50.00'],
    [dear, 'Pumzika Retreat Massage', '15000.00', '20.00'],
    [dear, 'Pumzika Quote Massage', null, '30.00'],
  ];
  for (const [storeId, title, originalPrice, discount, createdAt] of priced) {
    await createOffer(db, { storeId, title, originalPrice, discount, ...(createdAt ? { createdAt } : {}) });
  }
  // Expired in range: never shown, and never makes its store count.
  const gone = (await createStore(db, { name: 'Pumzika Closed Spa', locationId: 'westlands' })).id;
  await createOffer(db, {
    storeId: gone,
    title: 'Pumzika Old Massage',
    originalPrice: '500.00',
    expirationDate: daysFromNow(-1),
  });
});

const titles = (found: Found) => found.discounts.map((offer) => offer.title).sort();

describe('GET /search priceRange (seed 000 §5)', () => {
  it('keeps only the offers priced in the range, a bound in the range above it, and the stores listing one', async () => {
    const under = await search('query=pumzika&priceRange=under-1000');
    expect(titles(under)).toEqual(['Pumzika Foot Massage']);
    expect(under.shops.map((store) => store.name)).toEqual(['Pumzika Budget Spa']);
    expect(under.counts).toEqual({ discounts: 1, shops: 1, total: 2 });

    const low = await search('query=pumzika&priceRange=1000-5000');
    expect(titles(low)).toEqual(['Pumzika Back Massage', 'Pumzika Couples Massage']);
    expect(low.shops.map((store) => store.name).sort()).toEqual(['Pumzika Budget Spa', 'Pumzika Luxury Spa']);

    expect(titles(await search('query=pumzika&priceRange=5000-10000'))).toEqual(['Pumzika Stone Massage']);
    const over = await search('query=pumzika&priceRange=over-10000');
    expect(titles(over)).toEqual(['Pumzika Retreat Massage']);
    expect(over.shops.map((store) => store.name)).toEqual(['Pumzika Luxury Spa']);

    // No range: everything listed, the offer without a price included.
    expect((await search('query=pumzika')).counts.discounts).toBe(6);
    expect((await search('query=pumzika&priceRange=all')).counts.discounts).toBe(6);
  });

  it('combines with the sort and with the typo pass', async () => {
    // Both sorts put the back massage (newer, and 50 % off) first.
    for (const sortBy of ['newest', 'discount']) {
      const sorted = await search(`query=pumzika&priceRange=1000-5000&sortBy=${sortBy}`);
      expect(
        sorted.discounts.map((offer) => offer.title),
        sortBy,
      ).toEqual(['Pumzika Back Massage', 'Pumzika Couples Massage']);
    }
    // 'pumzka' is a typo: the corrected or fuzzy pass keeps the range too.
    expect(titles(await search('query=pumzka&priceRange=over-10000'))).toEqual(['Pumzika Retreat Massage']);
  });

  it('refuses a range it does not know with 400 VALIDATION_ERROR naming the ranges', async () => {
    for (const bad of ['cheap', '0-1000', 'UNDER-1000', '$%26']) {
      const response = await call(ctx.app, 'GET', `${API}/search?query=pumzika&priceRange=${bad}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.errors.priceRange).toBe(
        'priceRange must be one of under-1000, 1000-5000, 5000-10000, over-10000',
      );
    }
  });
});
