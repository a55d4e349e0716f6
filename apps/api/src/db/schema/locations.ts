import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Places customers pick in the location dropdown; `id` is a stable slug such as `westlands`. */
export const locations = pgTable('locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  area: text('area').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  icon: text('icon'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});
