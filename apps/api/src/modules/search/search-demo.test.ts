import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed-demo.js';
import { getOk, useTestApp } from '../../test/build-app.js';

/** Issue 15: what a new user types, against the demo catalogue the site starts with. */
const ctx = useTestApp();

type Named = { name?: string; title?: string; store?: { name: string; location: string } };

async function search(query: string) {
  return (await getOk(ctx.app, `/api/v1/search?query=${encodeURIComponent(query)}`)) as {
    discounts: Named[];
    shops: Array<Named & { location: string }>;
    counts: { discounts: number; shops: number; total: number };
  };
}

beforeAll(async () => {
  await seedDemo(ctx.app.db, { now: new Date() });
});

describe('search over the demo catalogue', () => {
  it("'mombasa', 'westlands' and 'salon' find the catalogue's stores and offers, the place first", async () => {
    const mombasa = await search('mombasa');
    expect(mombasa.shops.map((shop) => shop.name)).toContain('Coral Bay Wellness Spa');
    // Stores in Mombasa rank before a store that only mentions Mombasa Road.
    const firstElsewhere = mombasa.shops.findIndex((shop) => shop.location !== 'Mombasa');
    const lastInMombasa = mombasa.shops.map((shop) => shop.location).lastIndexOf('Mombasa');
    expect(firstElsewhere === -1 || firstElsewhere > lastInMombasa).toBe(true);
    expect(mombasa.discounts.length).toBeGreaterThan(0);
    expect(mombasa.discounts[0]?.store?.location).toBe('Mombasa');

    const westlands = await search('westlands');
    expect(westlands.shops.map((shop) => shop.name)).toContain('Zuri Hair & Nail Lounge');
    expect(westlands.shops.every((shop) => shop.location === 'Westlands')).toBe(true);
    expect(westlands.counts.discounts).toBeGreaterThan(0);

    const salon = await search('salon');
    expect(salon.shops.map((shop) => shop.name)).toEqual(
      expect.arrayContaining(['Zuri Hair & Nail Lounge', 'Baobab Barbers']),
    );
    expect(salon.counts.discounts).toBeGreaterThan(0);
    expect(salon.counts.total).toBe(salon.counts.discounts + salon.counts.shops);
  });
});
