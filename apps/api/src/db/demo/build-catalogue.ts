import { demoCategories } from './content/categories/index.js';
import { LOCATIONS } from './content/locations.js';
import {
  DEMO_MERCHANT_STORES,
  DISCOUNTS,
  OTHER_MERCHANTS,
  SOCIAL_PLATFORMS,
  STAFF_FIRST_NAMES,
  STAFF_LAST_NAMES,
  STORES_WITHOUT_BRANCHES,
  WORKING_WEEK,
} from './content/people.js';
import { addCustomerActivity } from './customer-activity.js';
import {
  coverUrl,
  DAY_MS,
  endOfNairobiDay,
  HOUR_MS,
  handleOf,
  hueNear,
  jitter,
  kenyanMobile,
  logoUrl,
  money,
  roundTo,
  slugOf,
  socialLink,
} from './demo-helpers.js';
import type { Catalogue, OfferSeed, PasswordHashes, ServiceSeed } from './demo-types.js';
import { addMarketplaceLife } from './marketplace-life.js';
import { Random } from './random.js';

/** Builds every row in memory (pure apart from the PRNG), so the transaction only inserts. */
export function buildDemoCatalogue(now: Date, hashes: PasswordHashes): Catalogue {
  const categories = demoCategories();
  const random = new Random(20_260_101);
  const ids = new Random(4_242);
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const locationById = new Map(LOCATIONS.map((location) => [location.id, location]));

  const catalogue: Catalogue = {
    locations: LOCATIONS.map((location, index) => ({
      id: location.id,
      name: location.name,
      area: location.area,
      latitude: location.latitude,
      longitude: location.longitude,
      sortOrder: index + 1,
    })),
    categories: categories.map((category, index) => ({
      id: category.id,
      name: category.name,
      icon: category.icon,
      sortOrder: index + 1,
    })),
    merchants: [],
    users: [],
    stores: [],
    storeSocialLinks: [],
    branches: [],
    staff: [],
    services: [],
    staffServices: [],
    offers: [],
    bookings: [],
    reviews: [],
    storeFollows: [],
    serviceRequests: [],
    serviceRequestQuotes: [],
    conversations: [],
    messages: [],
    referralRewards: [],
  };

  const demoMerchantId = ids.uuid();
  const merchantSince = at(-420 * DAY_MS);
  catalogue.merchants.push({
    id: demoMerchantId,
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: 'merchant@d3deals.co.ke',
    phoneNumber: '+254711223344',
    passwordHash: hashes.merchant,
    createdAt: merchantSince,
    updatedAt: merchantSince,
  });
  const otherMerchantIds = OTHER_MERCHANTS.map(([firstName, lastName], index) => {
    const id = ids.uuid();
    const createdAt = at(-(410 - index * 7) * DAY_MS);
    catalogue.merchants.push({
      id,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@merchants.d3deals.co.ke`,
      phoneNumber: kenyanMobile(random),
      passwordHash: hashes.merchant,
      createdAt,
      updatedAt: createdAt,
    });
    return id;
  });

  const achiengSince = at(-120 * DAY_MS);
  const brianSince = at(-45 * DAY_MS);
  catalogue.users.push(
    {
      id: ids.uuid(),
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: 'customer@d3deals.co.ke',
      phoneNumber: '+254712345678',
      passwordHash: hashes.customer,
      isEmailVerified: true,
      isPhoneVerified: true,
      referralSlug: 'achieng-otieno',
      createdAt: achiengSince,
      updatedAt: achiengSince,
    },
    {
      id: ids.uuid(),
      firstName: 'Brian',
      lastName: 'Mutua',
      email: 'brian@d3deals.co.ke',
      phoneNumber: '+254723456789',
      passwordHash: hashes.customer,
      isEmailVerified: true,
      isPhoneVerified: false,
      referralSlug: 'brian-mutua',
      createdAt: brianSince,
      updatedAt: brianSince,
    },
  );

  let otherStoreIndex = 0;
  let offerCounter = 0;

  for (const category of categories) {
    for (const storeSeed of category.stores) {
      const location = locationById.get(storeSeed.location);
      if (!location) throw new Error(`Unknown location ${storeSeed.location} for ${storeSeed.name}`);
      const storeId = ids.uuid();
      const isDemoStore = DEMO_MERCHANT_STORES.includes(storeSeed.name);
      const merchantId = isDemoStore
        ? demoMerchantId
        : otherMerchantIds[otherStoreIndex++ % otherMerchantIds.length]!;
      const handle = handleOf(storeSeed.name);
      const [openingTime, closingTime] = random.pick(category.hours);
      const weekRoll = random.float();
      const workingDays =
        weekRoll < 0.3
          ? WORKING_WEEK
          : weekRoll < 0.75
            ? [...WORKING_WEEK, 'Saturday']
            : [...WORKING_WEEK, 'Saturday', 'Sunday'];
      const phoneNumber = kenyanMobile(random);
      const websiteUrl = random.chance(0.55) ? `https://www.${handle}.co.ke` : null;
      const storeCreatedAt = at(-random.int(90, 400) * DAY_MS);
      const latitude = jitter(random, location.latitude);
      const longitude = jitter(random, location.longitude);

      catalogue.stores.push({
        id: storeId,
        merchantId,
        name: storeSeed.name,
        logoUrl: logoUrl(storeSeed.name, random.int(0, 359)),
        category: category.name,
        locationId: location.id,
        description: storeSeed.description,
        phoneNumber,
        primaryEmail: `info@${handle}.co.ke`,
        openingTime,
        closingTime,
        workingDays,
        latitude,
        longitude,
        websiteUrl,
        cashback: random.int(1, 8) * 5,
        createdAt: storeCreatedAt,
        updatedAt: storeCreatedAt,
      });

      // Social links: 1-3 platforms, the website among them when the store has one.
      const platforms = random.shuffle(SOCIAL_PLATFORMS).slice(0, random.int(1, 3));
      const links = platforms.map((platform) => ({
        platform: platform as string,
        link: socialLink(platform, handle, phoneNumber, storeSeed.name),
      }));
      if (websiteUrl && links.length < 3) links.push({ platform: 'website', link: websiteUrl });
      for (const link of links) {
        catalogue.storeSocialLinks.push({ id: ids.uuid(), storeId, ...link, createdAt: storeCreatedAt });
      }

      // Branches: the main one at the store's own address, others nearby.
      const storeBranches: Array<{ id: string; name: string }> = [];
      if (!STORES_WITHOUT_BRANCHES.includes(storeSeed.name)) {
        const count = random.int(1, 3);
        const isNairobi = location.area === 'Nairobi';
        const nearby = random.shuffle(
          LOCATIONS.filter((other) => other.id !== location.id && other.area === 'Nairobi'),
        );
        const streets = random.shuffle(location.streets);
        for (let b = 0; b < count; b++) {
          const branchLocation = b === 0 || !isNairobi ? location : nearby[b - 1]!;
          const street =
            b === 0 || !isNairobi
              ? (streets[b % streets.length] ?? location.streets[0]!)
              : random.pick(branchLocation.streets);
          const branchId = ids.uuid();
          storeBranches.push({ id: branchId, name: `${branchLocation.name} – ${street}` });
          catalogue.branches.push({
            id: branchId,
            storeId,
            name: `${branchLocation.name} – ${street}`,
            address: `${street}, ${branchLocation.name}`,
            phone: b === 0 ? phoneNumber : kenyanMobile(random),
            email: `${slugOf(branchLocation.name)}@${handle}.co.ke`,
            status: 'active',
            openingTime,
            closingTime: b === 0 ? closingTime : random.pick(category.hours)[1],
            workingDays,
            isMainBranch: b === 0,
            latitude: b === 0 ? latitude : jitter(random, branchLocation.latitude),
            longitude: b === 0 ? longitude : jitter(random, branchLocation.longitude),
            createdAt: storeCreatedAt,
            updatedAt: storeCreatedAt,
          });
        }
      }

      // Staff: 2-5, spread over the branches; each branch's manager is its first staff member.
      const staffCount = random.int(2, 5);
      const usedNames = new Set<string>();
      const storeStaff: string[] = [];
      for (let s = 0; s < staffCount; s++) {
        let name = '';
        do name = `${random.pick(STAFF_FIRST_NAMES)} ${random.pick(STAFF_LAST_NAMES)}`;
        while (usedNames.has(name));
        usedNames.add(name);
        const branch = storeBranches.length > 0 ? storeBranches[s % storeBranches.length]! : undefined;
        const staffId = ids.uuid();
        storeStaff.push(staffId);
        catalogue.staff.push({
          id: staffId,
          storeId,
          branchId: branch?.id ?? null,
          name,
          role: category.roles[s % category.roles.length]!,
          status: 'active',
          createdAt: storeCreatedAt,
          updatedAt: storeCreatedAt,
        });
        const branchRow = branch ? catalogue.branches.find((row) => row.id === branch.id) : undefined;
        if (branchRow && !branchRow.manager) branchRow.manager = name;
      }

      // Services: the store's own list, each delivered by at least one staff member.
      const storeServices: Array<{ id: string; seed: ServiceSeed; price: number | null }> = [];
      storeSeed.services.forEach((serviceIndex, position) => {
        const seed = category.services[serviceIndex];
        if (!seed) throw new Error(`Unknown service ${serviceIndex} for ${storeSeed.name}`);
        const serviceId = ids.uuid();
        const isDynamic = !seed.price;
        const price = seed.price ? roundTo(random.int(seed.price[0], seed.price[1]), 50) : null;
        const cancellationRoll = random.float();
        const minCancellationHours = cancellationRoll < 0.15 ? 24 : cancellationRoll < 0.3 ? 4 : 2;
        const createdAt = new Date(storeCreatedAt.getTime() + (1 + position) * DAY_MS);
        storeServices.push({ id: serviceId, seed, price });
        catalogue.services.push({
          id: serviceId,
          storeId,
          name: seed.name,
          description: seed.description,
          type: isDynamic ? 'dynamic' : 'fixed',
          price: price === null ? null : money(price),
          priceRange: isDynamic ? (seed.priceRange ?? null) : null,
          duration: seed.duration,
          imageUrl: coverUrl(seed.name, hueNear(random, category.hue)),
          featured: random.chance(0.12),
          category: category.name,
          bookingEnabled: !random.chance(0.05),
          autoConfirmBookings: isDynamic ? false : !random.chance(0.2),
          consultationRequired: isDynamic,
          features: seed.features,
          requirements: seed.requirements,
          cancellationPolicy: `Free cancellation up to ${minCancellationHours} hours before your appointment.`,
          minCancellationHours,
          createdAt,
          updatedAt: createdAt,
        });
        const assigned = storeStaff.filter((_, index) => (index + position) % 2 === 0);
        for (const staffId of assigned.length > 0 ? assigned : storeStaff.slice(0, 1)) {
          catalogue.staffServices.push({ staffId, serviceId });
        }
      });

      // Offers: 3-5, most tied to one of the store's services, the rest store-wide deals.
      const offerCount = random.int(3, 5);
      const linked = random.shuffle(
        storeServices.flatMap((service) => service.seed.offers.map((offer) => ({ offer, service }))),
      );
      const extras = random.shuffle(category.extras);
      const linkedCount = Math.min(linked.length, Math.max(offerCount - 1, Math.ceil(offerCount * 0.7)));
      const chosen: Array<{
        offer: OfferSeed;
        service?: (typeof storeServices)[number];
        price?: [number, number];
      }> = [
        ...linked.slice(0, linkedCount),
        ...extras.slice(0, offerCount - linkedCount).map((extra) => ({ offer: extra, price: extra.price })),
      ];

      for (const { offer, service, price } of chosen) {
        const k = offerCounter++;
        const isDynamic = service !== undefined && service.price === null;
        let originalPrice: number | null = null;
        if (service?.price != null) {
          originalPrice = Math.min(20_000, Math.max(500, roundTo(service.price * (offer.times ?? 1), 50)));
        } else if (price) {
          originalPrice = roundTo(random.int(price[0], price[1]), 100);
        }

        // Expiry mix: ~10 % expired, some within the hour and within 48 h, the rest 3-90 days out.
        let expirationDate: Date;
        if (k % 10 === 3) expirationDate = endOfNairobiDay(at(-random.int(2, 20) * DAY_MS));
        else if (k % 40 === 11) expirationDate = at(random.int(20, 55) * 60_000);
        else if (k % 14 === 5) expirationDate = at(random.int(2, 47) * HOUR_MS + random.int(0, 59) * 60_000);
        else expirationDate = endOfNairobiDay(at(random.int(3, 90) * DAY_MS));

        let createdAt = at(-random.int(1, 60) * DAY_MS - random.int(0, 23) * HOUR_MS);
        if (createdAt.getTime() >= expirationDate.getTime() - DAY_MS) {
          createdAt = new Date(expirationDate.getTime() - random.int(10, 40) * DAY_MS);
        }

        const statusRoll = random.float();
        const status = statusRoll < 0.04 ? 'paused' : statusRoll < 0.06 ? 'inactive' : 'active';
        const discount = random.pick(DISCOUNTS);

        catalogue.offers.push({
          id: ids.uuid(),
          storeId,
          serviceId: service?.id ?? null,
          title: offer.title,
          description: offer.description,
          discount: money(discount),
          discountExplanation: isDynamic
            ? `${discount}% off the quoted price`
            : offer.times && offer.times > 1
              ? `${discount}% off the price of ${offer.times} booked separately`
              : null,
          originalPrice: originalPrice === null ? null : money(originalPrice),
          expirationDate,
          category: category.name,
          status,
          featured: false,
          offerType: isDynamic ? 'dynamic' : 'fixed',
          requiresConsultation: isDynamic,
          imageUrl: coverUrl(offer.title, hueNear(random, category.hue)),
          createdAt,
          updatedAt: createdAt,
        });
      }
    }
  }

  // Featured: 15 live offers spread over the catalogue.
  const live = catalogue.offers.filter(
    (offer) =>
      offer.status === 'active' && (offer.expirationDate as Date).getTime() > now.getTime() + 3 * DAY_MS,
  );
  for (const offer of random.shuffle(live).slice(0, 15)) offer.featured = true;

  addCustomerActivity(catalogue, now, hashes.customer);
  addMarketplaceLife(catalogue, now);
  return catalogue;
}
