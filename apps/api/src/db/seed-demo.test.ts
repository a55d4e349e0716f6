import { and, eq, gte, isNull, lt, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/accounts/password.js';
import { call, useTestApp } from '../test/build-app.js';
import type { Db } from './client.js';
import { buildDemoCatalogue } from './demo/build-catalogue.js';
import { DEMO_ACCOUNTS } from './demo/content/accounts.js';
import { demoCategories } from './demo/content/categories/index.js';
import { categorySeed, DEMO_TABLES } from './demo/demo-types.js';
import {
  bookings,
  branches,
  categories,
  locations,
  merchants,
  offers,
  reviews,
  services,
  staff,
  staffServices,
  storeFollows,
  storeSocialLinks,
  stores,
  users,
} from './schema/index.js';
import { seedDemo } from './seed-demo.js';

const NOW = new Date('2026-03-10T07:30:00.000Z');
const HOUR = 3_600_000;

async function countAll(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(DEMO_TABLES)) counts[name] = await db.$count(table);
  return counts;
}

describe('seedDemo', () => {
  const testApp = useTestApp();
  let db: Db;
  let first: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    db = testApp.database.db;
    first = await seedDemo(db, { now: NOW });
  });

  it('seeds an empty database and reports what each table received', async () => {
    expect(first.seeded).toBe(true);
    expect(first.counts).toEqual(await countAll(db));
  });

  it('loads at least the minimum catalogue', () => {
    expect(first.counts.locations).toBeGreaterThanOrEqual(12);
    expect(first.counts.categories).toBeGreaterThanOrEqual(10);
    expect(first.counts.stores).toBeGreaterThanOrEqual(40);
    expect(first.counts.services).toBeGreaterThanOrEqual(60);
    expect(first.counts.offers).toBeGreaterThanOrEqual(150);
    expect(first.counts.merchants).toBe(11);
    expect(first.counts.users).toBe(36);
    expect(first.counts.reviews).toBeGreaterThanOrEqual(200);
    expect(first.counts.storeFollows).toBeGreaterThanOrEqual(150);
  });

  it('has the named Nairobi areas and towns with real coordinates', async () => {
    const rows = await db.select().from(locations);
    const ids = rows.map((row) => row.id);
    for (const id of [
      'nairobi-cbd',
      'westlands',
      'kilimani',
      'karen',
      'kileleshwa',
      'parklands',
      'lavington',
      'south-b',
      'mombasa',
      'kisumu',
      'nakuru',
      'eldoret',
    ]) {
      expect(ids).toContain(id);
    }
    const cbd = rows.find((row) => row.id === 'nairobi-cbd')!;
    expect(cbd).toMatchObject({ area: 'Nairobi', latitude: -1.2864, longitude: 36.8172 });
    expect(rows.find((row) => row.id === 'mombasa')!.area).toBe('Mombasa');
    // Everything lies inside Kenya.
    for (const row of rows) {
      expect(row.latitude).toBeGreaterThan(-4.8);
      expect(row.latitude).toBeLessThan(4.7);
      expect(row.longitude).toBeGreaterThan(33.9);
      expect(row.longitude).toBeLessThan(41.9);
    }
  });

  it('gives every category an icon and every store a category that exists', async () => {
    const categoryRows = await db.select().from(categories);
    expect(categoryRows.every((row) => row.icon)).toBe(true);
    const names = new Set(categoryRows.map((row) => row.name));
    expect(names.has('Beauty & Spa')).toBe(true);
    const storeRows = await db.select({ category: stores.category }).from(stores);
    expect(storeRows.every((row) => names.has(row.category))).toBe(true);
  });

  it('gives every store a logo, contact details, hours and at least one social link', async () => {
    const storeRows = await db.select().from(stores);
    const links = await db.select().from(storeSocialLinks);
    const allowed = [
      'facebook',
      'instagram',
      'twitter',
      'linkedin',
      'youtube',
      'website',
      'tiktok',
      'whatsapp',
    ];
    for (const store of storeRows) {
      expect(store.logoUrl).toMatch(/^\/media\/generated\/logo\.svg\?label=[A-Z]{1,2}&hue=\d{1,3}$/);
      expect(store.phoneNumber).toMatch(/^\+2547\d{8}$/);
      expect(store.openingTime).toMatch(/^\d{2}:\d{2}$/);
      expect(store.closingTime > store.openingTime).toBe(true);
      expect(store.workingDays.slice(0, 5)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
      expect(store.cashback).toBeGreaterThanOrEqual(5);
      expect(store.cashback).toBeLessThanOrEqual(40);
      const own = links.filter((link) => link.storeId === store.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      for (const link of own) {
        expect(allowed).toContain(link.platform);
        expect(link.link).toMatch(/^https:\/\//);
      }
    }
  });

  it('gives stores ratings, review counts and followers computed from real review and follow rows', async () => {
    const reviewRows = await db.select().from(reviews);
    const followRows = await db.select().from(storeFollows);
    const storeRows = await db.select().from(stores);
    for (const store of storeRows) {
      const own = reviewRows.filter((review) => review.storeId === store.id);
      const average = own.length ? own.reduce((sum, review) => sum + review.rating, 0) / own.length : 0;
      expect(store.totalReviews).toBe(own.length);
      expect(Number(store.rating)).toBeCloseTo(average, 2);
      expect(store.followers).toBe(followRows.filter((follow) => follow.storeId === store.id).length);
    }
    // A lived-in mix: busy stores (HIGHLY REVIEWED), popular ones, a handful each, and some still new.
    expect(storeRows.some((store) => store.totalReviews >= 25)).toBe(true);
    expect(storeRows.some((store) => store.totalReviews >= 10 && store.totalReviews < 25)).toBe(true);
    expect(storeRows.some((store) => store.totalReviews === 0)).toBe(true);
    expect(reviewRows.every((review) => review.rating >= 3 && review.rating <= 5)).toBe(true);
  });

  it('every review follows a completed past visit by its author, and the sign-in accounts have none', async () => {
    const reviewRows = await db.select().from(reviews);
    const bookingRows = await db.select().from(bookings);
    for (const review of reviewRows) {
      const visit = bookingRows.find(
        (booking) =>
          booking.userId === review.userId &&
          booking.storeId === review.storeId &&
          booking.status === 'completed' &&
          booking.completedAt! <= review.createdAt,
      );
      expect(visit, `review ${review.id}`).toBeDefined();
      expect(review.createdAt.getTime()).toBeLessThan(NOW.getTime());
    }
    // Only the sign-in accounts have bookings still to come (issue 36: marketplace-life.ts).
    const signIn = await db.select({ id: users.id, email: users.email }).from(users);
    const accountIds = signIn
      .filter((user) => DEMO_ACCOUNTS.some((account) => account.email === user.email))
      .map((user) => user.id);
    expect(accountIds).toHaveLength(2);
    const upcoming = bookingRows.filter((booking) => booking.endTime.getTime() >= NOW.getTime());
    expect(upcoming.every((booking) => accountIds.includes(booking.userId!))).toBe(true);
    expect(reviewRows.some((review) => accountIds.includes(review.userId))).toBe(false);
  });

  it('Top Stores and the store page show the figures the reviews and follows give', async () => {
    const reviewRows = await db.select().from(reviews);
    const followRows = await db.select().from(storeFollows);
    const top = await call(testApp.app, 'GET', '/api/v1/stores?limit=8');
    expect(top.statusCode).toBe(200);
    const listed = (top.json() as { stores: Array<Record<string, unknown>> }).stores;
    expect(listed).toHaveLength(8);
    const first = listed[0]!;
    const own = reviewRows.filter((review) => review.storeId === first.id);
    const counts = new Map<string, number>();
    for (const review of reviewRows) counts.set(review.storeId, (counts.get(review.storeId) ?? 0) + 1);
    // The top store is the one with the most reviews, and its figures are those of its rows.
    expect(own.length).toBe(Math.max(...counts.values()));
    expect(first.totalReviews ?? first.total_reviews).toBe(own.length);
    expect(first.badge).toBe('HIGHLY REVIEWED');
    const average = own.reduce((sum, review) => sum + review.rating, 0) / own.length;
    expect(Number(first.rating)).toBeCloseTo(average, 1);

    const detail = await call(testApp.app, 'GET', `/api/v1/stores/${first.id as string}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json() as { store?: Record<string, unknown> } & Record<string, unknown>;
    const store = body.store ?? body;
    expect(store.followers).toBe(followRows.filter((follow) => follow.storeId === first.id).length);
    expect(store.followers as number).toBeGreaterThan(0);
  });

  it('leaves some stores without branches and gives the others exactly one main branch', async () => {
    const storeRows = await db.select({ id: stores.id }).from(stores);
    const branchRows = await db.select().from(branches);
    const withoutBranches = storeRows.filter((store) => !branchRows.some((b) => b.storeId === store.id));
    expect(withoutBranches.length).toBeGreaterThanOrEqual(5);
    for (const store of storeRows) {
      const own = branchRows.filter((b) => b.storeId === store.id);
      if (own.length === 0) continue;
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own.filter((b) => b.isMainBranch)).toHaveLength(1);
    }
  });

  it('gives every store 2-5 staff and every service at least one of them', async () => {
    const staffRows = await db.select().from(staff);
    const assignments = await db.select().from(staffServices);
    const serviceRows = await db.select().from(services);
    const storeRows = await db.select({ id: stores.id }).from(stores);
    for (const store of storeRows) {
      const count = staffRows.filter((member) => member.storeId === store.id).length;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(5);
    }
    for (const service of serviceRows) {
      const assigned = assignments.filter((row) => row.serviceId === service.id);
      expect(assigned.length).toBeGreaterThanOrEqual(1);
      for (const row of assigned) {
        expect(staffRows.find((member) => member.id === row.staffId)!.storeId).toBe(service.storeId);
      }
    }
  });

  it('prices fixed services and leaves dynamic ones to a quote', async () => {
    const serviceRows = await db.select().from(services);
    const fixed = serviceRows.filter((service) => service.type === 'fixed');
    const dynamic = serviceRows.filter((service) => service.type === 'dynamic');
    expect(fixed.length).toBeGreaterThan(dynamic.length);
    expect(dynamic.length).toBeGreaterThan(0);
    for (const service of fixed) {
      expect(Number(service.price)).toBeGreaterThanOrEqual(500);
      expect(Number(service.price)).toBeLessThanOrEqual(15_000);
    }
    for (const service of dynamic) {
      expect(service.price).toBeNull();
      expect(service.priceRange).toMatch(/^KES [\d,]+ – [\d,]+$/);
    }
    expect(serviceRows.every((service) => [30, 45, 60, 90, 120].includes(service.duration))).toBe(true);
    expect(serviceRows.some((service) => !service.autoConfirmBookings)).toBe(true);
    expect(serviceRows.some((service) => service.minCancellationHours === 24)).toBe(true);
    expect(serviceRows.some((service) => !service.bookingEnabled)).toBe(true);
  });

  it('mixes offers: expired, ending within 48 h, featured, hot, paused', async () => {
    const expired = await db.$count(offers, lt(offers.expirationDate, NOW));
    const soon = await db.$count(
      offers,
      and(gte(offers.expirationDate, NOW), lt(offers.expirationDate, new Date(NOW.getTime() + 48 * HOUR))),
    );
    const withinHour = await db.$count(
      offers,
      and(gte(offers.expirationDate, NOW), lt(offers.expirationDate, new Date(NOW.getTime() + HOUR))),
    );
    const featured = await db.$count(offers, eq(offers.featured, true));
    const hot = await db.$count(offers, gte(offers.discount, '50'));
    const notActive = await db.$count(offers, ne(offers.status, 'active'));
    const total = first.counts.offers!;

    expect(expired).toBeGreaterThan(0);
    expect(expired).toBeLessThan(total * 0.15);
    expect(soon).toBeGreaterThanOrEqual(5);
    expect(withinHour).toBeGreaterThanOrEqual(1);
    expect(featured).toBe(15);
    expect(hot).toBeGreaterThanOrEqual(10);
    expect(notActive).toBeGreaterThan(0);
    expect(notActive).toBeLessThan(total * 0.15);
  });

  it('links most offers to a service of the same store, in the store category', async () => {
    const offerRows = await db.select().from(offers);
    const serviceRows = await db.select().from(services);
    const storeRows = await db.select().from(stores);
    const linked = offerRows.filter((offer) => offer.serviceId);
    expect(linked.length).toBeGreaterThan(offerRows.length / 2);
    for (const offer of offerRows) {
      const store = storeRows.find((row) => row.id === offer.storeId)!;
      expect(offer.category).toBe(store.category);
      expect(Number(offer.discount)).toBeGreaterThanOrEqual(10);
      expect(Number(offer.discount)).toBeLessThanOrEqual(70);
      expect(offer.imageUrl).toMatch(/^\/media\/generated\/cover\.svg\?label=[^&]+&hue=\d{1,3}$/);
      expect(
        decodeURIComponent(offer.imageUrl!.split('label=')[1]!.split('&')[0]!).length,
      ).toBeLessThanOrEqual(40);
      if (offer.serviceId) {
        expect(serviceRows.find((service) => service.id === offer.serviceId)!.storeId).toBe(offer.storeId);
      }
      if (offer.offerType === 'dynamic') {
        expect(offer.requiresConsultation).toBe(true);
      } else {
        expect(Number(offer.originalPrice)).toBeGreaterThanOrEqual(500);
        expect(Number(offer.originalPrice)).toBeLessThanOrEqual(20_000);
      }
      expect(offer.createdAt.getTime()).toBeLessThan(offer.expirationDate.getTime());
      expect(offer.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 61 * 24 * HOUR);
    }
    const perStore = new Map<string, number>();
    for (const offer of offerRows) perStore.set(offer.storeId, (perStore.get(offer.storeId) ?? 0) + 1);
    for (const count of perStore.values()) {
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(5);
    }
    expect(perStore.size).toBe(first.counts.stores);
  });

  it('creates the demo accounts with passwords that verify', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const table = account.role === 'merchant' ? merchants : users;
      const [row] = await db.select().from(table).where(eq(table.email, account.email));
      expect(row, account.email).toBeDefined();
      expect(await verifyPassword(row!.passwordHash!, account.password)).toBe(true);
      expect(await verifyPassword(row!.passwordHash!, 'wrong-password')).toBe(false);
    }
    const [achieng] = await db.select().from(users).where(eq(users.email, 'customer@d3deals.co.ke'));
    expect(achieng).toMatchObject({
      firstName: 'Achieng',
      lastName: 'Otieno',
      phoneNumber: '+254712345678',
      isPhoneVerified: true,
      isEmailVerified: true,
      referralSlug: 'achieng-otieno',
    });
    expect(achieng!.deletedAt).toBeNull();
  });

  it('gives the demo merchant Wanjiru Kamau three stores with branches and offers', async () => {
    const [wanjiru] = await db.select().from(merchants).where(eq(merchants.email, 'merchant@d3deals.co.ke'));
    expect(wanjiru).toMatchObject({ firstName: 'Wanjiru', lastName: 'Kamau' });
    const own = await db.select().from(stores).where(eq(stores.merchantId, wanjiru!.id));
    expect(own.map((store) => store.name).sort()).toEqual([
      'Kilimani Auto Care',
      'Lens & Light Studio',
      'Savannah Glow Spa',
    ]);
    for (const store of own) {
      expect(await db.$count(branches, eq(branches.storeId, store.id))).toBeGreaterThanOrEqual(1);
      expect(await db.$count(offers, eq(offers.storeId, store.id))).toBeGreaterThanOrEqual(3);
    }
    // Every other merchant owns at least one store.
    const orphans = await db
      .select({ id: merchants.id })
      .from(merchants)
      .leftJoin(stores, eq(stores.merchantId, merchants.id))
      .where(isNull(stores.id));
    expect(orphans).toEqual([]);
  });

  it('does nothing on a second call and leaves every count unchanged', async () => {
    const before = await countAll(db);
    const second = await seedDemo(db, { now: NOW });
    expect(second).toEqual({ seeded: false, counts: {} });
    expect(await countAll(db)).toEqual(before);
  });

  it('builds the same catalogue every time for the same clock', () => {
    const hashes = { merchant: 'm', customer: 'c' };
    expect(buildDemoCatalogue(NOW, hashes)).toEqual(buildDemoCatalogue(NOW, hashes));
  });

  it('reads the 12 category data files in the order the site lists them, each checked against its shape', () => {
    const categories = demoCategories();
    expect(categories.map((category) => category.id)).toEqual([
      'beauty-spa',
      'health-fitness',
      'food-dining',
      'automotive',
      'home-services',
      'electronics',
      'fashion',
      'education',
      'travel-leisure',
      'photography',
      'events',
      'pet-care',
    ]);
    const fashion = categories.find((category) => category.id === 'fashion');
    expect(fashion?.services[0]).toMatchObject({
      name: 'Custom Outfit Tailoring',
      duration: 60,
      price: [4000, 9000],
    });
    // A typo in a data file fails the seed with the field's path, not as a bad row later.
    const { duration: _, ...service } = fashion?.services[0] ?? {};
    const misspelt = { ...fashion, services: [{ ...service, duraton: 60 }] };
    const issues = categorySeed.safeParse(misspelt).error?.issues ?? [];
    expect(issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`).sort()).toEqual([
      'services.0.duration: invalid_union',
      'services.0: unrecognized_keys',
    ]);
  });
});

describe('seedDemo on a database that already has an account', () => {
  const testApp = useTestApp();

  it('changes nothing when a user exists', async () => {
    const { db } = testApp.database;
    await db
      .insert(users)
      .values({ firstName: 'Real', lastName: 'Person', email: 'real@example.com', referralSlug: 'real' });
    expect(await seedDemo(db, { now: NOW })).toEqual({ seeded: false, counts: {} });
    expect(await db.$count(stores)).toBe(0);
    expect(await db.$count(locations)).toBe(0);
    expect(await db.$count(users)).toBe(1);
  });
});

describe('seedDemo started twice at once', () => {
  const testApp = useTestApp();

  it('seeds exactly once', async () => {
    const { db } = testApp.database;
    const results = await Promise.all([seedDemo(db, { now: NOW }), seedDemo(db, { now: NOW })]);
    expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
    const seeded = results.find((result) => result.seeded)!;
    expect(await db.$count(stores)).toBe(seeded.counts.stores);
    expect(await db.$count(merchants)).toBe(11);
  });
});
