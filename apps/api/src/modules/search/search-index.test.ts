import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, getOk, useTestApp } from '../../test/build-app.js';
import { createOffer, createStore, daysFromNow, seedPlaces } from '../../test/factories.js';

/**
 * Issue 16: search reads the offers' search index (search_postings, migration 0015), which
 * database triggers keep. These tests change offers and stores the way any writer would (plain
 * UPDATE / DELETE) and check that the next search sees the change, and that the two ways through
 * the search statement (one term read in rank order; several terms or words merged per offer)
 * agree on what matches and how it is counted.
 */
const ctx = useTestApp();

type Found = {
  discounts: { id: string; title: string; discount: number; store: { name: string; rating: number } }[];
  counts: { discounts: number };
};

async function search(query: string): Promise<Found> {
  return (await getOk(ctx.app, `${API}/search?${query}`)) as Found;
}

const titles = async (query: string) => (await search(query)).discounts.map((offer) => offer.title);

let storeId: string;

beforeAll(async () => {
  await seedPlaces(ctx.app.db);
  storeId = (await createStore(ctx.app.db, { name: 'Wombat Wellness', locationId: 'westlands' })).id;
});

describe('the search index follows every write (issue 16)', () => {
  it("an offer's new title, a pause, an expiry and a deletion reach the next search", async () => {
    const db = ctx.app.db;
    const offer = await createOffer(db, { storeId, title: 'Quillwort Facial' });
    expect(await titles('query=quillwort')).toEqual(['Quillwort Facial']);

    await db.execute(sql`update offers set title = 'Bracken Facial' where id = ${offer.id}`);
    expect(await titles('query=quillwort')).toEqual([]);
    expect(await titles('query=bracken')).toEqual(['Bracken Facial']);

    await db.execute(sql`update offers set status = 'paused' where id = ${offer.id}`);
    expect(await titles('query=bracken')).toEqual([]);
    await db.execute(sql`update offers set status = 'active' where id = ${offer.id}`);
    expect(await titles('query=bracken')).toEqual(['Bracken Facial']);

    await db.execute(sql`update offers set expiration_date = ${daysFromNow(-1)} where id = ${offer.id}`);
    expect(await titles('query=bracken')).toEqual([]);
    await db.execute(sql`update offers set expiration_date = ${daysFromNow(3)} where id = ${offer.id}`);
    expect(await titles('query=bracken')).toEqual(['Bracken Facial']);

    await db.execute(sql`delete from offers where id = ${offer.id}`);
    expect(await titles('query=bracken')).toEqual([]);
    const left = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from search_postings where offer_id = ${offer.id}`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it("a store's new name and new place reach its offers", async () => {
    const db = ctx.app.db;
    const store = await createStore(db, { name: 'Pangolin Grooming', locationId: 'westlands' });
    await createOffer(db, { storeId: store.id, title: 'Beard Trim Express' });
    expect(await titles('query=pangolin')).toEqual(['Beard Trim Express']);

    await db.execute(sql`update stores set name = 'Aardvark Grooming' where id = ${store.id}`);
    expect(await titles('query=pangolin')).toEqual([]);
    expect(await titles('query=aardvark')).toEqual(['Beard Trim Express']);

    expect(await titles('query=aardvark&location=westlands')).toEqual(['Beard Trim Express']);
    await db.execute(sql`update stores set location_id = 'mombasa' where id = ${store.id}`);
    expect(await titles('query=aardvark&location=westlands')).toEqual([]);
    expect(await titles('query=aardvark&location=mombasa')).toEqual(['Beard Trim Express']);
    // A place in the words and the location filter must both allow it.
    expect(await titles('query=aardvark%20mombasa&location=mombasa')).toEqual(['Beard Trim Express']);
    expect(await titles('query=aardvark%20mombasa&location=westlands')).toEqual([]);
  });

  it('keeps rows for active offers only, one per word and offer', async () => {
    const db = ctx.app.db;
    const paused = await createOffer(db, { storeId, title: 'Dormant Sauna Session', status: 'paused' });
    const active = await createOffer(db, {
      storeId,
      title: 'Sauna Sauna Night',
      description: 'A sauna evening',
    });
    const rows = await db.execute<{ offer_id: string; term: string; fields: number; weight: number }>(
      sql`select offer_id, term, fields, weight from search_postings
          where offer_id in (${paused.id}, ${active.id}) and term = 'sauna'`,
    );
    // 'sauna' is in the title (8) and the description (1) of the active offer, once.
    expect(rows.rows).toEqual([{ offer_id: active.id, term: 'sauna', fields: 9, weight: 12 }]);
  });
});

describe('one term in rank order, or several merged (issue 16)', () => {
  it('a word that starts several terms finds each offer once and counts it once', async () => {
    const db = ctx.app.db;
    // 'zither' is a term of its own and the start of 'zitherist'; one offer has both.
    await createOffer(db, { storeId, title: 'Zither Evening' });
    await createOffer(db, { storeId, title: 'Zitherist Masterclass' });
    await createOffer(db, { storeId, title: 'Zither and Zitherist Duet' });
    const found = await search('query=zither');
    expect(found.discounts.map((offer) => offer.title).sort()).toEqual([
      'Zither Evening',
      'Zither and Zitherist Duet',
      'Zitherist Masterclass',
    ]);
    expect(found.counts.discounts).toBe(3);
    // Asked for one, the count still says three.
    const one = await search('query=zither&limit=1');
    expect(one.discounts).toHaveLength(1);
    expect(one.counts.discounts).toBe(3);
    // 'zitherist' starts one term only: the first way through gives the same two offers.
    expect((await titles('query=zitherist')).sort()).toEqual([
      'Zither and Zitherist Duet',
      'Zitherist Masterclass',
    ]);
  });

  // Hundreds of writes: the time limit is generous so a loaded host is not a failure.
  it('a rare word beside a frequent one finds every offer with both, however many the frequent one has', async () => {
    const db = ctx.app.db;
    // 5,200 'Quartzite' offers with big discounts: more entries than one word may read (5,000), and
    // the three with 'ocarina' too rank last among them (the smallest discounts).
    await db.execute(sql`
      insert into offers (store_id, title, discount, expiration_date, category)
      select ${storeId}, 'Quartzite Bowl ' || n, 50 + n % 40, now() + interval '9 days', 'Beauty & Spa'
      from generate_series(1, 5200) as n`);
    for (const discount of ['1.00', '2.00', '3.00'])
      await createOffer(db, { storeId, title: `Quartzite Ocarina ${discount}`, discount });
    const found = await search('query=quartzite%20ocarina');
    expect(found.discounts.map((offer) => offer.title)).toEqual([
      'Quartzite Ocarina 3.00',
      'Quartzite Ocarina 2.00',
      'Quartzite Ocarina 1.00',
    ]);
    expect(found.counts.discounts).toBe(3);
    expect((await search('query=ocarina%20quartzite&sortBy=discount')).counts.discounts).toBe(3);
  }, 120_000);

  // Thousands of writes: the time limit is generous so a loaded host is not a failure.
  it('a prefix reads the best entries of each term it starts, however many an earlier term has', async () => {
    const db = ctx.app.db;
    // 'vel' starts two terms: 'velarium', in 5,200 descriptions (more entries than one word may read,
    // 5,000, and first in term order), and 'velvet', the whole title of two offers (the best rank).
    await db.execute(sql`
      insert into offers (store_id, title, description, discount, expiration_date, category)
      select ${storeId}, 'Canopy Hire ' || n, 'Shade under a velarium', 50 + n % 40, now() + interval '9 days', 'Events'
      from generate_series(1, 5200) as n`);
    await createOffer(db, { storeId, title: 'Velvet', discount: '5.00' });
    await createOffer(db, { storeId, title: 'Velvet', discount: '4.00' });
    const found = await search('query=vel&limit=3');
    expect(found.discounts.map((offer) => [offer.title.replace(/\d+$/, 'N'), offer.discount])).toEqual([
      ['Velvet', 5],
      ['Velvet', 4],
      ['Canopy Hire N', 89],
    ]);
    expect(found.counts.discounts).toBe(1000);
  }, 120_000);

  it('every word must match, each anywhere: title, store name or category', async () => {
    const db = ctx.app.db;
    const store = await createStore(db, { name: 'Quetzal Kitchen', locationId: 'westlands' });
    await createOffer(db, { storeId: store.id, title: 'Tamarind Platter', category: 'Food & Dining' });
    await createOffer(db, { storeId: store.id, title: 'Lime Soda', category: 'Food & Dining' });
    expect(await titles('query=quetzal%20tamarind')).toEqual(['Tamarind Platter']);
    expect((await titles('query=quetzal%20food')).sort()).toEqual(['Lime Soda', 'Tamarind Platter']);
    expect(await titles('query=quetzal%20tamarind%20soda')).toEqual([]);
  });

  it('ranks the whole title first, then the word in the title, then the word only in the description', async () => {
    const db = ctx.app.db;
    await createOffer(db, { storeId, title: 'Evening with Kelp', discount: '70.00' });
    await createOffer(db, {
      storeId,
      title: 'Seaweed Wrap',
      description: 'A kelp and seaweed body wrap',
      discount: '90.00',
    });
    await createOffer(db, { storeId, title: 'Kelp', discount: '10.00' });
    expect(await titles('query=kelp')).toEqual(['Kelp', 'Evening with Kelp', 'Seaweed Wrap']);
    // By discount the same three, biggest first.
    expect(await titles('query=kelp&sortBy=discount')).toEqual(['Seaweed Wrap', 'Evening with Kelp', 'Kelp']);
  });

  it("sorts by the store's rating, both ways through", async () => {
    const db = ctx.app.db;
    const top = await createStore(db, { name: 'Heron Spa', rating: '4.90', totalReviews: 40 });
    const low = await createStore(db, { name: 'Ibis Spa', rating: '3.10', totalReviews: 5 });
    await createOffer(db, { storeId: low.id, title: 'Yuzu Scrub', discount: '80.00' });
    await createOffer(db, { storeId: top.id, title: 'Yuzu Scrub Deluxe', discount: '10.00' });
    for (const query of ['query=yuzu&sortBy=rating', 'query=yuzu%20scrub&sortBy=rating']) {
      const found = await search(query);
      expect(found.discounts.map((offer) => offer.store.name)).toEqual(['Heron Spa', 'Ibis Spa']);
    }
    expect((await search('query=yuzu')).discounts.map((offer) => offer.title)).toEqual([
      'Yuzu Scrub',
      'Yuzu Scrub Deluxe',
    ]);
  });

  it('asks each word once: a word typed again finds and counts the same offers', async () => {
    const db = ctx.app.db;
    await createOffer(db, { storeId, title: 'Marula Body Butter' });
    await createOffer(db, { storeId, title: 'Marula Oil Massage' });
    const once = await search('query=marula');
    const again = await search('query=marula%20MARULA%20marula');
    expect(again.discounts.map((offer) => offer.title)).toEqual(once.discounts.map((offer) => offer.title));
    expect(again.counts.discounts).toBe(2);
  });

  it("finds a store by a piece inside its name's words, or by the start of one, with a short word beside", async () => {
    type Shops = { shops: { name: string }[] };
    const shops = async (query: string) =>
      ((await getOk(ctx.app, `${API}/search?${query}`)) as Shops).shops.map((shop) => shop.name);
    // 'Wombat Wellness': 'mbat' is inside 'Wombat'; 'wo' and 'we' start its words (a piece of 1-2
    // letters is looked for only at the start of words in the words pass).
    expect(await shops('query=mbat')).toContain('Wombat Wellness');
    expect(await shops('query=wo%20we')).toContain('Wombat Wellness');
    expect(await shops('query=wombat%20we')).toContain('Wombat Wellness');
  });

  it("counts every store the words find, past the page, and draws only the page's stores, in each order", async () => {
    type Shop = { name: string; rating: number; location: string; deals: number };
    type Shops = { shops: Shop[]; counts: { shops: number } };
    const db = ctx.app.db;
    // Five stores hold 'quokka'; the one named exactly so ranks first by relevance.
    const made = [
      { name: 'Quokka Corner Cafe', rating: '4.9', locationId: 'westlands' },
      { name: 'Quokka', rating: '3.1', locationId: 'mombasa' },
      { name: 'The Quokka Barbers', rating: '4.5', locationId: 'westlands' },
      { name: 'Quokka Nails', rating: '2.0', locationId: 'westlands' },
      { name: 'Quokka Car Wash', rating: '4.7', locationId: 'westlands' },
    ];
    for (const store of made) await createStore(db, store);
    const quokka = await createStore(db, { name: 'Quokka Deli', rating: '1.0', locationId: 'westlands' });
    await createOffer(db, { storeId: quokka.id, title: 'Deli Platter' });
    const shops = async (query: string) => (await getOk(ctx.app, `${API}/search?${query}`)) as Shops;

    const relevance = await shops('query=quokka&limit=2');
    expect(relevance.counts.shops).toBe(6);
    expect(relevance.shops.map((shop) => [shop.name, shop.location])).toEqual([
      ['Quokka', 'Mombasa'],
      [expect.stringContaining('Quokka'), expect.any(String)],
    ]);
    const rating = await shops('query=quokka&sortBy=rating&limit=3');
    expect(rating.counts.shops).toBe(6);
    expect(rating.shops.map((shop) => [shop.name, shop.rating])).toEqual([
      ['Quokka Corner Cafe', 4.9],
      ['Quokka Car Wash', 4.7],
      ['The Quokka Barbers', 4.5],
    ]);
    const lowest = await shops('query=quokka&sortBy=rating&limit=50');
    expect(lowest.shops.at(-1)).toMatchObject({ name: 'Quokka Deli', deals: 1 });
  });

  it('treats % _ $& and quotes as text, never as patterns or syntax', async () => {
    const db = ctx.app.db;
    await createOffer(db, { storeId, title: 'Ocelot 100% Cotton Tee' });
    for (const typed of ['ocelot%25', "ocelot'", 'ocelot%20%24%26', 'ocelot_', 'ocelot%5C']) {
      expect(await titles(`query=${typed}`)).toEqual(['Ocelot 100% Cotton Tee']);
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL sessions (issue 16)', () => {
  it('plan each named statement once per connection, never compile it with JIT, never run it in parallel workers', async () => {
    const client = ctx.app.db.$client;
    const settings = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('plan_cache_mode', 'jit', 'max_parallel_workers_per_gather') order by name`,
    );
    expect(settings.rows).toEqual([
      { name: 'jit', setting: 'off' },
      { name: 'max_parallel_workers_per_gather', setting: '0' },
      { name: 'plan_cache_mode', setting: 'force_generic_plan' },
    ]);
  });
});
