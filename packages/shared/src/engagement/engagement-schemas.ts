import { z } from 'zod';
import { ZNewPassword, ZUser } from '../accounts/accounts-schemas.js';
import { queryInt } from '../api/envelope-schemas.js';
import { ZListPagination, ZOffer, ZStore, ZStoreId } from '../catalogue/catalogue-schemas.js';
import {
  ENGAGEMENT_MESSAGES,
  FAVORITES_PAGE_SIZE,
  REVIEW_TEXT_MAX,
  REVIEWS_PAGE_SIZE,
} from './engagement-messages.js';

/**
 * Wire contract of engagement: favourites, follows, reviews, profile statistics, notification
 * settings, preferences, password change and account deletion (seed 000 §2–§6, seed 001 §7–§8).
 */

export {
  ENGAGEMENT_MESSAGES,
  FAVORITES_PAGE_SIZE,
  REVIEW_TEXT_MAX,
  REVIEWS_PAGE_SIZE,
} from './engagement-messages.js';

import { ZLocale } from '../i18n/locale-schema.js';

const ok = z.literal(true);

// ---------------------------------------------------------------------------------------------
// Favourites
// ---------------------------------------------------------------------------------------------

export const ZFavoritesQuery = z.object({
  page: queryInt(1, 100_000),
  limit: queryInt(FAVORITES_PAGE_SIZE, 100),
  category: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) =>
      value === undefined || ['', 'all', 'all categories'].includes(value.toLowerCase()) ? undefined : value,
    ),
});
export type TFavoritesQuery = z.infer<typeof ZFavoritesQuery>;

/** A favourite as the favourites page reads it (seed 000 §3 "Favorite"); `offer.isExpired` drives the overlay. */
export const ZFavorite = z.object({
  id: z.string(),
  offer_id: z.string(),
  offerId: z.string(),
  created_at: z.string(),
  createdAt: z.string(),
  offer: ZOffer,
});
export type TFavorite = z.infer<typeof ZFavorite>;

export const ZFavoritesResponse = z.object({
  success: ok,
  favorites: z.array(ZFavorite),
  data: z.array(ZFavorite),
  pagination: ZListPagination,
});
export const ZCountResponse = z.object({ success: ok, count: z.number().int() });
export const ZFavoriteStatusResponse = z.object({ success: ok, isFavorite: z.boolean() });
/** Every favourite offer id of the caller, newest first: what the hearts on any list need. */
export const ZFavoriteIdsResponse = z.object({
  success: ok,
  offerIds: z.array(z.string()),
  count: z.number().int(),
});
export type TFavoriteIdsResponse = z.infer<typeof ZFavoriteIdsResponse>;
export const ZFavoriteChangeResponse = z.object({
  success: ok,
  message: z.string(),
  isFavorite: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Follows
// ---------------------------------------------------------------------------------------------

export const ZToggleFollowResponse = z.object({
  success: ok,
  message: z.string(),
  following: z.boolean(),
  followers: z.number().int(),
});
export type TToggleFollowResponse = z.infer<typeof ZToggleFollowResponse>;

export const ZFollowedStoresResponse = z.object({
  success: ok,
  followedStores: z.array(ZStore),
  stores: z.array(ZStore),
  count: z.number().int(),
});

/** Every followed store id of the caller, newest first: what the Follow buttons on store cards need. */
export const ZFollowedStoreIdsResponse = z.object({
  success: ok,
  storeIds: z.array(z.string()),
  count: z.number().int(),
});
export type TFollowedStoreIdsResponse = z.infer<typeof ZFollowedStoreIdsResponse>;

// ---------------------------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------------------------

const REQUIRED = ENGAGEMENT_MESSAGES.reviewRequired;

const ratingError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? REQUIRED
    : ENGAGEMENT_MESSAGES.ratingRange;

/** 1–5 stars, whole numbers only; a numeric string from a form counts as its number. */
export const ZReviewRating = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: ratingError })
    .int({ error: ENGAGEMENT_MESSAGES.ratingRange })
    .min(1, { error: ENGAGEMENT_MESSAGES.ratingRange })
    .max(5, { error: ENGAGEMENT_MESSAGES.ratingRange }),
);

export const ZReviewText = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(REVIEW_TEXT_MAX, { error: ENGAGEMENT_MESSAGES.commentTooLong });

/** The comment arrives as `text` (seed 001 §7) or `comment` (the review's other field name). */
const reviewFields = {
  rating: ZReviewRating,
  text: z.string({ error: REQUIRED }).optional(),
  comment: z.string({ error: REQUIRED }).optional(),
};

function commentOf(body: { text?: string | undefined; comment?: string | undefined }, ctx: z.RefinementCtx) {
  const parsed = ZReviewText.safeParse(body.text ?? body.comment);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? REQUIRED, path: ['text'] });
  return undefined;
}

/** Rating and comment: one schema for the review form and PUT /reviews/{id}, POST /stores/{id}/reviews. */
export const ZReviewForm = z.object(reviewFields).transform((body, ctx) => {
  const text = commentOf(body, ctx);
  return text === undefined ? z.NEVER : { rating: body.rating, text };
});
export type TReviewForm = z.input<typeof ZReviewForm>;
export type TReviewInput = z.output<typeof ZReviewForm>;

export const ZCreateReviewRequest = z
  .object({ store_id: ZStoreId.optional(), storeId: ZStoreId.optional(), ...reviewFields })
  .transform((body, ctx) => {
    const storeId = body.store_id ?? body.storeId;
    if (!storeId) {
      ctx.addIssue({ code: 'custom', message: 'Store ID is required', path: ['store_id'] });
      return z.NEVER;
    }
    const text = commentOf(body, ctx);
    return text === undefined ? z.NEVER : { storeId, rating: body.rating, text };
  });
export type TCreateReviewRequest = z.output<typeof ZCreateReviewRequest>;

export const ZReviewResponseRequest = z.object({
  text: z
    .string({ error: ENGAGEMENT_MESSAGES.responseRequired })
    .trim()
    .min(1, { error: ENGAGEMENT_MESSAGES.responseRequired })
    .max(1000, { error: ENGAGEMENT_MESSAGES.responseTooLong }),
});

export const REVIEW_SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type TReviewSort = (typeof REVIEW_SORTS)[number];

export const ZReviewListQuery = z.object({
  page: queryInt(1, 100_000),
  limit: queryInt(REVIEWS_PAGE_SIZE, 50),
  sortBy: z.enum(REVIEW_SORTS).catch('newest').default('newest'),
  rating: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  ),
});
export type TReviewListQuery = z.infer<typeof ZReviewListQuery>;

export const ZReviewIdParams = z.object({
  id: z
    .string({ error: 'Review ID is required' })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'Invalid review ID' })
    .transform((value) => value.toLowerCase()),
});

export const ZReviewExportQuery = z.object({ format: z.enum(['csv', 'json']).catch('json').default('json') });

export const ZReview = z.object({
  id: z.string(),
  storeId: z.string(),
  store_id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  comment: z.string(),
  /** "First L." (reviewerName), never the e-mail. */
  name: z.string(),
  customerName: z.string(),
  userId: z.string(),
  user_id: z.string(),
  createdAt: z.string(),
  created_at: z.string(),
  date: z.string(),
  updatedAt: z.string(),
  response: z.object({ text: z.string(), respondedAt: z.string() }).nullable(),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewStats = z.object({
  averageRating: z.number(),
  totalReviews: z.number().int(),
  /** Count per star, keys '1'..'5'. */
  distribution: z.record(z.string(), z.number().int()),
});
export type TReviewStats = z.infer<typeof ZReviewStats>;

export const ZReviewPagination = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  totalReviews: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const ZStoreReviewsResponse = z.object({
  success: ok,
  reviews: z.array(ZReview),
  stats: ZReviewStats,
  pagination: ZReviewPagination,
  /** The signed-in customer's own review of this store, whatever page it is on; null otherwise. */
  userReview: ZReview.nullable(),
  /**
   * Issue 14: whether the caller may post a review here, and if not why (the site shows
   * `message` instead of the form). Only a customer who completed a booking at the store (or,
   * once quotes exist, accepted its quote with a verified phone) may.
   */
  reviewEligibility: z
    .object({
      canReview: z.boolean(),
      reason: z.enum(['sign_in_required', 'booking_required']).nullable(),
      message: z.string().nullable(),
    })
    .optional(),
});
export type TStoreReviewsResponse = z.infer<typeof ZStoreReviewsResponse>;

/** Create / update / response: the review plus the store's new figures. */
export const ZReviewChangeResponse = z.object({
  success: ok,
  message: z.string(),
  review: ZReview,
  stats: ZReviewStats,
});
export const ZReviewResponse = z.object({ success: ok, review: ZReview });
export const ZReviewDeleteResponse = z.object({ success: ok, message: z.string(), stats: ZReviewStats });

export const ZMerchantReview = ZReview.extend({ storeName: z.string() });
export const ZMerchantReviewsResponse = z.object({
  success: ok,
  reviews: z.array(ZMerchantReview),
  data: z.array(ZMerchantReview),
  pagination: ZReviewPagination,
});

/** A review as exported: public data only. */
export const ZExportedReview = z.object({
  rating: z.number().int(),
  text: z.string(),
  name: z.string(),
  date: z.string(),
});
export const ZReviewExportJson = z.object({
  success: ok,
  storeId: z.string(),
  storeName: z.string(),
  reviews: z.array(ZExportedReview),
});

// ---------------------------------------------------------------------------------------------
// Profile data and settings
// ---------------------------------------------------------------------------------------------

export const ZServiceStatistics = z.object({
  totalBookings: z.number().int(),
  totalFavorites: z.number().int(),
  followedStores: z.number().int(),
  rewardPoints: z.number(),
});
export type TServiceStatistics = z.infer<typeof ZServiceStatistics>;
export const ZServiceStatisticsResponse = ZServiceStatistics.extend({
  success: ok,
  data: ZServiceStatistics,
});

export const ZRewardsResponse = z.object({ success: ok, points: z.number(), rewardPoints: z.number() });

/** The account form's view of the settings row (seed 000 §3: defaults true, false, true). */
export const ZAccountNotificationSettings = z.object({
  notifications: z.boolean(),
  emailUpdates: z.boolean(),
  smsAlerts: z.boolean(),
  /** Issue 36: booking confirmations, reminders, refunds and waitlist offers on WhatsApp (opt-in, off by default). */
  whatsapp: z.boolean(),
});
export type TAccountNotificationSettings = z.infer<typeof ZAccountNotificationSettings>;

/** The notification centre's view of the same row. */
export const ZNotificationSettings = z.object({
  email: z.boolean(),
  push: z.boolean(),
  messages: z.boolean(),
  bookings: z.boolean(),
  offers: z.boolean(),
  storeUpdates: z.boolean(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** Every switch of the notification centre is on until its owner turns it off (the column defaults). */
export const NOTIFICATION_CENTRE_DEFAULTS: TNotificationSettings = Object.freeze({
  email: true,
  push: true,
  messages: true,
  bookings: true,
  offers: true,
  storeUpdates: true,
});

const atLeastOne = <T extends Record<string, unknown>>(value: T) =>
  Object.values(value).some((entry) => entry !== undefined);

export const ZUpdateAccountNotificationSettingsRequest = ZAccountNotificationSettings.partial().refine(
  atLeastOne,
  {
    error: ENGAGEMENT_MESSAGES.settingsEmpty,
  },
);
export const ZUpdateNotificationSettingsRequest = ZNotificationSettings.partial().refine(atLeastOne, {
  error: ENGAGEMENT_MESSAGES.settingsEmpty,
});

export const ZAccountNotificationSettingsResponse = z.object({
  success: ok,
  message: z.string().optional(),
  settings: ZAccountNotificationSettings,
  data: ZAccountNotificationSettings,
});
export const ZNotificationSettingsResponse = z.object({
  success: ok,
  message: z.string().optional(),
  settings: ZNotificationSettings,
  data: ZNotificationSettings,
});

/** Either or both: absent leaves the preference as it is. */
export const ZPreferencesRequest = z
  .object({
    darkMode: z.boolean({ error: 'darkMode must be true, false or null' }).nullable().optional(),
    locale: ZLocale.optional(),
  })
  .refine((body) => body.darkMode !== undefined || body.locale !== undefined, {
    error: 'darkMode or locale is required',
  });
export const ZPreferencesResponse = z.object({
  success: ok,
  message: z.string(),
  darkMode: z.boolean().nullable(),
  dark_mode: z.boolean().nullable(),
  locale: ZLocale,
  user: ZUser,
});

export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ error: ENGAGEMENT_MESSAGES.currentPasswordRequired })
    .min(1, { error: ENGAGEMENT_MESSAGES.currentPasswordRequired })
    .max(1024, { error: ENGAGEMENT_MESSAGES.currentPasswordIncorrect }),
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
export const ZChangePasswordResponse = z.object({
  success: ok,
  message: z.string(),
  access_token: z.string(),
});

export const ZDeleteAccountRequest = z.object({
  password: z
    .string({ error: ENGAGEMENT_MESSAGES.deletePasswordRequired })
    .min(1, { error: ENGAGEMENT_MESSAGES.deletePasswordRequired })
    .max(1024, { error: ENGAGEMENT_MESSAGES.deletePasswordIncorrect }),
});
