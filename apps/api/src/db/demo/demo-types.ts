import type { PgTable } from 'drizzle-orm/pg-core';
import type {
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

export interface Catalogue {
  locations: Insert<typeof locations>[];
  categories: Insert<typeof categories>[];
  merchants: Insert<typeof merchants>[];
  users: Insert<typeof users>[];
  stores: Insert<typeof stores>[];
  storeSocialLinks: Insert<typeof storeSocialLinks>[];
  branches: Insert<typeof branches>[];
  staff: Insert<typeof staff>[];
  services: Insert<typeof services>[];
  staffServices: Insert<typeof staffServices>[];
  offers: Insert<typeof offers>[];
  bookings: Insert<typeof bookings>[];
  reviews: Insert<typeof reviews>[];
  storeFollows: Insert<typeof storeFollows>[];
  serviceRequests: Insert<typeof serviceRequests>[];
  serviceRequestQuotes: Insert<typeof serviceRequestQuotes>[];
  conversations: Insert<typeof conversations>[];
  messages: Insert<typeof messages>[];
  referralRewards: Insert<typeof referralRewards>[];
}

export interface PasswordHashes {
  merchant: string;
  customer: string;
}
