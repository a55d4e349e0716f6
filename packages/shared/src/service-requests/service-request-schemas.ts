import { z } from 'zod';
import { queryInt } from '../api/envelope-schemas.js';
import { pagedListResponse, UUID_PATTERN } from '../catalogue/catalogue-schemas.js';
import {
  BUDGET_RANGES,
  checkServiceRequestDraft,
  SERVICE_REQUEST_MESSAGES as M,
  missingFieldsMessage,
  QUOTE_STATUSES,
  REQUEST_PRIORITIES,
  REQUEST_REQUIREMENTS,
  REQUEST_STATUSES,
  REQUEST_TIMELINES,
  type ServiceRequestDraft,
  type TRequestPriority,
  type TRequestRequirement,
  type TRequestTimeline,
  toAmount,
} from './service-request-rules.js';

/**
 * Wire contract of service requests, quotes and referral earnings (seed 000 §3 "Service request",
 * "Provider offer", "Earnings"; seed 001 §7 "Service requests", "Marketplace", "Users and auth";
 * API-CONTRACT "Merchant side" and decision 10).
 */

export const PUBLIC_REQUESTS_PAGE_SIZE = 6;
export const OWN_REQUESTS_PAGE_SIZE = 10;

const ok = z.literal(true);

const idOf = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(UUID_PATTERN, { error: invalid })
    .transform((value) => value.toLowerCase());

export const ZRequestId = idOf(M.requestIdRequired, M.requestIdInvalid);
export const ZQuoteId = idOf(M.offerIdRequired, M.offerIdInvalid);
export const ZRequestIdParams = z.object({ id: ZRequestId });
export const ZRequestOfferParams = z.object({ requestId: ZRequestId, offerId: ZQuoteId });
export const ZQuoteIdParams = z.object({ id: ZQuoteId });

/** Empty and 'all' filter values are dropped (seed 001 §7). */
const ZFilter = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) =>
    value === undefined || ['', 'all', 'all categories'].includes(value.toLowerCase()) ? undefined : value,
  );

const enumFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  ZFilter.transform((value) =>
    value !== undefined && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined,
  );

// ---------------------------------------------------------------------------------------------
// Requests: create
// ---------------------------------------------------------------------------------------------

export interface TCreateServiceRequest {
  title: string;
  category: string;
  description: string;
  budgetMin: number;
  budgetMax: number;
  timeline: TRequestTimeline;
  location: string;
  requirements: TRequestRequirement[];
  priority: TRequestPriority;
}

/**
 * One check for the API and the form: missing fields first ('Missing required fields: ...'), then
 * one message per wrong field. Budgets may come as numbers or numeric strings.
 */
export const ZCreateServiceRequest = z
  .object({
    title: z.unknown().optional(),
    category: z.unknown().optional(),
    description: z.unknown().optional(),
    budgetMin: z.unknown().optional(),
    budgetMax: z.unknown().optional(),
    timeline: z.unknown().optional(),
    location: z.unknown().optional(),
    requirements: z.unknown().optional(),
    priority: z.unknown().optional(),
  })
  .superRefine((draft, ctx) => {
    const check = checkServiceRequestDraft(draft as ServiceRequestDraft);
    const missing = missingFieldsMessage(check.missing);
    if (missing) ctx.addIssue({ code: 'custom', message: missing, path: [] });
    for (const [field, message] of Object.entries(check.errors)) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
    for (const field of ['title', 'category', 'description', 'location'] as const) {
      const value = draft[field];
      if (value !== undefined && value !== null && typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', message: `${field} must be text`, path: [field] });
      }
    }
  })
  .transform(
    (draft): TCreateServiceRequest => ({
      title: String(draft.title).trim(),
      category: String(draft.category).trim(),
      description: String(draft.description).trim(),
      budgetMin: toAmount(draft.budgetMin),
      budgetMax: toAmount(draft.budgetMax),
      timeline: draft.timeline as TRequestTimeline,
      location: String(draft.location).trim(),
      requirements: [...new Set((draft.requirements as TRequestRequirement[] | undefined) ?? [])],
      priority: (draft.priority as TRequestPriority | undefined) ?? 'normal',
    }),
  );

// ---------------------------------------------------------------------------------------------
// Requests: lists
// ---------------------------------------------------------------------------------------------

export const ZPublicRequestsQuery = z.object({
  page: queryInt(1, 100_000),
  limit: queryInt(PUBLIC_REQUESTS_PAGE_SIZE, 50),
  category: ZFilter,
  /** One of the seed's budget ranges; also read as `budgetRange`. */
  budget: enumFilter(BUDGET_RANGES),
  budgetRange: enumFilter(BUDGET_RANGES),
  timeline: enumFilter(REQUEST_TIMELINES),
  search: ZFilter,
  q: ZFilter,
  location: ZFilter,
});
export type TPublicRequestsQuery = z.infer<typeof ZPublicRequestsQuery>;

/** `past` = completed and cancelled; `open` = active and in progress; else one status. */
export const MY_REQUEST_STATUS_FILTERS = ['past', 'open', ...REQUEST_STATUSES] as const;
export const ZMyRequestsQuery = z.object({
  page: queryInt(1, 100_000),
  limit: queryInt(OWN_REQUESTS_PAGE_SIZE, 50),
  status: enumFilter(MY_REQUEST_STATUS_FILTERS),
  search: ZFilter,
});
export type TMyRequestsQuery = z.infer<typeof ZMyRequestsQuery>;

export const ZOffersQuery = z.object({
  page: queryInt(1, 100_000),
  limit: queryInt(OWN_REQUESTS_PAGE_SIZE, 50),
  status: enumFilter(QUOTE_STATUSES),
  search: ZFilter,
});
export type TOffersQuery = z.infer<typeof ZOffersQuery>;

// ---------------------------------------------------------------------------------------------
// Requests: views
// ---------------------------------------------------------------------------------------------

export const ZAcceptedOffer = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  price: z.number(),
  rating: z.number(),
  estimatedDuration: z.string().nullable(),
});

export const ZServiceRequest = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  /** Display text 'KSH 1,000 - 5,000'. */
  budget: z.string(),
  budgetMin: z.number(),
  budgetMax: z.number(),
  timeline: z.enum(REQUEST_TIMELINES),
  location: z.string(),
  requirements: z.array(z.enum(REQUEST_REQUIREMENTS)),
  priority: z.enum(REQUEST_PRIORITIES),
  status: z.enum(REQUEST_STATUSES),
  /** The poster's phone is verified. */
  verified: z.boolean(),
  /** 'Amina N.' */
  postedBy: z.string(),
  postedTime: z.string(),
  offers: z.number().int(),
  offersCount: z.number().int(),
  acceptedOffer: ZAcceptedOffer.nullable(),
  /** The caller posted it. */
  isOwner: z.boolean(),
  /** The caller (a merchant) has a live quote on it from one of its stores. */
  hasMyOffer: z.boolean(),
  reviewed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TServiceRequest = z.infer<typeof ZServiceRequest>;

export const ZStoreDetails = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  location: z.string().nullable(),
  category: z.string().nullable(),
  rating: z.number(),
  totalReviews: z.number().int(),
  verified: z.boolean(),
});

export const ZQuote = z.object({
  id: z.string(),
  requestId: z.string(),
  requestTitle: z.string(),
  requestCategory: z.string(),
  requestStatus: z.enum(REQUEST_STATUSES),
  storeName: z.string(),
  storeId: z.string(),
  providerName: z.string(),
  providerId: z.string(),
  quotedPrice: z.number(),
  price: z.number(),
  estimatedDuration: z.string().nullable(),
  availability: z.string(),
  includesSupplies: z.boolean(),
  warranty: z.string().nullable(),
  responseTime: z.string(),
  verified: z.boolean(),
  rating: z.number(),
  reviews: z.number().int(),
  storeDetails: ZStoreDetails,
  message: z.string(),
  createdAt: z.string(),
  status: z.enum(QUOTE_STATUSES),
  avatar: z.string().nullable(),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZRequestsListResponse = pagedListResponse('requests', ZServiceRequest);
export type TRequestsListResponse = z.infer<typeof ZRequestsListResponse>;

export const ZQuotesListResponse = pagedListResponse('offers', ZQuote);
export type TQuotesListResponse = z.infer<typeof ZQuotesListResponse>;

export const ZRequestDetailResponse = z.object({
  success: ok,
  request: ZServiceRequest,
  data: ZServiceRequest,
  /** The owner sees all quotes; a quoting merchant its own; others none. */
  offers: z.array(ZQuote),
});
export type TRequestDetailResponse = z.infer<typeof ZRequestDetailResponse>;

export const ZRequestResponse = z.object({
  success: ok,
  message: z.string(),
  request: ZServiceRequest,
  data: ZServiceRequest,
});

export const ZQuoteResponse = z.object({
  success: ok,
  message: z.string(),
  offer: ZQuote,
  data: ZQuote,
});

export const ZCategoriesResponse = z.object({
  success: ok,
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

export const ZRequestStatisticsResponse = z.object({
  success: ok,
  statistics: z.object({
    totalRequests: z.number().int(),
    openRequests: z.number().int(),
    inProgressRequests: z.number().int(),
    completedRequests: z.number().int(),
    totalOffers: z.number().int(),
    averageBudget: z.number(),
    categories: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Quotes: create / reject / review
// ---------------------------------------------------------------------------------------------

const MAX_PRICE = 100_000_000;

export const ZCreateQuote = z.object({
  storeId: idOf('Store ID is required', 'Invalid store ID format'),
  quotedPrice: z.coerce
    .number({ error: M.quotedPrice })
    .refine((value) => Number.isFinite(value) && value > 0, { error: M.quotedPrice })
    .refine((value) => value <= MAX_PRICE, { error: M.quotedPriceTooLarge })
    .transform((value) => Math.round(value * 100) / 100),
  message: z
    .string({ error: M.quoteMessage })
    .trim()
    .refine((value) => Array.from(value).length >= 10 && Array.from(value).length <= 1000, {
      error: M.quoteMessage,
    }),
  availability: z
    .string({ error: M.availabilityRequired })
    .trim()
    .min(1, { error: M.availabilityRequired })
    .max(200, { error: M.availabilityTooLong }),
  estimatedDuration: z
    .string()
    .trim()
    .max(100, { error: M.estimatedDurationTooLong })
    .optional()
    .transform((value) => value || null),
  includesSupplies: z.boolean().optional().default(false),
  warranty: z
    .string()
    .trim()
    .max(200, { error: M.warrantyTooLong })
    .optional()
    .transform((value) => value || null),
});
export type TCreateQuote = z.infer<typeof ZCreateQuote>;

/** `POST /marketplace/offers` carries the request id in the body. */
export const ZMarketplaceQuote = ZCreateQuote.extend({ requestId: ZRequestId });

export const ZRejectQuote = z
  .object({ reason: z.string().trim().max(500).optional() })
  .nullish()
  .transform((body) => body ?? {});

export const ZRequestReview = z.object({
  rating: z.coerce
    .number({ error: M.reviewRating })
    .int({ error: M.reviewRating })
    .min(1, { error: M.reviewRating })
    .max(5, { error: M.reviewRating }),
  review: z.string({ error: M.reviewText }).trim().min(1, { error: M.reviewText }).max(1000, {
    error: M.reviewText,
  }),
});

export const ZRequestReviewResponse = z.object({
  success: ok,
  message: z.string(),
  review: z.object({
    id: z.string(),
    requestId: z.string(),
    storeId: z.string(),
    rating: z.number().int(),
    review: z.string(),
    createdAt: z.string(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Referral earnings
// ---------------------------------------------------------------------------------------------

/** Referral withdrawals through M-Pesa B2C (issue 12, branch wip/wd). */
export const WITHDRAWAL_MINIMUM_KES = 50;
export const WITHDRAWAL_STATUSES = ['pending', 'completed', 'failed'] as const;
export const ZWithdrawal = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The verified number paid, masked (0712 *** 678). */
  phoneNumber: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** Daraja's ResultDesc for a failed payout; the M-Pesa receipt of a completed one. */
  resultDesc: z.string().nullable(),
  receipt: z.string().nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const ZWithdrawRequest = z
  .object({
    /** Whole shillings; the whole available balance (rounded down to the shilling) when absent. */
    amount: z.number().int().positive().optional(),
  })
  .optional();

export const ZWithdrawResponse = z.object({ success: ok, withdrawal: ZWithdrawal });

export const ZEarnings = z.object({
  totalEarned: z.number(),
  currentBalance: z.number(),
  referralCount: z.number().int(),
  pendingRewards: z.number(),
  totalReferralBookings: z.number().int(),
  averageEarningPerBooking: z.number(),
  successRate: z.number().int(),
  referralLink: z.string(),
  referralSlug: z.string(),
  /** Paid out through completed withdrawals (wip/wd). */
  totalWithdrawn: z.number().optional(),
  /** The newest withdrawal (pending, completed or failed), else null (wip/wd). */
  latestWithdrawal: ZWithdrawal.nullable().optional(),
});
export type TEarnings = z.infer<typeof ZEarnings>;

export const ZEarningsResponse = z.object({
  success: ok,
  earnings: ZEarnings,
  referralLink: z.string(),
});
export type TEarningsResponse = z.infer<typeof ZEarningsResponse>;

export const ZEarningActivity = z.object({
  id: z.string(),
  description: z.string(),
  date: z.string(),
  amount: z.number(),
  /** withdrawn / withdrawal_pending / withdrawal_failed: a withdrawal (amount negative), wip/wd. */
  status: z.enum(['credited', 'pending', 'withdrawn', 'withdrawal_pending', 'withdrawal_failed']),
});
export type TEarningActivity = z.infer<typeof ZEarningActivity>;

export const ZEarningActivitiesResponse = z.object({
  success: ok,
  activities: z.array(ZEarningActivity),
});
