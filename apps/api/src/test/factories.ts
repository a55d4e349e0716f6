import { SignJWT } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { insertRow } from '../db/rows.js';
import { merchants, users } from '../db/schema/accounts.js';
import { bookings } from '../db/schema/bookings.js';
import { categories, locations } from '../db/schema/locations.js';
import { offers } from '../db/schema/offers.js';
import { referralRewards } from '../db/schema/referrals.js';
import { services } from '../db/schema/services.js';
import { branches, staff, staffServices, stores } from '../db/schema/stores.js';

/**
 * Test data with unique values and overrides (STYLE habit 8). The template database is migrated
 * but empty: call seedPlaces() first for the locations and categories stores refer to.
 */

let counter = 0;
/** A short value no other call in this process returns. */
export function unique(prefix = 't'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${counter.toString(36)}`;
}

export const PLACES = [
  {
    id: 'nairobi-cbd',
    name: 'Nairobi CBD',
    area: 'Nairobi',
    latitude: -1.2864,
    longitude: 36.8172,
    sortOrder: 1,
  },
  {
    id: 'westlands',
    name: 'Westlands',
    area: 'Nairobi',
    latitude: -1.2676,
    longitude: 36.8108,
    sortOrder: 2,
  },
  { id: 'kilimani', name: 'Kilimani', area: 'Nairobi', latitude: -1.2921, longitude: 36.7844, sortOrder: 3 },
  { id: 'mombasa', name: 'Mombasa', area: 'Coast', latitude: -4.0435, longitude: 39.6682, sortOrder: 4 },
] as const;

export const CATEGORIES = [
  { id: 'beauty-spa', name: 'Beauty & Spa', icon: 'sparkles', sortOrder: 1 },
  { id: 'health-fitness', name: 'Health & Fitness', icon: 'dumbbell', sortOrder: 2 },
  { id: 'food-dining', name: 'Food & Dining', icon: 'utensils', sortOrder: 3 },
] as const;

export async function seedPlaces(db: Db): Promise<void> {
  await db
    .insert(locations)
    .values([...PLACES])
    .onConflictDoNothing();
  await db
    .insert(categories)
    .values([...CATEGORIES])
    .onConflictDoNothing();
}

/** A test account's names and e-mail: its unique last name is the e-mail's user. */
function testAccount(prefix: string, domain: string) {
  const name = unique(prefix);
  return { firstName: 'Test', lastName: name, email: `${name}@${domain}` };
}

export async function createMerchant(db: Db, overrides: Partial<typeof merchants.$inferInsert> = {}) {
  const account = testAccount('m', 'merchants.test');
  return insertRow(db, merchants, { ...account, passwordHash: 'not-a-real-hash', ...overrides });
}

export async function createCustomer(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const account = testAccount('c', 'customers.test');
  return insertRow(db, users, { ...account, referralSlug: account.lastName, ...overrides });
}

/** A token as the auth plugin signs it (the plugin's signer lives inside the /api/v1 scope). */
function signToken(config: Config, sub: string, role: 'customer' | 'merchant'): Promise<string> {
  return new SignJWT({ role, tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(config.jwtSecret));
}

export function merchantToken(test: { config: Config }, merchantId: string): Promise<string> {
  return signToken(test.config, merchantId, 'merchant');
}

export function customerToken(test: { config: Config }, userId: string): Promise<string> {
  return signToken(test.config, userId, 'customer');
}

/**
 * A merchant with a store and a customer, both signed in (tokens signed with `signer`'s config):
 * the two parties of a chat. Call seedPlaces() first.
 */
export async function createStoreAndCustomer(db: Db, signer: { config: Config }) {
  const merchant = await createMerchant(db);
  const store = await createStore(db, { merchantId: merchant.id });
  const customer = await createCustomer(db);
  return {
    merchant,
    store,
    customer,
    customerToken: await customerToken(signer, customer.id),
    merchantToken: await merchantToken(signer, merchant.id),
  };
}

export type StoreOverrides = Partial<typeof stores.$inferInsert>;

/** A store (and a merchant for it unless merchantId is given) in Westlands, Beauty & Spa. */
export async function createStore(db: Db, overrides: StoreOverrides = {}) {
  const merchantId = overrides.merchantId ?? (await createMerchant(db)).id;
  return insertRow(db, stores, {
    name: `Store ${unique('s')}`,
    category: 'Beauty & Spa',
    locationId: 'westlands',
    description: 'A test store',
    ...overrides,
    merchantId,
  });
}

export async function createBranch(
  db: Db,
  storeId: string,
  overrides: Partial<typeof branches.$inferInsert> = {},
) {
  return insertRow(db, branches, {
    name: `Branch ${unique('b')}`,
    address: 'Waiyaki Way',
    ...overrides,
    storeId,
  });
}

export async function createService(db: Db, overrides: Partial<typeof services.$inferInsert> = {}) {
  const storeId = overrides.storeId ?? (await createStore(db)).id;
  return insertRow(db, services, {
    name: `Service ${unique('v')}`,
    category: 'Beauty & Spa',
    price: '1000.00',
    ...overrides,
    storeId,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An active offer expiring in 10 days, 20 % off 1,000 (a new store unless storeId is given). */
export async function createOffer(db: Db, overrides: Partial<typeof offers.$inferInsert> = {}) {
  const storeId = overrides.storeId ?? (await createStore(db)).id;
  return insertRow(db, offers, {
    title: `Offer ${unique('o')}`,
    discount: '20.00',
    originalPrice: '1000.00',
    expirationDate: new Date(Date.now() + 10 * DAY_MS),
    category: 'Beauty & Spa',
    ...overrides,
    storeId,
  });
}

/** Every day of the week, as stores' and branches' workingDays name them. */
export const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
}

// --- bookings (issue 6) ------------------------------------------------------------------------

/** A staff member of a store (active, any branch unless branchId is given), optionally assigned to services. */
export async function createStaffMember(
  db: Db,
  storeId: string,
  overrides: Partial<typeof staff.$inferInsert> = {},
  serviceIds: string[] = [],
) {
  const row = await insertRow(db, staff, {
    name: `Staff ${unique('st')}`,
    role: 'Stylist',
    ...overrides,
    storeId,
  });
  if (serviceIds.length) {
    await db.insert(staffServices).values(serviceIds.map((serviceId) => ({ staffId: row.id, serviceId })));
  }
  return row;
}

/**
 * A merchant's 'Facial' at 'Glow Spa' and the customer's pending booking of it, starting
 * `startInMs` from now (default three days) in whole seconds, as a booking's start time reads back.
 */
export async function createPendingBooking(db: Db, userId: string, startInMs = 3 * 24 * 60 * 60_000) {
  const merchant = await createMerchant(db);
  const store = await createStore(db, { merchantId: merchant.id, name: 'Glow Spa' });
  const service = await createService(db, { storeId: store.id, name: 'Facial' });
  const start = new Date(Math.floor((Date.now() + startInMs) / 1000) * 1000);
  const booking = await createBookingRow(db, {
    storeId: store.id,
    serviceId: service.id,
    userId,
    status: 'pending',
    startTime: start,
  });
  return { merchant, booking, start };
}

/**
 * A booking row written directly (no slot checks): a confirmed service booking of one hour
 * starting `startTime` (default: tomorrow). Give storeId and serviceId or offerId.
 */
export async function createBookingRow(
  db: Db,
  values: Partial<typeof bookings.$inferInsert> & { storeId: string },
) {
  const startTime = values.startTime ?? daysFromNow(1);
  return insertRow(db, bookings, {
    bookingType: values.offerId ? 'offer' : 'service',
    status: 'confirmed',
    endTime: new Date(startTime.getTime() + 60 * 60 * 1000),
    ...values,
    startTime,
  });
}

/** Issue 14: a completed booking of this customer at this store — what makes a review count. */
export async function createCompletedVisit(db: Db, userId: string, storeId: string) {
  return createBookingRow(db, {
    userId,
    storeId,
    status: 'completed',
    startTime: daysFromNow(-2),
    completedAt: daysFromNow(-2),
  });
}

/** Issue 12: a credited referral reward of `amountCents` for `referrerId` (with the booking behind it). */
export async function createReferralReward(db: Db, referrerId: string, amountCents: number) {
  const store = await createStore(db);
  const referred = await createCustomer(db, { referredBy: referrerId });
  const booking = await createBookingRow(db, {
    storeId: store.id,
    userId: referred.id,
    bookingType: 'offer',
    status: 'completed',
    accessFee: (amountCents / 30).toFixed(2),
    accessFeePaid: true,
  });
  return insertRow(db, referralRewards, {
    referrerId,
    referredUserId: referred.id,
    bookingId: booking.id,
    paidFeeCents: Math.max(1, Math.round((amountCents * 100) / 30)),
    amountCents,
    description: 'test reward',
  });
}
