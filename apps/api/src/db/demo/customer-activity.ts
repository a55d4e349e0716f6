import type { services } from '../schema/index.js';
import { DEMO_REVIEWERS, REVIEW_RESPONSES, REVIEW_TEXTS } from './content/people.js';
import { DAY_MS, endOfNairobiDay, HOUR_MS, slugOf } from './demo-helpers.js';
import type { Catalogue, Insert } from './demo-types.js';
import { Random } from './random.js';

/**
 * Issue 15: demo customers, their past completed visits, the reviews they left on those visits
 * and the stores they follow. Its own PRNGs, so the catalogue above (ids and content) is the same
 * as before. Store figures are left to the engagement module (seedDemo asks it to recompute).
 */
export function addCustomerActivity(catalogue: Catalogue, now: Date, customerHash: string): void {
  const random = new Random(15_150_315);
  const ids = new Random(1_515);
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  const customers = DEMO_REVIEWERS.map(([firstName, lastName], index) => {
    const id = ids.uuid();
    const createdAt = at(-(360 - index * 5) * DAY_MS);
    catalogue.users.push({
      id,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@customers.d3deals.co.ke`,
      phoneNumber: `+2547${String(20_000_000 + index * 137_911).padStart(8, '0')}`,
      passwordHash: customerHash,
      isEmailVerified: true,
      isPhoneVerified: true,
      referralSlug: `${slugOf(`${firstName} ${lastName}`)}-demo`,
      createdAt,
      updatedAt: createdAt,
    });
    return { id, name: `${firstName} ${lastName}`, createdAt };
  });

  const servicesByStore = new Map<string, Array<Insert<typeof services>>>();
  for (const service of catalogue.services) {
    const list = servicesByStore.get(service.storeId) ?? [];
    list.push(service);
    servicesByStore.set(service.storeId, list);
  }
  const staffById = new Map(catalogue.staff.map((member) => [member.id!, member]));
  const staffByService = new Map<string, string[]>();
  for (const link of catalogue.staffServices) {
    const list = staffByService.get(link.serviceId) ?? [];
    list.push(link.staffId);
    staffByService.set(link.serviceId, list);
  }

  /** A completed visit `daysAgo` days back, at 9-16 h Nairobi time, of one of the store's services. */
  const visit = (storeId: string, customer: (typeof customers)[number], daysAgo: number) => {
    const service = random.pick(servicesByStore.get(storeId)!);
    const staffId = random.pick(staffByService.get(service.id!) ?? [null]);
    const member = staffId ? staffById.get(staffId) : undefined;
    const midnight = endOfNairobiDay(at(-daysAgo * DAY_MS)).getTime() + 60_000 - DAY_MS;
    const startTime = new Date(midnight + random.int(9, 16) * HOUR_MS + random.pick([0, 30]) * 60_000);
    const endTime = new Date(startTime.getTime() + service.duration! * 60_000);
    const bookedAt = new Date(startTime.getTime() - random.int(1, 5) * DAY_MS);
    const completedAt = new Date(endTime.getTime() + random.int(0, 20) * 60_000);
    catalogue.bookings.push({
      id: ids.uuid(),
      userId: customer.id,
      storeId,
      branchId: member?.branchId ?? null,
      staffId: staffId ?? null,
      serviceId: service.id!,
      bookingType: 'service',
      status: 'completed',
      startTime,
      endTime,
      accessFee: '0',
      clientName: customer.name,
      confirmedAt: bookedAt,
      checkedInAt: new Date(startTime.getTime() - random.int(0, 10) * 60_000),
      completedAt,
      createdAt: bookedAt,
      updatedAt: completedAt,
    });
    return completedAt;
  };

  for (const store of catalogue.stores) {
    const storeId = store.id!;
    // Popularity: a few busy stores (25+ reviews), some popular (10+), most with a handful, a few new.
    const roll = random.float();
    const reviewCount =
      roll < 0.12
        ? random.int(25, 30)
        : roll < 0.35
          ? random.int(10, 18)
          : roll < 0.85
            ? random.int(1, 7)
            : 0;
    // How this store tends to do: most are good, some merely fine.
    const mood = random.float();
    const visitors = random
      .shuffle(customers)
      .slice(0, Math.min(customers.length, reviewCount + random.int(0, 3)));
    visitors.forEach((customer, index) => {
      const storeAge = Math.floor((now.getTime() - (store.createdAt as Date).getTime()) / DAY_MS);
      const customerAge = Math.floor((now.getTime() - customer.createdAt.getTime()) / DAY_MS);
      const maxDaysAgo = Math.max(5, Math.min(storeAge, customerAge, 180) - 2);
      const daysAgo = random.int(4, maxDaysAgo);
      // A regular: an earlier visit too.
      if (random.chance(0.25) && daysAgo + 14 < maxDaysAgo)
        visit(storeId, customer, daysAgo + random.int(14, 40));
      const completedAt = visit(storeId, customer, daysAgo);
      if (index < reviewCount) {
        const r = random.float();
        const rating = (mood < 0.7 ? (r < 0.6 ? 5 : r < 0.92 ? 4 : 3) : r < 0.3 ? 5 : r < 0.75 ? 4 : 3) as
          | 3
          | 4
          | 5;
        const createdAt = new Date(completedAt.getTime() + random.int(2, 60) * HOUR_MS);
        const responded = random.chance(0.3);
        const respondedAt = responded ? new Date(createdAt.getTime() + random.int(3, 30) * HOUR_MS) : null;
        catalogue.reviews.push({
          id: ids.uuid(),
          userId: customer.id,
          storeId,
          rating,
          text: random.pick(REVIEW_TEXTS[rating]),
          responseText: responded ? random.pick(REVIEW_RESPONSES[rating]) : null,
          respondedAt: respondedAt && respondedAt < now ? respondedAt : null,
          createdAt,
          updatedAt: createdAt,
        });
      }
      if (random.chance(0.45)) {
        const followedAt = new Date(completedAt.getTime() + random.int(1, 48) * HOUR_MS);
        catalogue.storeFollows.push({ id: ids.uuid(), userId: customer.id, storeId, createdAt: followedAt });
      }
    });
    // Followers who found the store without a visit yet.
    const visitorIds = new Set(visitors.map((customer) => customer.id));
    for (const customer of random.shuffle(customers).slice(0, random.int(0, 4))) {
      if (visitorIds.has(customer.id)) continue;
      const followedAt = at(-random.int(1, 90) * DAY_MS - random.int(0, 23) * HOUR_MS);
      catalogue.storeFollows.push({ id: ids.uuid(), userId: customer.id, storeId, createdAt: followedAt });
    }
  }
}
