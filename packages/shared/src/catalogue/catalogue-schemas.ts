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

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZTimeOfDay = z.string().regex(HH_MM, { error: 'Time must be HH:mm (24 h)' });
const ZWorkingDays = z
  .array(z.enum(WEEK_DAYS, { error: 'Working days must be day names such as Monday' }))
  .max(7)
  .transform((days) => [...new Set(days)]);
const ZLatitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, { error: 'Latitude must be between -90 and 90' })
  .max(90, { error: 'Latitude must be between -90 and 90' });
const ZLongitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, { error: 'Longitude must be between -180 and 180' })
  .max(180, { error: 'Longitude must be between -180 and 180' });
/** An http(s) URL, or a path on this site such as an uploaded image '/media/…'. */
const ZUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^\/[^/]/.test(value) || /^https?:\/\/[^\s]+$/i.test(value), {
    error: 'Must be a valid URL',
  });
const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
/**
 * Exactly representable in cents (or hundredths of a percent): 12.5 and 0.29 pass, 10.005 and
 * 1e-9 do not. A double that came from a two-decimal literal prints back to the same double
 * through toFixed(2); anything finer does not (no tolerance that 1e-9 could slip under).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Number(value.toFixed(2)) === value;
}

/**
 * Money in KES: a number or decimal string, greater than 0 and at most 2 decimals (issue 14: a
 * sub-cent price was stored rounded to 0).
 */
const ZMoney = z.coerce
  .number({ error: 'Price must be a number' })
  .gt(0, { error: 'Price must be greater than 0' })
  .max(100_000_000, { error: 'Price is too large' })
  .refine(hasAtMostTwoDecimals, { error: 'Price can have at most 2 decimals' });

type WithoutDefaults<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K]>;
};

/**
 * Update bodies: every field optional and NO defaults. (zod 4 applies a default even inside
 * .partial(), which would reset every omitted field of a PUT to its create-time default.)
 */
function partialWithoutDefaults<T extends z.ZodRawShape>(object: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(object.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<WithoutDefaults<T>>;
}

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
// Merchant requests
// ---------------------------------------------------------------------------------------------

export const ZSocialLinkInput = z.object({
  platform: z.enum(SOCIAL_PLATFORMS, { error: 'Unknown social platform' }),
  link: ZUrl,
});

export const ZCreateStoreRequest = z.object({
  name: requiredText('Store name is required', 120),
  /** Category name or id. */
  category: requiredText('Category is required', 120),
  /** Location id or name. */
  location: requiredText('Location is required', 120),
  description: ZOptionalText(2000).default(''),
  phone_number: ZOptionalText(30).nullish(),
  primary_email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Email is invalid' }))
    .nullish(),
  opening_time: ZTimeOfDay.default('09:00'),
  closing_time: ZTimeOfDay.default('18:00'),
  working_days: ZWorkingDays.default(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']),
  latitude: ZLatitude.nullish(),
  longitude: ZLongitude.nullish(),
  website_url: ZUrl.nullish(),
  logo_url: ZUrl.nullish(),
  cashback: z
    .number({ error: 'Cashback must be a number' })
    .int({ error: 'Cashback must be a whole percent' })
    .min(0, { error: 'Cashback must be between 0 and 100' })
    .max(100, { error: 'Cashback must be between 0 and 100' })
    .default(5),
  socialLinks: z.array(ZSocialLinkInput).max(20).optional(),
});
export type TCreateStoreRequest = z.infer<typeof ZCreateStoreRequest>;

export const ZUpdateStoreRequest = partialWithoutDefaults(ZCreateStoreRequest);
export type TUpdateStoreRequest = z.infer<typeof ZUpdateStoreRequest>;

export const ZCreateBranchRequest = z.object({
  name: requiredText('Branch name is required', 120),
  address: ZOptionalText(300).default(''),
  phone: ZOptionalText(30).nullish(),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Email is invalid' }))
    .nullish(),
  status: z.enum(['active', 'inactive']).default('active'),
  openingTime: ZTimeOfDay.default('09:00'),
  closingTime: ZTimeOfDay.default('18:00'),
  workingDays: ZWorkingDays.default(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']),
  isMainBranch: z.boolean().default(false),
  manager: ZOptionalText(120).nullish(),
  latitude: ZLatitude.nullish(),
  longitude: ZLongitude.nullish(),
});
export type TCreateBranchRequest = z.infer<typeof ZCreateBranchRequest>;
export const ZUpdateBranchRequest = partialWithoutDefaults(ZCreateBranchRequest);
export type TUpdateBranchRequest = z.infer<typeof ZUpdateBranchRequest>;

export const ZCreateStaffRequest = z.object({
  name: requiredText('Staff name is required', 120),
  role: ZOptionalText(80).default('Staff'),
  branchId: ZBranchId.nullish(),
  serviceIds: z.array(ZServiceId).max(200).default([]),
  status: z.enum(['active', 'inactive']).default('active'),
});
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequest>;
export const ZUpdateStaffRequest = partialWithoutDefaults(ZCreateStaffRequest);
export type TUpdateStaffRequest = z.infer<typeof ZUpdateStaffRequest>;

const ZServiceFields = z.object({
  name: requiredText('Service name is required', 160),
  description: ZOptionalText(5000).default(''),
  type: z.enum(SERVICE_TYPES, { error: 'Type must be fixed or dynamic' }).default('fixed'),
  price: ZMoney.nullish(),
  price_range: ZOptionalText(120).nullish(),
  duration: z
    .number({ error: 'Duration must be a number of minutes' })
    .int({ error: 'Duration must be a whole number of minutes' })
    .min(5, { error: 'Duration must be between 5 and 1440 minutes' })
    .max(1440, { error: 'Duration must be between 5 and 1440 minutes' })
    .default(60),
  /** Category name or id. */
  category: requiredText('Category is required', 120),
  image_url: ZUrl.nullish(),
  images: z.array(ZUrl).max(20).default([]),
  featured: z.boolean().default(false),
  booking_enabled: z.boolean().default(true),
  auto_confirm_bookings: z.boolean().default(true),
  require_prepayment: z.boolean().default(false),
  consultation_required: z.boolean().default(false),
  features: z.array(ZOptionalText(200)).max(50).default([]),
  requirements: z.array(ZOptionalText(200)).max(50).default([]),
  cancellation_policy: ZOptionalText(2000).nullish(),
  min_cancellation_hours: z.number().int().min(0).max(720).default(2),
  allow_early_checkin: z.boolean().default(true),
  early_checkin_minutes: z.number().int().min(0).max(240).default(15),
  max_concurrent_bookings: z.number().int().min(1).max(1000).nullish(),
});

export const ZCreateServiceRequest = ZServiceFields.extend({ storeId: ZStoreId }).refine(
  (service) => service.type === 'dynamic' || (service.price !== null && service.price !== undefined),
  { error: 'Price is required for a fixed-price service', path: ['price'] },
);
export type TCreateServiceRequest = z.infer<typeof ZCreateServiceRequest>;
export const ZUpdateServiceRequest = partialWithoutDefaults(ZServiceFields);
export type TUpdateServiceRequest = z.infer<typeof ZUpdateServiceRequest>;

const ZOfferFields = z.object({
  serviceId: ZServiceId.nullish(),
  title: requiredText('Title is required', 200),
  description: ZOptionalText(5000).default(''),
  discount: z.coerce
    .number({ error: 'Discount must be a number' })
    .gt(0, { error: 'Discount must be between 0 and 100' })
    .max(100, { error: 'Discount must be between 0 and 100' })
    // numeric(5,2): 1e-9 would be stored as 0 % (issue 14).
    .refine(hasAtMostTwoDecimals, { error: 'Discount can have at most 2 decimals' }),
  discount_explanation: ZOptionalText(500).nullish(),
  original_price: ZMoney.nullish(),
  expiration_date: z.iso
    .datetime({ offset: true, error: 'Expiration date must be an ISO date-time' })
    .transform((value) => new Date(value)),
  /** Category name or id. */
  category: requiredText('Category is required', 120),
  status: z
    .enum(OFFER_STATUSES, { error: `Status must be one of ${OFFER_STATUSES.join(', ')}` })
    .default('active'),
  featured: z.boolean().default(false),
  offer_type: z.enum(OFFER_TYPES, { error: 'Offer type must be fixed or dynamic' }).default('fixed'),
  requires_consultation: z.boolean().default(false),
  image_url: ZUrl.nullish(),
  images: z.array(ZUrl).max(20).default([]),
});

export const ZCreateOfferRequest = ZOfferFields.extend({ storeId: ZStoreId });
export type TCreateOfferRequest = z.infer<typeof ZCreateOfferRequest>;
export const ZUpdateOfferRequest = partialWithoutDefaults(ZOfferFields);
export type TUpdateOfferRequest = z.infer<typeof ZUpdateOfferRequest>;

export const ZReverseGeocodeRequest = z
  .object({
    latitude: z.coerce.number().optional(),
    longitude: z.coerce.number().optional(),
  })
  .optional()
  .superRefine((body, context) => {
    if (body?.latitude === undefined || body.longitude === undefined) {
      context.addIssue({ code: 'custom', message: 'Latitude and longitude are required' });
      return;
    }
    if (!ZLatitude.safeParse(body.latitude).success) {
      context.addIssue({
        code: 'custom',
        path: ['latitude'],
        message: 'Latitude must be between -90 and 90',
      });
    }
    if (!ZLongitude.safeParse(body.longitude).success) {
      context.addIssue({
        code: 'custom',
        path: ['longitude'],
        message: 'Longitude must be between -180 and 180',
      });
    }
  });
export type TReverseGeocodeRequest = z.infer<typeof ZReverseGeocodeRequest>;

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
