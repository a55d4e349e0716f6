import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, searchVector, updatedAt } from './columns.js';
import { services } from './services.js';
import { stores } from './stores.js';

export const offers = pgTable(
  'offers',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Percent off the original price. */
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull(),
    discountExplanation: text('discount_explanation'),
    originalPrice: numeric('original_price', { precision: 12, scale: 2 }),
    expirationDate: timestamp('expiration_date', { withTimezone: true, mode: 'date' }).notNull(),
    category: text('category').notNull(),
    /** 'active' | 'paused' | 'draft' | 'inactive'; bookable only when active and not expired. */
    status: text('status').notNull().default('active'),
    featured: boolean('featured').notNull().default(false),
    offerType: text('offer_type').notNull().default('fixed'),
    requiresConsultation: boolean('requires_consultation').notNull().default(false),
    imageUrl: text('image_url'),
    images: text('images').array().notNull().default(sql`ARRAY[]::text[]`),
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
  ],
);
