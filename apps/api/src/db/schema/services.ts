import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef, updatedAt } from './columns.js';
import { stores } from './stores.js';

export const services = pgTable(
  'services',
  {
    id: id(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 'fixed' has a price; 'dynamic' is priced by quote (price_range is display text). */
    type: text('type').notNull().default('fixed'),
    price: numeric('price', { precision: 12, scale: 2 }),
    priceRange: text('price_range'),
    duration: integer('duration').notNull().default(60),
    imageUrl: text('image_url'),
    images: text('images').array().notNull().default(sql`ARRAY[]::text[]`),
    featured: boolean('featured').notNull().default(false),
    category: text('category').notNull(),
    bookingEnabled: boolean('booking_enabled').notNull().default(true),
    autoConfirmBookings: boolean('auto_confirm_bookings').notNull().default(true),
    requirePrepayment: boolean('require_prepayment').notNull().default(false),
    consultationRequired: boolean('consultation_required').notNull().default(false),
    features: text('features').array().notNull().default(sql`ARRAY[]::text[]`),
    requirements: text('requirements').array().notNull().default(sql`ARRAY[]::text[]`),
    cancellationPolicy: text('cancellation_policy'),
    minCancellationHours: integer('min_cancellation_hours').notNull().default(2),
    allowEarlyCheckin: boolean('allow_early_checkin').notNull().default(true),
    earlyCheckinMinutes: integer('early_checkin_minutes').notNull().default(15),
    /** null: capacity is the number of staff assigned to the service at the branch (min 1). */
    maxConcurrentBookings: integer('max_concurrent_bookings'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('services_store_idx').on(t.storeId),
    index('services_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('services_category_idx').on(t.category),
  ],
);
