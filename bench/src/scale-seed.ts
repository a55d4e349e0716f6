import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.js';

/**
 * The benchmark catalogue: bench stores and offers added on top of the demo catalogue (whose
 * locations and categories they use), generated inside the database with generate_series so
 * 50,000 offers load in seconds on PGlite too. Idempotent and additive: calling it again with
 * bigger numbers tops the catalogue up, so the 5,000-offer phase grows into the 50,000 one.
 *
 * Names come from small word lists so a real word ('massage') matches about 1 offer in 40, like
 * a real catalogue, and every offer is active with an expiry in the future.
 */
export interface ScaleTarget {
  stores: number;
  offers: number;
}

const BENCH_MERCHANT_EMAIL = 'bench-merchant@d3deals.co.ke';

const STORE_WORDS = [
  'Savannah',
  'Jacaranda',
  'Baobab',
  'Kilima',
  'Uhuru',
  'Amani',
  'Tumaini',
  'Nyota',
  'Simba',
  'Twiga',
  'Mawingu',
  'Jua',
  'Zawadi',
  'Baraka',
  'Neema',
  'Upendo',
  'Pwani',
  'Mlima',
  'Ziwa',
  'Kijani',
];
const STORE_KINDS = [
  'Spa',
  'Salon',
  'Grill',
  'Cafe',
  'Fitness',
  'Clinic',
  'Motors',
  'Studio',
  'Kitchen',
  'Wellness',
];
const OFFER_WORDS = [
  'Massage',
  'Facial',
  'Haircut',
  'Manicure',
  'Pedicure',
  'Yoga',
  'Pilates',
  'Car Wash',
  'Oil Change',
  'Dinner',
  'Breakfast',
  'Brunch',
  'Pizza',
  'Nyama Choma',
  'Coffee',
  'Dental Checkup',
  'Eye Test',
  'Photo Shoot',
  'Gym Pass',
  'Swimming',
  'Braiding',
  'Barber',
  'Waxing',
  'Tattoo',
  'Laundry',
  'Cleaning',
  'Plumbing',
  'Painting',
  'Tutoring',
  'Guitar Lesson',
  'Dance Class',
  'Boxing',
  'Physio',
  'Lab Test',
  'Vaccination',
  'Wine Tasting',
  'Cake',
  'Sushi',
  'Safari Walk',
  'Boat Ride',
];
const OFFER_EXTRAS = ['Deluxe', 'Express', 'Family', 'Weekend', 'Couples', 'Premium', 'Student', 'Morning'];

const textArray = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`);

export async function seedScale(db: Db, target: ScaleTarget): Promise<{ stores: number; offers: number }> {
  await db.execute(sql`
    insert into merchants (first_name, last_name, email, phone_number, password_hash)
    values ('Bench', 'Merchant', ${BENCH_MERCHANT_EMAIL}, '+254700000999', 'not-a-login')
    on conflict do nothing`);
  const [merchant] = (
    await db.execute<{ id: string }>(sql`select id from merchants where email = ${BENCH_MERCHANT_EMAIL}`)
  ).rows;
  if (!merchant) throw new Error('bench merchant missing');

  const storeCount = await countBench(
    db,
    sql`select count(*)::int as n from stores where merchant_id = ${merchant.id}`,
  );
  if (storeCount < target.stores) {
    await db.execute(sql`
      with locs as (select array_agg(id order by id) as ids from locations),
           cats as (select array_agg(name order by name) as names from categories)
      insert into stores (merchant_id, name, category, location_id, description, phone_number,
                          cashback, rating, total_reviews, followers, latitude, longitude)
      select ${merchant.id},
             (${textArray(STORE_WORDS)})[1 + (i * 7) % ${STORE_WORDS.length}] || ' ' ||
             (${textArray(STORE_KINDS)})[1 + (i * 3) % ${STORE_KINDS.length}] || ' ' || i,
             cats.names[1 + i % array_length(cats.names, 1)],
             locs.ids[1 + (i * 13) % array_length(locs.ids, 1)],
             'Trusted neighbourhood provider number ' || i || ' with friendly staff.',
             '+2547' || lpad((10000000 + i)::text, 8, '0'),
             5 + i % 60,
             round((3 + (i % 21) / 10.0)::numeric, 2),
             i % 120,
             i % 500,
             -1.29 + (i % 100) / 1000.0,
             36.82 + (i % 100) / 1000.0
      from generate_series(${storeCount + 1}::int, ${target.stores}::int) as i, locs, cats`);
  }

  const offerCount = await countBench(
    db,
    sql`select count(*)::int as n from offers o join stores s on s.id = o.store_id where s.merchant_id = ${merchant.id}`,
  );
  if (offerCount < target.offers) {
    await db.execute(sql`
      with bench_stores as (
        select array_agg(id order by created_at, id) as ids,
               array_agg(category order by created_at, id) as cats
        from stores where merchant_id = ${merchant.id}
      )
      insert into offers (store_id, title, description, discount, original_price, expiration_date,
                          category, status, featured, created_at)
      select bs.ids[1 + (i * 31) % array_length(bs.ids, 1)],
             (${textArray(OFFER_EXTRAS)})[1 + (i * 5) % ${OFFER_EXTRAS.length}] || ' ' ||
             (${textArray(OFFER_WORDS)})[1 + i % ${OFFER_WORDS.length}],
             'Save on a ' || lower((${textArray(OFFER_WORDS)})[1 + i % ${OFFER_WORDS.length}]) ||
             ' at a top-rated Nairobi provider. Offer ' || i || '.',
             10 + (i * 7) % 70,
             500 + (i * 37) % 9500,
             now() + ((1 + i % 60) || ' days')::interval,
             bs.cats[1 + (i * 31) % array_length(bs.ids, 1)],
             'active',
             i % 97 = 0,
             now() - ((i % 10000) || ' minutes')::interval
      from generate_series(${offerCount + 1}::int, ${target.offers}::int) as i, bench_stores bs`);
  }
  // A freshly bulk-loaded table has no visibility map or statistics yet; autovacuum would get
  // there in time on a live catalogue, the benchmark does it at once.
  await db.execute(sql`vacuum analyze`);
  return {
    stores: await countBench(db, sql`select count(*)::int as n from stores`),
    offers: await countBench(db, sql`select count(*)::int as n from offers`),
  };
}

async function countBench(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = (await db.execute<{ n: number }>(query)).rows;
  return Number(row?.n ?? 0);
}
