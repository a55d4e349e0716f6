import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  bookings,
  branches,
  categories,
  conversations,
  locations,
  merchants,
  messages,
  offers,
  referralRewards,
  reviews,
  serviceRequestQuotes,
  serviceRequests,
  services,
  staff,
  staffServices,
  storeFollows,
  storeSocialLinks,
  stores,
  users,
} from '../schema/index.js';
// The shapes of the demo catalogue's data files (db/demo/content/).

export interface DemoAccount {
  role: 'customer' | 'merchant';
  name: string;
  email: string;
  password: string;
}

export interface LocationSeed {
  id: string;
  name: string;
  area: string;
  latitude: number;
  longitude: number;
  streets: string[];
}

/**
 * The shape of a category's data file (content/categories/*.json), checked as the file is read: a
 * typo in the data fails the seed at once with the path of the field, not as a bad row later.
 */
const priceRange = z.tuple([z.number().int().positive(), z.number().int().positive()]);
const offerSeed = z.strictObject({
  title: z.string().min(1),
  description: z.string().min(1),
  /** The offer covers this many sessions of the service (price × times). */
  times: z.number().int().positive().optional(),
});
const serviceSeed = z.strictObject({
  name: z.string().min(1),
  description: z.string().min(1),
  duration: z.union([z.literal(30), z.literal(45), z.literal(60), z.literal(90), z.literal(120)]),
  /** Fixed price range to draw from; absent for quote-based (dynamic) services. */
  price: priceRange.optional(),
  /** Display text for dynamic services. */
  priceRange: z.string().optional(),
  features: z.array(z.string()),
  requirements: z.array(z.string()),
  offers: z.tuple([offerSeed, offerSeed]),
});
export const categorySeed = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  icon: z.string().min(1),
  hue: z.number(),
  roles: z.array(z.string()),
  hours: z.array(z.tuple([z.string(), z.string()])),
  services: z.array(serviceSeed),
  extras: z.array(offerSeed.extend({ price: priceRange })),
  stores: z.array(
    z.strictObject({
      name: z.string().min(1),
      location: z.string().min(1),
      description: z.string().min(1),
      /** Indexes into the category's services. */
      services: z.array(z.number().int().nonnegative()),
    }),
  ),
});

export type OfferSeed = z.infer<typeof offerSeed>;
export type ServiceSeed = z.infer<typeof serviceSeed>;
export type CategorySeed = z.infer<typeof categorySeed>;

export type Insert<T extends PgTable> = T['$inferInsert'];

/**
 * The tables the demo catalogue fills, in the order the loader (seed-demo.ts) writes them: each after
 * those it points to; issue 36's open requests with quotes, conversations and referral earnings last
 * (db/demo/marketplace-life.ts). The catalogue's shape, the loader's inserts and the counts it reports
 * all follow this one list.
 */
export const DEMO_TABLES = {
  locations,
  categories,
  merchants,
  users,
  stores,
  storeSocialLinks,
  branches,
  staff,
  services,
  staffServices,
  offers,
  bookings,
  reviews,
  storeFollows,
  serviceRequests,
  serviceRequestQuotes,
  conversations,
  messages,
  referralRewards,
};

/** The rows of each demo table, as `buildDemoCatalogue` makes them. */
export type Catalogue = { [K in keyof typeof DEMO_TABLES]: Insert<(typeof DEMO_TABLES)[K]>[] };

export interface PasswordHashes {
  merchant: string;
  customer: string;
}
