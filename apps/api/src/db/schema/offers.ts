import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  numeric,
  pgTable,
  real,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef, searchVector, timestampTz, updatedAt } from './columns.js';
import { locations } from './locations.js';
import { services } from './services.js';
import { stores } from './stores.js';

export const offers = pgTable(
  'offers',
  {
    id: id(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Percent off the original price. */
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull(),
    discountExplanation: text('discount_explanation'),
    originalPrice: numeric('original_price', { precision: 12, scale: 2 }),
    expirationDate: timestampTz('expiration_date').notNull(),
    category: text('category').notNull(),
    /** 'active' | 'paused' | 'draft' | 'inactive'; bookable only when active and not expired. */
    status: text('status').notNull().default('active'),
    featured: boolean('featured').notNull().default(false),
    offerType: text('offer_type').notNull().default('fixed'),
    requiresConsultation: boolean('requires_consultation').notNull().default(false),
    imageUrl: text('image_url'),
    images: text('images').array().notNull().default(sql`ARRAY[]::text[]`),
    /**
     * The store's location, copied here so a Hot Deals page walks one index in its sort order
     * (issue 16). Kept by triggers (migration 0010): set from the store on insert and when the
     * offer moves store, rewritten when a store moves; never written by the application.
     */
    locationId: text('location_id').references(() => locations.id),
    /** Full-text document of title, description and category (stored, generated). */
    searchVector: searchVector('title', 'description', 'category'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_store_idx').on(t.storeId),
    index('offers_active_idx').on(t.status, t.expirationDate),
    index('offers_category_idx').on(t.category),
    index('offers_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Hot Deals default order (latest) and the store page's active offers.
    index('offers_status_created_idx').on(t.status, t.createdAt),
    index('offers_store_status_idx').on(t.storeId, t.status, t.expirationDate),
    index('offers_search_vector_idx').using('gin', t.searchVector),
    // Issue 16: one partial index per Hot Deals sort key on active offers, with and without the
    // location in front; category and expiry ride along so their filters are checked on index
    // entries, and a page reads its own rows (bench/plans/).
    ...hotDealsIndexes(t),
  ],
);

/** Price after discount, as offers-repository orders by it (the index expression must match). */
const discountedPrice = sql`round(original_price * (100 - discount) / 100, 2)`;

function hotDealsIndexes(t: { locationId: AnyPgColumn }) {
  const active = sql`status = 'active'`;
  // Raw key expressions: drizzle's column .desc() does not survive reuse across indexes.
  const sorts = {
    latest: sql`created_at desc, id desc`,
    discount: sql`discount desc, created_at desc, id asc`,
    price_asc: sql`${discountedPrice} asc nulls last, created_at desc, id asc`,
    price_desc: sql`${discountedPrice} desc nulls last, created_at desc, id asc`,
  } as const;
  const rest = sql`category, expiration_date`;
  return Object.entries(sorts).flatMap(([name, keys]) => [
    index(`offers_hot_${name}_idx`).on(sql`${keys}, location_id, ${rest}`).where(active),
    index(`offers_hot_loc_${name}_idx`).on(t.locationId, sql`${keys}, ${rest}`).where(active),
  ]);
}

/**
 * The search index of active offers (issue 16, migration 0015): one row per word (its English
 * stem, as `to_tsvector` makes it) of an offer's title, store name, category and description,
 * carrying what a search filters and ranks on, so a search reads index entries only:
 * `search_postings_term_idx` on (term COLLATE "C", rank desc, discount desc, offer_id) INCLUDE
 * the other columns, written in SQL because drizzle's index builder has neither INCLUDE nor
 * COLLATE. Kept by statement triggers on offers and stores (rows for active offers only, rewritten
 * when an offer's words, filters or store name change); never written by the application. An
 * expired offer keeps its rows until it changes: every search filters on expiry.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    term: text().notNull(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    /** Where the word stands in the offer, a bit each: title 8, store name 4, category 2, description 1. */
    fields: smallint().notNull(),
    /** Its rank: 10 in the title, 6 in the store's name, 4 in the category, 2 in the description, added up. */
    weight: smallint().notNull(),
    /** Its relevance as the only word searched: the weight, plus 5 in the title (40 when the whole title) and 10 in the store's name (40). */
    rank: smallint().notNull(),
    /** How many distinct words the title and the store name have (an exact-name match). */
    titleTerms: smallint('title_terms').notNull(),
    nameTerms: smallint('name_terms').notNull(),
    locationId: text('location_id'),
    category: text().notNull(),
    discount: real().notNull(),
    createdAt: timestampTz('created_at').notNull(),
    expirationDate: timestampTz('expiration_date').notNull(),
  },
  (t) => [index('search_postings_offer_idx').on(t.offerId, t.term)],
);
