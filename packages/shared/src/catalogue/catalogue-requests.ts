import { z } from 'zod';
import {
  OFFER_STATUSES,
  OFFER_TYPES,
  SERVICE_TYPES,
  SOCIAL_PLATFORMS,
  WEEK_DAYS,
  ZBranchId,
  ZServiceId,
  ZStoreId,
} from './catalogue-schemas.js';

/**
 * What a merchant sends to change the catalogue (API-CONTRACT "Merchant side"): stores, branches,
 * staff, services, offers and the reverse-geocode lookup, with the field rules they share. Update
 * bodies are the create bodies with every field optional and no defaults.
 */

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
