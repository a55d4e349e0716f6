import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './accounts.js';
import { createdAt, id, requiredRef, searchVector, updatedAt } from './columns.js';
import { categories, locations } from './locations.js';

export const stores = pgTable(
  'stores',
  {
    id: id(),
    merchantId: requiredRef('merchant_id', () => merchants.id, 'cascade'),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    category: text('category')
      .notNull()
      .references(() => categories.name, { onUpdate: 'cascade' }),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    description: text('description').notNull().default(''),
    phoneNumber: text('phone_number'),
    primaryEmail: text('primary_email'),
    openingTime: text('opening_time').notNull().default('09:00'),
    closingTime: text('closing_time').notNull().default('18:00'),
    workingDays: text('working_days')
      .array()
      .notNull()
      .default(sql`ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday']::text[]`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    websiteUrl: text('website_url'),
    /** Headline discount in percent, shown as the store's "Discounts upto" badge. */
    cashback: integer('cashback').notNull().default(5),
    /** Kept in step with the reviews table by the reviews module. */
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    totalReviews: integer('total_reviews').notNull().default(0),
    followers: integer('followers').notNull().default(0),
    /** Full-text document of name, description and category (stored, generated). */
    searchVector: searchVector('name', 'description', 'category'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stores_merchant_idx').on(t.merchantId),
    index('stores_location_idx').on(t.locationId),
    index('stores_category_idx').on(t.category),
    index('stores_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('stores_search_vector_idx').using('gin', t.searchVector),
  ],
);

/** A store's contact, opening hours and position: what a store card and a booking's store both read. */
/** The store columns an offer or a service carries (their card shows its store). */
export const storeSummaryColumns = {
  storeName: stores.name,
  storeLogoUrl: stores.logoUrl,
  storeCategory: stores.category,
  storeLocationId: stores.locationId,
  storeLocation: locations.name,
  storeRating: stores.rating,
  storeTotalReviews: stores.totalReviews,
};

export const storeContactAndHoursColumns = {
  phoneNumber: stores.phoneNumber,
  primaryEmail: stores.primaryEmail,
  openingTime: stores.openingTime,
  closingTime: stores.closingTime,
  workingDays: stores.workingDays,
  latitude: stores.latitude,
  longitude: stores.longitude,
};

export const storeSocialLinks = pgTable(
  'store_social_links',
  {
    id: id(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    platform: text('platform').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('store_social_links_store_idx').on(t.storeId)],
);

export const branches = pgTable(
  'branches',
  {
    id: id(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    status: text('status').notNull().default('active'),
    openingTime: text('opening_time').notNull().default('09:00'),
    closingTime: text('closing_time').notNull().default('18:00'),
    workingDays: text('working_days')
      .array()
      .notNull()
      .default(sql`ARRAY['Monday','Tuesday','Wednesday','Thursday','Friday']::text[]`),
    isMainBranch: boolean('is_main_branch').notNull().default(false),
    manager: text('manager'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('branches_store_idx').on(t.storeId)],
);

export const staff = pgTable(
  'staff',
  {
    id: id(),
    storeId: requiredRef('store_id', () => stores.id, 'cascade'),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    role: text('role').notNull().default('Staff'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('staff_store_idx').on(t.storeId), index('staff_branch_idx').on(t.branchId)],
);

/** Which staff members deliver which service (defaults a branch's booking capacity). */
export const staffServices = pgTable(
  'staff_services',
  {
    staffId: requiredRef('staff_id', () => staff.id, 'cascade'),
    serviceId: uuid('service_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.serviceId] }),
    index('staff_services_service_idx').on(t.serviceId),
  ],
);
