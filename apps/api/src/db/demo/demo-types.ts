import type { PgTable } from 'drizzle-orm/pg-core';
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

type Duration = 30 | 45 | 60 | 90 | 120;

export interface OfferSeed {
  title: string;
  description: string;
  /** The offer covers this many sessions of the service (price × times). */
  times?: number;
}

export interface ServiceSeed {
  name: string;
  description: string;
  duration: Duration;
  /** Fixed price range to draw from; absent for quote-based (dynamic) services. */
  price?: [number, number];
  /** Display text for dynamic services. */
  priceRange?: string;
  features: string[];
  requirements: string[];
  offers: [OfferSeed, OfferSeed];
}

interface ExtraOfferSeed extends OfferSeed {
  price: [number, number];
}

interface StoreSeed {
  name: string;
  location: string;
  description: string;
  /** Indexes into the category's services. */
  services: number[];
}

export interface CategorySeed {
  id: string;
  name: string;
  icon: string;
  hue: number;
  roles: string[];
  hours: Array<[string, string]>;
  services: ServiceSeed[];
  extras: ExtraOfferSeed[];
  stores: StoreSeed[];
}

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
