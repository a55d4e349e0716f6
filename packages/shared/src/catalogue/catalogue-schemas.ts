import { z } from 'zod';
import { ZPagination } from '../api/envelope-schemas.js';
import { PRICE_RANGES } from './price-range-rules.js';

/**
 * Wire contract of the catalogue: stores, branches, staff, services, offers, locations, search
 * (seed 000 §2–§5, seed 001 §7, API-CONTRACT "Merchant side"). The API validates and serialises
 * with these; the sites read the inferred T… types and reuse the request schemas in forms.
 */

// ---------------------------------------------------------------------------------------------
// Ids and shared pieces
// ---------------------------------------------------------------------------------------------

/** 8-4-4-4-12 hex, any version (seed 000 §5 "Store id UUID 8-4-4-4-12"). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idOf = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(UUID_PATTERN, { error: invalid })
    .transform((value) => value.toLowerCase());

export const ZStoreId = idOf('Store ID is required', 'Invalid store ID format');
export const ZOfferId = idOf('Offer ID is required', 'Invalid offer ID');
export const ZServiceId = idOf('Service ID is required', 'Invalid service ID');
export const ZBranchId = idOf('Branch ID is required', 'Invalid branch ID');
export const ZStaffId = idOf('Staff ID is required', 'Invalid staff ID');

export const ZStoreIdParams = z.object({ id: ZStoreId });
export const ZStoreIdPathParams = z.object({ storeId: ZStoreId });
export const ZOfferIdParams = z.object({ id: ZOfferId });
export const ZServiceIdParams = z.object({ id: ZServiceId });
export const ZBranchIdParams = z.object({ id: ZBranchId });
export const ZStaffIdParams = z.object({ id: ZStaffId });

export const OFFER_STATUSES = ['active', 'paused', 'draft', 'inactive'] as const;
export type TOfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_TYPES = ['fixed', 'dynamic'] as const;
export const SERVICE_TYPES = ['fixed', 'dynamic'] as const;
export const WEEK_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
/** Platforms the store profile draws an icon for (seed 000 §2 "Store profile"). */
export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'twitter',
  'x',
  'linkedin',
  'youtube',
  'website',
  'tiktok',
  'whatsapp',
  'discord',
  'pinterest',
  'snapchat',
  'tumblr',
  'reddit',
  'vimeo',
  'github',
  'flickr',
] as const;

/** Filter values that mean "no filter" (seed 000 §5 "Search"). */
const ALL_VALUES = new Set(['', 'all', 'all locations', 'all categories']);

/** Optional text filter: 'All', 'All Locations' and blanks become undefined. */
const ZFilter = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value === undefined || ALL_VALUES.has(value.toLowerCase()) ? undefined : value));

/** Query-string integer, clamped to `max`; blank means the default. */
const queryInt = (fallback: number, max: number, name: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? undefined : value),
    z.coerce
      .number({ error: `${name} must be a number` })
      .int({ error: `${name} must be a whole number` })
      .min(1, { error: `${name} must be at least 1` })
      .transform((value) => Math.min(value, max))
      .default(fallback),
  );

export const ZPage = queryInt(1, 100_000, 'page');

export const ZListPagination = ZPagination.extend({ currentPage: z.number().int() });
export type TListPagination = z.infer<typeof ZListPagination>;

/**
 * One page of a list as the seed answers it: the items under their own name (`stores`, `offers`…)
 * and again as `data`, then the pagination block.
 */
export function pagedListResponse<K extends string, T extends z.ZodType>(key: K, item: T) {
  const named = { [key]: z.array(item) } as { [P in K]: z.ZodArray<T> };
  return z.object({ success: z.literal(true), ...named, data: z.array(item), pagination: ZListPagination });
}

export const ZLimitQuery = z.object({ limit: queryInt(12, 50, 'limit') });
/** Home sections (hero, featured, Top Deals): a limit and the chosen location ('All' = every place). */
export const ZLocatedLimitQuery = ZLimitQuery.extend({ location: ZFilter });

// ---------------------------------------------------------------------------------------------
// Entities (responses)
// ---------------------------------------------------------------------------------------------

export const ZSocialLink = z.object({ id: z.string(), platform: z.string(), link: z.string() });
export type TSocialLink = z.infer<typeof ZSocialLink>;

/** The store as an offer or service carries it. */
export const ZStoreSummary = z.object({
  id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  logoUrl: z.string().nullable(),
  location: z.string(),
  locationId: z.string(),
  category: z.string(),
  rating: z.number(),
  totalReviews: z.number().int(),
});
export type TStoreSummary = z.infer<typeof ZStoreSummary>;

/** A store in lists (All Stores, Top Stores, search shops). */
export const ZStore = z.object({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  logo_url: z.string().nullable(),
  logoUrl: z.string().nullable(),
  image: z.string().nullable(),
  category: z.string(),
  location: z.string(),
  locationId: z.string(),
  area: z.string(),
  description: z.string(),
  phone_number: z.string().nullable(),
  primary_email: z.string().nullable(),
  opening_time: z.string(),
  closing_time: z.string(),
  working_days: z.array(z.string()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  website_url: z.string().nullable(),
  /** Headline discount percent ("cashback (shown as discount)"). */
  cashback: z.number().int(),
  discount: z.string(),
  /** Real average of the reviews; 0 without reviews. */
  rating: z.number(),
  totalReviews: z.number().int(),
  reviews: z.number().int(),
  /** storeBadge(totalReviews): 'NEW' without reviews. */
  badge: z.string(),
  isTrending: z.boolean(),
  followers: z.number().int(),
  /** Active, unexpired offers. */
  deals: z.number().int(),
  services: z.number().int(),
  createdAt: z.string(),
});
export type TStore = z.infer<typeof ZStore>;

export const ZBranch = z.object({
  /** A UUID, or 'store-{storeId}' for the synthetic main branch of a store without branches. */
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
  openingTime: z.string(),
  closingTime: z.string(),
  workingDays: z.array(z.string()),
  isMainBranch: z.boolean(),
  manager: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isSynthetic: z.boolean(),
});
export type TBranch = z.infer<typeof ZBranch>;

export const ZStoreDetail = ZStore.extend({
  socialLinks: z.array(ZSocialLink),
  branches: z.array(ZBranch),
  outlets: z.number().int(),
  /** Set for a signed-in customer once the engagement module exists; null otherwise. */
  following: z.boolean().nullable(),
});
export type TStoreDetail = z.infer<typeof ZStoreDetail>;

export const ZStaff = z.object({
  id: z.string(),
  storeId: z.string(),
  branchId: z.string().nullable(),
  name: z.string(),
  role: z.string(),
  status: z.string(),
  serviceIds: z.array(z.string()),
});
export type TStaff = z.infer<typeof ZStaff>;

export const ZServiceSummary = z.object({ id: z.string(), name: z.string(), duration: z.number().int() });

export const ZOffer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Percent off. */
  discount: z.number(),
  discount_explanation: z.string().nullable(),
  discountExplanation: z.string().nullable(),
  original_price: z.number().nullable(),
  originalPrice: z.number().nullable(),
  /** discountedPrice(original, discount); null without an original price. */
  discounted_price: z.number().nullable(),
  offerPrice: z.number().nullable(),
  savings: z.number().nullable(),
  /** accessFeeForOffer: what the booking's M-Pesa payment charges. */
  accessFee: z.number(),
  expiration_date: z.string(),
  expirationDate: z.string(),
  category: z.string(),
  status: z.string(),
  featured: z.boolean(),
  offer_type: z.string(),
  offerType: z.string(),
  requires_consultation: z.boolean(),
  requiresConsultation: z.boolean(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  isHot: z.boolean(),
  tag: z.string(),
  dealLabel: z.string(),
  isExpired: z.boolean(),
  bookable: z.boolean(),
  createdAt: z.string(),
  storeId: z.string(),
  serviceId: z.string().nullable(),
  store: ZStoreSummary,
  service: ZServiceSummary.nullable(),
});
export type TOffer = z.infer<typeof ZOffer>;

export const ZService = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  price: z.number().nullable(),
  price_range: z.string().nullable(),
  priceRange: z.string().nullable(),
  duration: z.number().int(),
  images: z.array(z.string()),
  image_url: z.string().nullable(),
  imageUrl: z.string().nullable(),
  featured: z.boolean(),
  category: z.string(),
  booking_enabled: z.boolean(),
  auto_confirm_bookings: z.boolean(),
  require_prepayment: z.boolean(),
  consultation_required: z.boolean(),
  features: z.array(z.string()),
  requirements: z.array(z.string()),
  cancellation_policy: z.string().nullable(),
  min_cancellation_hours: z.number().int(),
  allow_early_checkin: z.boolean(),
  early_checkin_minutes: z.number().int(),
  /** Null: capacity is the number of the branch's staff assigned to the service (min 1). */
  maxConcurrentBookings: z.number().int().nullable(),
  max_concurrent_bookings: z.number().int().nullable(),
  createdAt: z.string(),
  store: ZStoreSummary,
});
export type TService = z.infer<typeof ZService>;

export const ZLocationOption = z.object({
  id: z.string(),
  name: z.string(),
  area: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  offerCount: z.number().int(),
  storeCount: z.number().int(),
  /** '{n} offers' ('1 offer'). */
  offers: z.string(),
});
export type TLocationOption = z.infer<typeof ZLocationOption>;

export const ZCategoryCount = z.object({
  id: z.string().nullable(),
  name: z.string(),
  icon: z.string().nullable(),
  count: z.number().int(),
});
export type TCategoryCount = z.infer<typeof ZCategoryCount>;

// ---------------------------------------------------------------------------------------------
// List queries
// ---------------------------------------------------------------------------------------------

export const STORE_SORTS = [
  'popular',
  'discount_high',
  'discount_low',
  'name_asc',
  'name_desc',
  'newest',
  'rating',
] as const;
export type TStoreSort = (typeof STORE_SORTS)[number];

export const ZStoreListQuery = z.object({
  search: ZFilter,
  /** Location id, name or area; 'all' / 'All Locations' / blank = every location. */
  location: ZFilter,
  /** Category name or id; 'All' / blank = every category. */
  category: ZFilter,
  sortBy: z
    .enum(STORE_SORTS, { error: `sortBy must be one of ${STORE_SORTS.join(', ')}` })
    .default('popular'),
  page: ZPage,
  limit: queryInt(20, 100, 'limit'),
});
export type TStoreListQuery = z.infer<typeof ZStoreListQuery>;

export const OFFER_SORTS = ['latest', 'price', 'price_low_high', 'price_high_low', 'discount'] as const;
export type TOfferSort = (typeof OFFER_SORTS)[number];

export const ZOfferListQuery = z.object({
  search: ZFilter,
  location: ZFilter,
  category: ZFilter,
  /** Public lists show only active offers: any other status gives an empty list. */
  status: z
    .enum(OFFER_STATUSES, { error: `status must be one of ${OFFER_STATUSES.join(', ')}` })
    .default('active'),
  sortBy: z.enum(OFFER_SORTS, { error: `sortBy must be one of ${OFFER_SORTS.join(', ')}` }).default('latest'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).optional(),
  storeId: ZStoreId.optional(),
  page: ZPage,
  limit: queryInt(12, 100, 'limit'),
});
export type TOfferListQuery = z.infer<typeof ZOfferListQuery>;

export const ZServiceListQuery = z.object({
  storeId: ZStoreId.optional(),
  search: ZFilter,
  category: ZFilter,
  page: ZPage,
  limit: queryInt(20, 100, 'limit'),
});
export type TServiceListQuery = z.infer<typeof ZServiceListQuery>;

/** A price range of the results page (seed 000 §5); blank or 'all' is no filter. */
const ZPriceRangeFilter = z.preprocess(
  (value) => (typeof value === 'string' && ALL_VALUES.has(value.trim().toLowerCase()) ? undefined : value),
  z.enum(PRICE_RANGES, { error: `priceRange must be one of ${PRICE_RANGES.join(', ')}` }).optional(),
);

export const SEARCH_SORTS = ['relevance', 'rating', 'discount', 'newest'] as const;
export type TSearchSort = (typeof SEARCH_SORTS)[number];
/** 5 + 5 in the search box dropdown, up to 50 on the results page (seed 000 §9). */
export const SEARCH_DROPDOWN_LIMIT = 5;
export const SEARCH_PAGE_LIMIT = 50;

export const ZSearchQuery = z.object({
  query: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
  location: ZFilter,
  category: ZFilter,
  sortBy: z
    .enum(SEARCH_SORTS, { error: `sortBy must be one of ${SEARCH_SORTS.join(', ')}` })
    .default('relevance'),
  limit: queryInt(SEARCH_PAGE_LIMIT, SEARCH_PAGE_LIMIT, 'limit'),
  priceRange: ZPriceRangeFilter,
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const ok = z.literal(true);

export const ZStoreListResponse = pagedListResponse('stores', ZStore);
export const ZStoreResponse = z.object({ success: ok, store: ZStoreDetail });
export const ZStoresResponse = z.object({ success: ok, stores: z.array(ZStore), data: z.array(ZStore) });
export const ZCategoryCountsResponse = z.object({ success: ok, categories: z.array(ZCategoryCount) });
export const ZBranchListResponse = z.object({
  success: ok,
  branches: z.array(ZBranch),
  data: z.array(ZBranch),
});
export const ZBranchResponse = z.object({ success: ok, branch: ZBranch });
export const ZStaffResponse = z.object({ success: ok, staff: ZStaff });
export const ZSocialsResponse = z.object({ success: ok, socials: z.array(ZSocialLink) });

export const ZOfferListResponse = pagedListResponse('offers', ZOffer).extend({
  /** Active, unexpired offers per category for the same location and search (Hot Deals sidebar). */
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export const ZOffersResponse = z.object({ success: ok, offers: z.array(ZOffer), data: z.array(ZOffer) });
export const ZOfferResponse = z.object({ success: ok, offer: ZOffer });

export const ZServiceListResponse = pagedListResponse('services', ZService);
export const ZServicesResponse = z.object({
  success: ok,
  services: z.array(ZService),
  data: z.array(ZService),
});
export const ZServiceResponse = z.object({ success: ok, service: ZService });

export const ZLocationsResponse = z.object({
  success: ok,
  locations: z.array(ZLocationOption),
  message: z.string(),
});
export const ZLocationStatsResponse = z.object({
  success: ok,
  stats: z.object({
    totalLocations: z.number().int(),
    totalStores: z.number().int(),
    totalOffers: z.number().int(),
    locations: z.array(ZLocationOption),
  }),
});

export const ZGeocodedPlace = z.object({
  /** 'Westlands' or, for the Kenya-wide fallback, 'Nairobi'. */
  name: z.string(),
  area: z.string(),
  /** 'Westlands, Nairobi' / 'Nairobi, Kenya'. */
  displayName: z.string(),
  /** True when the point is in Kenya but far from every known place (seed 000 §9 fallback). */
  approximate: z.boolean(),
});
export const ZReverseGeocodeResponse = z.object({
  success: ok,
  location: ZGeocodedPlace,
  nearestAvailableLocation: ZLocationOption.extend({ distanceKm: z.number() }),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
});
export type TReverseGeocodeResponse = z.infer<typeof ZReverseGeocodeResponse>;

export const ZSearchResponse = z.object({
  success: ok,
  query: z.string(),
  discounts: z.array(ZOffer),
  shops: z.array(ZStore),
  /** Total matches (not only the ones returned), for the tabs "Stores (n)", "Offers (n)". */
  counts: z.object({
    discounts: z.number().int(),
    shops: z.number().int(),
    total: z.number().int(),
    /**
     * Issue 16: true when more than 1,000 offers match; `discounts` then says 1000 and a client
     * shows '1,000+' (search ranks the first 1,001 matches only).
     */
    capped: z.boolean().optional(),
  }),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/** The pagination block of every catalogue list; a page past the end has hasNextPage false. */
export function paginationFor(page: number, limit: number, total: number): TListPagination {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNextPage: page < totalPages, currentPage: page };
}
