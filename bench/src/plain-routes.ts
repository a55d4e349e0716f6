/**
 * Issue 16's yardstick: "the plain query" — bare routes beside the product that answer the same
 * request with one named statement each, reading the page's rows through an index made for it:
 *   GET /api/v1/bench/plain/offers?location&category&sortBy&page&limit   (Hot Deals)
 *   GET /api/v1/bench/plain/stores/:id                                     (store page)
 *   GET /api/v1/bench/plain/search?query&location&limit                    (search)
 * No validation, no shaping beyond JSON.stringify of the rows, no counts except search's (capped
 * at 1,000, as the issue words it). On PostgreSQL the statements are named (prepared once per
 * connection); PGlite takes the same text with parameters.
 *
 * On PostgreSQL the references run on a pool of their own with the server's default session
 * settings: the product's pool forces generic plans and turns JIT off (db/client.ts), which made
 * the plain search 20-30 % slower (a generic plan for its tsquery) — the yardstick is the plain
 * query as PostgreSQL runs it by default, not as the product's settings would.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/client.js';

interface QueryClient {
  query(
    config: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The location words of the bench (a place name, an area or an id) as location ids. */
const LOCATION_IDS = `array(select l.id from locations l
  where l.id = $1 or lower(l.name) = lower($1) or lower(l.area) = lower($1))`;

const OFFER_COLUMNS = `o.id, o.title, o.description, o.discount, o.original_price, o.expiration_date,
  o.category, o.image_url, o.created_at, o.store_id, s.name as store_name, s.logo_url as store_logo,
  s.rating as store_rating, l.name as location_name`;

/** The order of each Hot Deals sort, as the offers_hot_loc_* partial indexes (migration 0011) hold it. */
const ORDERS: Record<string, string> = {
  latest: 'o.created_at desc, o.id desc',
  discount: 'o.discount desc, o.created_at desc, o.id asc',
  price_low_high:
    'round(o.original_price * (100 - o.discount) / 100, 2) asc nulls last, o.created_at desc, o.id asc',
  price_high_low:
    'round(o.original_price * (100 - o.discount) / 100, 2) desc nulls last, o.created_at desc, o.id asc',
};

function hotDealsStatement(sort: string, withCategory: boolean) {
  return {
    name: `plain_hot_${sort}_${withCategory ? 'cat' : 'all'}`,
    text: `select ${OFFER_COLUMNS}
      from offers o join stores s on s.id = o.store_id join locations l on l.id = o.location_id
      where o.status = 'active' and o.expiration_date > now() and o.location_id = any(${LOCATION_IDS})
        ${withCategory ? 'and o.category = $4' : ''}
      order by ${ORDERS[sort] ?? ORDERS.latest} limit $2 offset $3`,
  };
}

const STORE = {
  name: 'plain_store',
  text: `select s.*, l.name as location_name from stores s join locations l on l.id = s.location_id where s.id = $1`,
};
const STORE_OFFERS = {
  name: 'plain_store_offers',
  text: `select o.id, o.title, o.discount, o.original_price, o.expiration_date, o.category, o.image_url
    from offers o where o.store_id = $1 and o.status = 'active' and o.expiration_date > now()
    order by o.created_at desc limit 12`,
};

function searchStatement(withLocation: boolean) {
  return {
    name: `plain_search_${withLocation ? 'place' : 'all'}`,
    text: `with q as (select to_tsquery('english', $1 || ':*') as q),
      m as materialized (
        select o.id, ts_rank(o.search_vector, q.q) as rel, o.discount
        from offers o, q
        where o.search_vector @@ q.q and o.status = 'active' and o.expiration_date > now()
          ${withLocation ? `and o.location_id = any(${LOCATION_IDS.replaceAll('$1', '$3')})` : ''}
        limit 1000
      )
      select ${OFFER_COLUMNS}, (select count(*) from m) as total
      from m join offers o on o.id = m.id join stores s on s.id = o.store_id
        join locations l on l.id = o.location_id
      order by m.rel desc, m.discount desc, o.id limit $2`,
  };
}

export function plainRoutes(database: Database, databaseUrl?: string) {
  const named = database.kind === 'postgres';
  const client: QueryClient =
    named && databaseUrl
      ? new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) })
      : (database.db as unknown as { $client: QueryClient }).$client;
  const run = (statement: { name: string; text: string }, values: unknown[]) =>
    named ? client.query({ ...statement, values }) : client.query(statement.text, values);

  return async (api: FastifyInstance) => {
    api.get<{ Querystring: Record<string, string | undefined> }>('/bench/plain/offers', async (request) => {
      const { location = 'Nairobi', category, sortBy = 'latest', page = '1', limit = '12' } = request.query;
      const size = Number(limit);
      const values: unknown[] = [location, size, (Number(page) - 1) * size];
      if (category) values.push(category);
      const { rows } = await run(hotDealsStatement(sortBy, Boolean(category)), values);
      return { offers: rows };
    });
    api.get<{ Params: { id: string } }>('/bench/plain/stores/:id', async (request) => {
      const [store, offers] = await Promise.all([
        run(STORE, [request.params.id]),
        run(STORE_OFFERS, [request.params.id]),
      ]);
      return { store: store.rows[0] ?? null, offers: offers.rows };
    });
    api.get<{ Querystring: Record<string, string | undefined> }>('/bench/plain/search', async (request) => {
      const { query = '', location, limit = '20' } = request.query;
      const word = query.replace(/[^\p{L}\p{N}]/gu, '') || 'x';
      const values: unknown[] = [word, Number(limit)];
      if (location) values.push(location);
      const { rows } = await run(searchStatement(Boolean(location)), values);
      return { offers: rows, total: Number(rows[0]?.total ?? 0) };
    });
  };
}
