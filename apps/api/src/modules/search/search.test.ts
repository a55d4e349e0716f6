import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, getOk, useTestApp } from '../../test/build-app.js';
import { createOffer, createStore, daysFromNow, seedPlaces } from '../../test/factories.js';

const ctx = useTestApp();

type Named = { id: string; name?: string; title?: string };

async function search(query: string) {
  return (await getOk(ctx.app, `${API}/search?${query}`)) as {
    query: string;
    discounts: Named[];
    shops: Named[];
    counts: { discounts: number; shops: number; total: number; capped?: boolean };
  };
}

let grill: string;
let spa: string;
let zuri: string;

beforeAll(async () => {
  const db = ctx.app.db;
  await seedPlaces(db);
  grill = (
    await createStore(db, {
      name: 'Kilimanjaro Grill House',
      category: 'Food & Dining',
      locationId: 'westlands',
      description: 'Nyama choma and grilled tilapia',
      rating: '4.50',
      totalReviews: 20,
    })
  ).id;
  spa = (
    await createStore(db, {
      name: 'Savannah Glow Spa',
      locationId: 'mombasa',
      description: 'Massages and facials by the ocean',
      cashback: 30,
    })
  ).id;
  await createOffer(db, {
    storeId: spa,
    title: 'Swedish Massage Special',
    discount: '40.00',
    category: 'Beauty & Spa',
  });
  await createOffer(db, {
    storeId: spa,
    title: 'Hot Stone Massage',
    discount: '25.00',
    createdAt: daysFromNow(-2),
  });
  await createOffer(db, {
    storeId: grill,
    title: 'Nyama Choma Platter',
    discount: '15.00',
    category: 'Food & Dining',
  });
  zuri = (
    await createStore(db, {
      name: 'Zuri Hair & Nail Lounge',
      locationId: 'westlands',
      description: 'Natural hair care, braiding and gel manicures',
    })
  ).id;
  await createOffer(db, { storeId: zuri, title: 'Knotless Box Braids', discount: '20.00' });
  await createOffer(db, { storeId: spa, title: 'Expired Massage Deal', expirationDate: daysFromNow(-1) });
  await createOffer(db, { storeId: spa, title: 'Paused Massage Deal', status: 'paused' });
});

describe('GET /search', () => {
  it('finds offers and shops by a real word (stemmed), never expired or paused offers', async () => {
    const body = await search('query=massages');
    expect(body.discounts.map((offer) => offer.title).sort()).toEqual([
      'Hot Stone Massage',
      'Swedish Massage Special',
    ]);
    expect(body.shops.map((shop) => shop.id)).toEqual([spa]);
    expect(body.counts).toEqual({ discounts: 2, shops: 1, total: 3 });
  });

  it('still finds the store with a typo or a half-typed name', async () => {
    expect((await search('query=kilimanj')).shops.map((shop) => shop.id)).toEqual([grill]);
    expect((await search('q=savanah')).shops.map((shop) => shop.id)).toEqual([spa]);
    expect((await search('query=masage')).discounts.length).toBeGreaterThanOrEqual(2);
  });

  it('corrects a typo against the catalogue words, so a misspelt category finds what the trigram search cannot', async () => {
    // 'beuty' is no title's or store name's near twin; the dictionary corrects it to 'beauty', the
    // category of the massages and the braids.
    const beauty = await search('query=beuty');
    expect(beauty.discounts.map((offer) => offer.title).sort()).toEqual([
      'Hot Stone Massage',
      'Knotless Box Braids',
      'Swedish Massage Special',
    ]);
    const typo = await search('query=swedsh%20masage');
    expect(typo.discounts.map((offer) => offer.title)).toEqual(['Swedish Massage Special']);
    // A word nothing in the catalogue resembles is left alone and finds nothing.
    expect((await search('query=qwxyzv')).counts.total).toBe(0);
  });

  it('filters by location and category', async () => {
    const westlands = await search('query=choma&location=Westlands');
    expect(westlands.shops.map((shop) => shop.id)).toEqual([grill]);
    expect(westlands.discounts.map((offer) => offer.title)).toEqual(['Nyama Choma Platter']);
    const mombasa = await search('query=choma&location=mombasa');
    expect(mombasa.counts.total).toBe(0);
    const food = await search('query=massage&category=Food%20%26%20Dining');
    expect(food.discounts).toEqual([]);
  });

  it('sorts by discount and newest, and limits (5 for the dropdown)', async () => {
    const byDiscount = await search('query=massage&sortBy=discount');
    expect(byDiscount.discounts.map((offer) => offer.title)).toEqual([
      'Swedish Massage Special',
      'Hot Stone Massage',
    ]);
    const newest = await search('query=massage&sortBy=newest');
    expect(newest.discounts.map((offer) => offer.title)).toEqual([
      'Swedish Massage Special',
      'Hot Stone Massage',
    ]);
    const limited = await search('query=massage&limit=1');
    expect(limited.discounts).toHaveLength(1);
    expect(limited.counts.discounts).toBe(2);
  });

  it('finds a half-typed word through the prefix index, and survives stop words and symbols', async () => {
    // 'mass' is no word of its own: the prefix query finds both massages even when asked for one.
    const half = await search('query=mass&limit=1');
    expect(half.discounts).toHaveLength(1);
    expect(half.counts.discounts).toBe(2);
    expect(['Swedish Massage Special', 'Hot Stone Massage']).toContain(half.discounts[0]?.title);
    // Only stop words or only symbols: no full-text query is left, the fuzzy search still answers.
    for (const text of ['the', '%25%25!', 'and%20or']) {
      const body = await search(`query=${text}`);
      expect(Array.isArray(body.discounts)).toBe(true);
      expect(body.discounts.every((offer) => !offer.title?.includes('Expired'))).toBe(true);
    }
  });

  it('a place finds what is there, typos included, the place first; other words narrow it', async () => {
    const mombasa = await search('query=mombasa');
    expect(mombasa.shops.map((shop) => shop.id)).toEqual([spa]);
    expect(mombasa.discounts.map((offer) => offer.title).sort()).toEqual([
      'Hot Stone Massage',
      'Swedish Massage Special',
    ]);
    expect(mombasa.counts).toEqual({ discounts: 2, shops: 1, total: 3 });
    const westlands = await search('query=Westlands');
    expect(westlands.shops.map((shop) => shop.id).sort()).toEqual([grill, zuri].sort());
    expect(westlands.discounts.map((offer) => offer.title).sort()).toEqual([
      'Knotless Box Braids',
      'Nyama Choma Platter',
    ]);
    expect((await search('query=westland')).shops).toHaveLength(2);
    expect((await search('query=mombsa')).shops.map((shop) => shop.id)).toEqual([spa]);
    const narrowed = await search('query=braids%20westlands');
    expect(narrowed.discounts.map((offer) => offer.title)).toEqual(['Knotless Box Braids']);
    expect(narrowed.shops.map((shop) => shop.id)).toEqual([zuri]);
    expect((await search('query=massage%20westlands')).discounts).toEqual([]);
  });

  it("'salon' finds hair and nail places; a store's name finds its offers; the exact name ranks first", async () => {
    const salon = await search('query=salon');
    expect(salon.shops.map((shop) => shop.id)).toEqual([zuri]);
    expect(salon.discounts.map((offer) => offer.title)).toEqual(['Knotless Box Braids']);
    const byStore = await search('query=kilimanjaro');
    expect(byStore.discounts.map((offer) => offer.title)).toEqual(['Nyama Choma Platter']);
    const exact = await search('query=Savannah%20Glow%20Spa');
    expect(exact.shops[0]?.id).toBe(spa);
    expect(exact.discounts.map((offer) => offer.title).sort()).toEqual([
      'Hot Stone Massage',
      'Swedish Massage Special',
    ]);
  });

  it('answers empty results for a blank query', async () => {
    expect(await search('query=%20%20')).toMatchObject({
      discounts: [],
      shops: [],
      counts: { discounts: 0, shops: 0, total: 0 },
    });
    expect((await search('')).counts.total).toBe(0);
  });
});

describe('search at scale and typos (issue 16)', () => {
  it('counts up to 1,000 offers and says so when more match; the page still comes back ranked', async () => {
    const db = ctx.app.db;
    const storeId = (await createStore(db, { name: 'Quokka Depot', locationId: 'kilimani' })).id;
    await db.execute(sql`
      insert into offers (store_id, title, discount, expiration_date, category, created_at)
      select ${storeId}, 'Zebrawood bowl ' || n, (n % 90) + 1, now() + interval '9 days',
        'Food & Dining', now() - n * interval '1 minute'
      from generate_series(1, 1003) as n`);
    const body = await search('query=zebrawood&sortBy=discount&limit=20');
    expect(body.counts).toMatchObject({ discounts: 1000, capped: true });
    expect(body.discounts).toHaveLength(20);
    const discounts = body.discounts.map((offer) => (offer as unknown as { discount: number }).discount);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    expect(body.discounts[0]).toMatchObject({ store: { name: 'Quokka Depot', location: 'Kilimani' } });

    const few = await search('query=zebrawood%20bowl%2017&limit=5');
    expect(few.counts.capped).toBeUndefined();
  });

  it('a catalogue word that finds nothing in the chosen place answers nothing: no look-alike pass', async () => {
    const db = ctx.app.db;
    const office = (await createStore(db, { name: 'Upper Deck Offices', locationId: 'kilimani' })).id;
    await createOffer(db, { storeId: office, title: 'Office Space Hire' });
    const cowork = (await createStore(db, { name: 'Tumaini Hub', locationId: 'nairobi-cbd' })).id;
    await createOffer(db, { storeId: cowork, title: 'Workspace Day Pass' });
    // 'space' is a catalogue word: in Nairobi CBD the words find nothing, and the answer stays empty
    // (the trigram pass would have added 'Workspace Day Pass' for its letters).
    expect((await search('query=space&location=nairobi-cbd')).counts.total).toBe(0);
    expect((await search('query=space')).discounts.map((offer) => offer.title)).toEqual([
      'Office Space Hire',
    ]);
    // A misspelt word is corrected; a piece of a word nothing corrects still gets the look-alike pass.
    for (const typed of ['wrkspace', 'kspac']) {
      const found = await search(`query=${typed}&location=nairobi-cbd`);
      expect(found.discounts.map((offer) => offer.title)).toEqual(['Workspace Day Pass']);
    }
  });

  it('keeps the dictionary from offer titles, categories and store names as they are written', async () => {
    const db = ctx.app.db;
    const storeId = (await createStore(db, { name: 'Jacaranda Nails', locationId: 'westlands' })).id;
    await createOffer(db, { storeId, title: 'Gel Pedicure Combo', category: 'Beauty & Spa' });
    await db.execute(sql`update stores set name = 'Jacaranda Nail Bar' where id = ${storeId}`);
    const rows = await db.execute<{ word: string }>(
      sql`select word from search_words where word in ('jacaranda', 'nails', 'bar', 'pedicure', 'combo', 'gel', 'beauty')`,
    );
    // 'gel' has 3 letters and is kept; 'nails' came from the first name and stays.
    expect(rows.rows.map((row) => row.word).sort()).toEqual([
      'bar',
      'beauty',
      'combo',
      'gel',
      'jacaranda',
      'nails',
      'pedicure',
    ]);
    expect((await search('query=pedicre')).discounts.map((offer) => offer.title)).toEqual([
      'Gel Pedicure Combo',
    ]);
  });
});
