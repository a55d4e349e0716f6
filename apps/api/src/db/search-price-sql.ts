import { PRICE_RANGE_BOUNDS, type TPriceRange } from '@d3/shared/catalogue/price-range-rules';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { offers } from './schema/offers.js';

// The search's price range filter (seed 000 §5, issue 36) as SQL pieces the offers' and stores'
// search statements add when a range is chosen. Kept apart from search-sql.ts (ranking, words):
// a filter on the offer's price after discount, nothing else.

/** The bounds of a range as the statements' `priceMin` / `priceMax` parameters (null: open). */
export function priceRangeParams(range: TPriceRange | undefined) {
  const bounds = range ? PRICE_RANGE_BOUNDS[range] : { min: null, max: null };
  return { priceMin: bounds.min, priceMax: bounds.max };
}

type Bound = Placeholder | number | null;

/** Alias `o`'s price after discount (the rounding of offers-repository's discountedPriceSql). */
const aliasPrice = sql`round(o.original_price * (100 - o.discount) / 100, 2)`;

/** The price lies in [min, max); an offer without a price (null) is in no range. */
function priceBetween(price: SQL, min: Bound, max: Bound) {
  return sql`(${price} >= coalesce(${min}::numeric, ${price}) and ${price} < coalesce(${max}::numeric, ${price} + 1))`;
}

const placeholders = () => [sql.placeholder('priceMin'), sql.placeholder('priceMax')] as const;

/** A search index entry `p` (search_postings) whose offer is in the range (parameters). */
export function postingInPriceRange(): SQL {
  return sql`exists (select 1 from ${offers} o where o.id = p.offer_id and ${priceBetween(aliasPrice, ...placeholders())})`;
}

/** The offers table's row is in the range (values, for the unprepared passes). */
export function offerInPriceRange(range: TPriceRange): SQL {
  const { min, max } = PRICE_RANGE_BOUNDS[range];
  return priceBetween(sql`round(${offers.originalPrice} * (100 - ${offers.discount}) / 100, 2)`, min, max);
}

/** The store (`stores` table) lists an active offer in the range (parameters). */
export function storeHasOfferInPriceRange(storeId: SQL): SQL {
  return sql`exists (select 1 from ${offers} o where o.store_id = ${storeId} and o.status = 'active'
    and o.expiration_date > now() and ${priceBetween(aliasPrice, ...placeholders())})`;
}
