import { accessFeeForOffer, mpesaAmount } from '@d3/shared/catalogue/pricing-rules';
import { referralRewardCents } from '@d3/shared/service-requests/service-request-rules';
import type { services, stores } from '../schema/index.js';
import { DEMO_ACCOUNTS } from './content/accounts.js';
import {
  CHAT_THREADS,
  OPEN_REQUESTS,
  QUOTE_AVAILABILITY,
  QUOTE_DURATIONS,
  QUOTE_MESSAGES,
  REFERRED_CUSTOMERS,
} from './content/marketplace-life.js';
import { DAY_MS, endOfNairobiDay, HOUR_MS, money } from './demo-helpers.js';
import type { Catalogue, Insert } from './demo-types.js';
import { Random } from './random.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Issue 36: a marketplace with life in it on a fresh start. Open service requests with quotes
 * (one of them the demo customer's own), chat conversations of the demo customers with stores,
 * past and upcoming bookings of each demo customer at the demo merchant's stores, and customers
 * Achieng referred whose completed offer bookings earned her referral rewards. Its own PRNGs, so
 * everything generated before it stays the same.
 */
export function addMarketplaceLife(catalogue: Catalogue, now: Date): void {
  const random = new Random(36_036_036);
  const ids = new Random(3_636);
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  const accountUsers = DEMO_ACCOUNTS.filter((account) => account.role === 'customer').map(
    (account) => catalogue.users.find((user) => user.email === account.email)!,
  );
  const [achieng] = accountUsers;
  const demoMerchant = catalogue.merchants.find((merchant) => merchant.email === 'merchant@d3deals.co.ke')!;
  const accountEmails = new Set(DEMO_ACCOUNTS.map((account) => account.email));
  const others = catalogue.users.filter((user) => !accountEmails.has(user.email));
  const demoStores = catalogue.stores.filter((store) => store.merchantId === demoMerchant.id);

  const servicesOf = (storeId: string) =>
    catalogue.services.filter((service) => service.storeId === storeId && service.type !== 'dynamic');
  const staffOf = (serviceId: string) =>
    catalogue.staffServices
      .filter((link) => link.serviceId === serviceId)
      .map((link) => catalogue.staff.find((member) => member.id === link.staffId)!);
  const nameOf = (user: (typeof catalogue.users)[number]) => `${user.firstName} ${user.lastName}`;

  /** A booking of `service` at `startTime`, as the booking flow leaves it in `status`. */
  const book = (
    user: (typeof catalogue.users)[number],
    store: Insert<typeof stores>,
    service: Insert<typeof services>,
    startTime: Date,
    staffIndex: number,
  ) => {
    const member = staffOf(service.id!)[staffIndex % Math.max(1, staffOf(service.id!).length)];
    const endTime = new Date(startTime.getTime() + service.duration! * 60_000);
    const past = endTime < now;
    const createdAt = new Date(Math.min(startTime.getTime() - 3 * DAY_MS, now.getTime() - HOUR_MS));
    catalogue.bookings.push({
      id: ids.uuid(),
      userId: user.id!,
      storeId: store.id!,
      branchId: member?.branchId ?? null,
      staffId: member?.id ?? null,
      serviceId: service.id!,
      bookingType: 'service',
      status: past ? 'completed' : 'confirmed',
      startTime,
      endTime,
      accessFee: '0',
      clientName: nameOf(user),
      clientEmail: user.email,
      clientPhone: user.phoneNumber ?? null,
      confirmedAt: createdAt,
      checkedInAt: past ? new Date(startTime.getTime() - 5 * 60_000) : null,
      completedAt: past ? new Date(endTime.getTime() + 10 * 60_000) : null,
      createdAt,
      updatedAt: past ? endTime : createdAt,
    });
  };

  /** `hour` Nairobi time on the first day from `daysAhead` (negative: back) the store works. */
  const onWorkingDay = (store: Insert<typeof stores>, daysAhead: number, hour: number): Date => {
    for (let step = 0; step < 7; step += 1) {
      const day = daysAhead + (daysAhead < 0 ? -step : step);
      const midnight = endOfNairobiDay(at(day * DAY_MS)).getTime() + 60_000 - DAY_MS;
      const weekday = WEEKDAYS[new Date(midnight + 3 * HOUR_MS).getUTCDay()]!;
      if (!store.workingDays || (store.workingDays as string[]).includes(weekday)) {
        return new Date(midnight + hour * HOUR_MS);
      }
    }
    return new Date(endOfNairobiDay(at(daysAhead * DAY_MS)).getTime() + 60_000 - DAY_MS + hour * HOUR_MS);
  };

  // Two past visits and two coming ones for each demo customer, at the demo merchant's stores (the
  // merchant's dashboard has them too); each customer at its own hours, so no staff is booked twice.
  accountUsers.forEach((user, userIndex) => {
    const plan: Array<[number, number]> = [
      [-21, 10],
      [-6, 15],
      [2, 11],
      [6, 14],
    ];
    plan.forEach(([day, hour], index) => {
      const store = demoStores[(userIndex + index) % demoStores.length]!;
      const service = servicesOf(store.id!)[index % servicesOf(store.id!).length]!;
      book(user, store, service, onWorkingDay(store, day, hour + userIndex * 2), userIndex);
    });
  });

  // Open service requests with pending quotes from stores of the category.
  OPEN_REQUESTS.forEach((seed, index) => {
    const owner = index === 0 ? achieng! : others[(index * 7) % others.length]!;
    const createdAt = at(-seed.daysAgo * DAY_MS - random.int(1, 10) * HOUR_MS);
    const requestId = ids.uuid();
    catalogue.serviceRequests.push({
      id: requestId,
      userId: owner.id!,
      title: seed.title,
      category: seed.category,
      description: seed.description,
      budgetMin: money(seed.budget[0]),
      budgetMax: money(seed.budget[1]),
      timeline: seed.timeline,
      location: seed.location,
      requirements: index % 2 === 0 ? ['References'] : [],
      priority: seed.priority,
      status: 'active',
      createdAt,
      updatedAt: createdAt,
    });
    const quoting = random
      .shuffle(catalogue.stores.filter((store) => store.category === seed.category))
      .slice(0, index === 0 ? 3 : random.int(1, 3));
    quoting.forEach((store, quoteIndex) => {
      const quotedAt = new Date(createdAt.getTime() + (quoteIndex + 1) * random.int(2, 9) * HOUR_MS);
      const price =
        seed.budget[0] + Math.round(((seed.budget[1] - seed.budget[0]) * random.float()) / 100) * 100;
      catalogue.serviceRequestQuotes.push({
        id: ids.uuid(),
        requestId,
        storeId: store.id!,
        merchantId: store.merchantId!,
        quotedPrice: money(price),
        message: random.pick(QUOTE_MESSAGES),
        availability: random.pick(QUOTE_AVAILABILITY),
        estimatedDuration: random.pick(QUOTE_DURATIONS),
        includesSupplies: random.chance(0.5),
        warranty: random.chance(0.3) ? '30 days' : null,
        status: 'pending',
        createdAt: quotedAt < now ? quotedAt : at(-HOUR_MS),
        updatedAt: quotedAt < now ? quotedAt : at(-HOUR_MS),
      });
    });
  });

  // Conversations: each demo customer with demo merchant stores and others, the last store line unread.
  accountUsers.forEach((user, userIndex) => {
    const own = demoStores[userIndex % demoStores.length]!;
    const chatStores = [
      own,
      ...random.shuffle(catalogue.stores.filter((store) => store.id !== own.id)),
    ].slice(0, userIndex === 0 ? 3 : 1);
    chatStores.forEach((store, storeIndex) => {
      const thread = CHAT_THREADS[(storeIndex + userIndex) % CHAT_THREADS.length]!;
      const conversationId = ids.uuid();
      const start = at(-(storeIndex + 1) * random.int(20, 40) * HOUR_MS);
      let last = start;
      const lines = thread.map(([who, content], lineIndex) => {
        last = new Date(start.getTime() + lineIndex * random.int(3, 25) * 60_000);
        const unread = who === 'm' && lineIndex === thread.length - 1 && storeIndex === 0;
        return {
          id: ids.uuid(),
          conversationId,
          senderId: who === 'c' ? user.id! : store.merchantId!,
          senderType: who === 'c' ? ('customer' as const) : ('merchant' as const),
          content,
          status: unread ? ('delivered' as const) : ('read' as const),
          statusRank: unread ? 2 : 3,
          deliveredAt: last,
          readAt: unread ? null : last,
          seq: lineIndex + 1,
          createdAt: last,
        };
      });
      catalogue.conversations.push({
        id: conversationId,
        customerId: user.id!,
        storeId: store.id!,
        lastMessageAt: last,
        lastMessagePreview: thread.at(-1)![1],
        lastSeq: thread.length,
        createdAt: start,
        updatedAt: last,
      });
      catalogue.messages.push(...lines);
    });
  });

  // Customers Achieng referred, each with a completed, paid offer booking: her referral earnings.
  const priced = catalogue.offers.filter(
    (offer) => offer.originalPrice && offer.status === 'active' && offer.serviceId,
  );
  others.slice(-REFERRED_CUSTOMERS).forEach((user, index) => {
    user.referredBy = achieng!.id!;
    const offer = priced[(index * 11) % priced.length]!;
    const store = catalogue.stores.find((candidate) => candidate.id === offer.storeId)!;
    const service = catalogue.services.find((candidate) => candidate.id === offer.serviceId)!;
    const startTime = onWorkingDay(store, -(10 + index * 6), 12);
    const endTime = new Date(startTime.getTime() + (service.duration ?? 60) * 60_000);
    const fee = accessFeeForOffer({
      originalPrice: Number(offer.originalPrice),
      discount: Number(offer.discount),
    });
    const paid = mpesaAmount(fee);
    const bookingId = ids.uuid();
    const completedAt = new Date(endTime.getTime() + 15 * 60_000);
    catalogue.bookings.push({
      id: bookingId,
      userId: user.id!,
      storeId: store.id!,
      serviceId: service.id!,
      offerId: offer.id!,
      bookingType: 'offer',
      status: 'completed',
      startTime,
      endTime,
      accessFee: money(fee),
      accessFeePaid: true,
      clientName: nameOf(user),
      confirmedAt: new Date(startTime.getTime() - 2 * DAY_MS),
      completedAt,
      createdAt: new Date(startTime.getTime() - 2 * DAY_MS),
      updatedAt: completedAt,
    });
    catalogue.referralRewards.push({
      id: ids.uuid(),
      referrerId: achieng!.id!,
      referredUserId: user.id!,
      bookingId,
      paidFeeCents: Math.round(paid * 100),
      amountCents: referralRewardCents(paid),
      status: 'credited',
      description: 'Referral reward: an offer booking of a customer you referred was completed',
      createdAt: completedAt,
    });
  });
}
