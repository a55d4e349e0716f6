import { writeAmount } from '../catalogue/pricing-rules.js';

/**
 * Pure rules of service requests, quotes and referral rewards (seed 000 §4, §5, §9; seed 001 §4
 * "Notifications" service-offer rules, §5, §9; API-CONTRACT decision 10). The API, both sites and
 * the notifications module read these; nothing here touches the network or the clock implicitly.
 */

export const REQUEST_TIMELINES = ['urgent', 'thisweek', 'nextweek', 'thismonth', 'flexible'] as const;
export type TRequestTimeline = (typeof REQUEST_TIMELINES)[number];

export const REQUEST_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TRequestPriority = (typeof REQUEST_PRIORITIES)[number];

export const REQUEST_REQUIREMENTS = ['Licensed', 'Insurance', 'References', 'Portfolio'] as const;
export type TRequestRequirement = (typeof REQUEST_REQUIREMENTS)[number];

/**
 * `active`: open, takes quotes. `in_progress`: a quote was accepted (the seed's list is "not shown
 * in full"; the site labels it In Progress). `completed`, `cancelled`: past.
 */
export const REQUEST_STATUSES = ['pending', 'active', 'in_progress', 'completed', 'cancelled'] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

export const QUOTE_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type TQuoteStatus = (typeof QUOTE_STATUSES)[number];

export const TIMELINE_LABELS: Record<TRequestTimeline, string> = {
  urgent: 'Urgent (ASAP)',
  thisweek: 'This week',
  nextweek: 'Next week',
  thismonth: 'This month',
  flexible: 'Flexible',
};

export const REQUEST_STATUS_LABELS: Record<TRequestStatus, string> = {
  pending: 'Pending',
  active: 'Open',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The seed's rule: an unknown status is shown as pending. */
export function requestStatusLabel(status: string): string {
  return (REQUEST_STATUS_LABELS as Record<string, string>)[status] ?? REQUEST_STATUS_LABELS.pending;
}

export const SERVICE_REQUEST_MESSAGES = {
  missingFields: 'Missing required fields: ',
  title: 'Title must be between 5 and 200 characters',
  description: 'Description must be between 10 and 2000 characters',
  location: 'Location must be between 3 and 255 characters',
  budgetNumber: 'Budget must be a number',
  budgetNegative: 'Budget cannot be negative',
  budgetDecimals: 'Budget can have at most 2 decimal places',
  budgetTooLarge: 'Budget must be at most 100,000,000',
  budgetOrder: 'Maximum budget must be greater than minimum budget',
  timeline: 'Timeline must be one of: urgent, thisweek, nextweek, thismonth, flexible',
  priority: 'Priority must be one of: low, normal, high, urgent',
  requirements: 'Requirements must be among: Licensed, Insurance, References, Portfolio',
  category: 'Category is required',
  quotedPrice: 'Quoted price must be greater than 0',
  quotedPriceTooLarge: 'Quoted price must be at most 100,000,000',
  quoteMessage: 'Message must be between 10 and 1000 characters',
  availabilityRequired: 'Availability is required',
  availabilityTooLong: 'Availability must be at most 200 characters',
  estimatedDurationTooLong: 'Estimated duration must be at most 100 characters',
  warrantyTooLong: 'Warranty must be at most 200 characters',
  requestIdRequired: 'Request ID is required',
  requestIdInvalid: 'Invalid request ID',
  offerIdRequired: 'Offer ID is required',
  offerIdInvalid: 'Invalid offer ID',
  reviewRating: 'Rating must be a whole number from 1 to 5',
  reviewText: 'Review must be between 1 and 1000 characters',
  // Outcomes (seed 001 §8 "Service requests" successes)
  posted: 'Service request posted successfully!',
  offerSubmitted: 'Offer submitted successfully!',
  offerAccepted: 'Offer accepted successfully! The service provider has been notified.',
  offerRejected: 'Offer rejected successfully!',
  offerWithdrawn: 'Offer withdrawn successfully',
  reviewSaved: 'Review submitted successfully!',
  requestCancelled: 'Service request cancelled',
  requestCompleted: 'Service request marked as completed',
  requestUpdated: 'Service request updated',
  // Refusals
  requestNotFound: 'Service request not found',
  offerNotFound: 'Offer not found',
  notOwner: 'Only the customer who posted this request can do that.',
  notOpen: 'This service request is no longer accepting offers.',
  duplicateQuote: 'This store already has an offer on this request. Withdraw it before sending another.',
  notPending: 'Only pending offers can be accepted or rejected.',
  notPendingWithdraw: 'Only pending offers can be withdrawn.',
  notYourQuote: 'Only the merchant who made this offer can withdraw it.',
  notYourStore: 'You can only make offers for your own stores.',
  reviewNotAllowed: 'You can review the provider once the request is completed.',
  reviewDuplicate: 'You have already reviewed the provider for this request.',
  ownRequestCancelled: 'Only open or in-progress requests can be cancelled.',
  completeNotAllowed: 'Only a request with an accepted offer can be marked as completed.',
  editNotAllowed: 'Only open requests without offers can be edited.',
} as const;

// ---------------------------------------------------------------------------------------------
// Validation of a new request (one function for the API schema and the site's form)
// ---------------------------------------------------------------------------------------------

export const REQUIRED_REQUEST_FIELDS = [
  'title',
  'category',
  'description',
  'budgetMin',
  'budgetMax',
  'timeline',
  'location',
] as const;
export type TRequiredRequestField = (typeof REQUIRED_REQUEST_FIELDS)[number];

export const BUDGET_MAX_VALUE = 100_000_000;

export interface ServiceRequestDraft {
  title?: unknown;
  category?: unknown;
  description?: unknown;
  budgetMin?: unknown;
  budgetMax?: unknown;
  timeline?: unknown;
  location?: unknown;
  requirements?: unknown;
  priority?: unknown;
}

export interface DraftCheck {
  /** Required fields that are absent or blank, in form order. */
  missing: TRequiredRequestField[];
  /** One message per field that is present but wrong. */
  errors: Partial<Record<keyof ServiceRequestDraft, string>>;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A number from a number or a numeric string; NaN otherwise. */
export function toAmount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

function lengthOk(value: unknown, min: number, max: number): boolean {
  if (typeof value !== 'string') return false;
  const length = Array.from(value.trim()).length;
  return length >= min && length <= max;
}

/**
 * The seed's request rules: title 5–200, category, description 10–2000, budgets present, not
 * negative, max > min, timeline one of five, location 3–255, optional requirements and priority.
 */
export function checkServiceRequestDraft(draft: ServiceRequestDraft): DraftCheck {
  const missing = REQUIRED_REQUEST_FIELDS.filter((field) => isBlank(draft[field]));
  const errors: DraftCheck['errors'] = {};
  const M = SERVICE_REQUEST_MESSAGES;
  if (!isBlank(draft.title) && !lengthOk(draft.title, 5, 200)) errors.title = M.title;
  if (!isBlank(draft.category) && !lengthOk(draft.category, 1, 100)) errors.category = M.category;
  if (!isBlank(draft.description) && !lengthOk(draft.description, 10, 2000)) {
    errors.description = M.description;
  }
  if (!isBlank(draft.location) && !lengthOk(draft.location, 3, 255)) errors.location = M.location;
  const budgets: Array<'budgetMin' | 'budgetMax'> = ['budgetMin', 'budgetMax'];
  for (const field of budgets) {
    if (isBlank(draft[field])) continue;
    const amount = toAmount(draft[field]);
    if (!Number.isFinite(amount)) errors[field] = M.budgetNumber;
    else if (amount < 0) errors[field] = M.budgetNegative;
    else if (amount > BUDGET_MAX_VALUE) errors[field] = M.budgetTooLarge;
    else if (!hasAtMostTwoDecimals(amount)) errors[field] = M.budgetDecimals;
  }
  if (!isBlank(draft.budgetMin) && !isBlank(draft.budgetMax) && !errors.budgetMin && !errors.budgetMax) {
    if (toAmount(draft.budgetMax) <= toAmount(draft.budgetMin)) errors.budgetMax = M.budgetOrder;
  }
  if (!isBlank(draft.timeline) && !(REQUEST_TIMELINES as readonly unknown[]).includes(draft.timeline)) {
    errors.timeline = M.timeline;
  }
  if (!isBlank(draft.priority) && !(REQUEST_PRIORITIES as readonly unknown[]).includes(draft.priority)) {
    errors.priority = M.priority;
  }
  if (draft.requirements !== undefined && draft.requirements !== null) {
    const list = draft.requirements;
    if (
      !Array.isArray(list) ||
      list.length > REQUEST_REQUIREMENTS.length ||
      list.some((item) => !(REQUEST_REQUIREMENTS as readonly unknown[]).includes(item))
    ) {
      errors.requirements = M.requirements;
    }
  }
  return { missing, errors };
}

/** 'Missing required fields: title, budgetMax' or undefined when nothing is missing. */
export function missingFieldsMessage(missing: readonly string[]): string | undefined {
  return missing.length ? `${SERVICE_REQUEST_MESSAGES.missingFields}${missing.join(', ')}` : undefined;
}

/** Every line the form lists under 'Please fix the following errors:'. */
export function draftErrorLines(check: DraftCheck): string[] {
  const lines: string[] = [];
  const missing = missingFieldsMessage(check.missing);
  if (missing) lines.push(missing);
  for (const message of Object.values(check.errors)) if (message) lines.push(message);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Budget filter ranges (seed 000 §5 / §9: 0-1000, 1000-10000, 10000-50000, 50000+)
// ---------------------------------------------------------------------------------------------

export const BUDGET_RANGES = ['0-1000', '1000-10000', '10000-50000', '50000+'] as const;
export type TBudgetRange = (typeof BUDGET_RANGES)[number];

export const BUDGET_RANGE_LABELS: Record<TBudgetRange, string> = {
  '0-1000': 'KSH 0 - 1,000',
  '1000-10000': 'KSH 1,000 - 10,000',
  '10000-50000': 'KSH 10,000 - 50,000',
  '50000+': 'KSH 50,000+',
};

export interface BudgetBounds {
  min: number;
  /** null: no upper bound ('50000+'). */
  max: number | null;
}

/** '1000-10000' -> { min: 1000, max: 10000 }; '50000+' -> { min: 50000, max: null }; else undefined. */
export function budgetRangeBounds(range: string): BudgetBounds | undefined {
  if (!(BUDGET_RANGES as readonly string[]).includes(range)) return undefined;
  if (range.endsWith('+')) return { min: Number(range.slice(0, -1)), max: null };
  const [min, max] = range.split('-').map(Number);
  return { min: min!, max: max! };
}

/** A request matches a range when its budget span overlaps it (a 500–2,000 job shows under both). */
export function budgetMatchesRange(budgetMin: number, budgetMax: number, range: string): boolean {
  const bounds = budgetRangeBounds(range);
  if (!bounds) return true;
  return budgetMax >= bounds.min && (bounds.max === null || budgetMin <= bounds.max);
}

/** 'KSH 1,000 - 5,000' as the list card shows the budget. */
export function formatBudget(budgetMin: number, budgetMax: number): string {
  const format = (value: number) => writeAmount(toCents(value), 'trim');
  return `KSH ${format(budgetMin)} - ${format(budgetMax)}`;
}

// Service-offer notification priority, tags and titles live with the notifications rules
// (`@d3/shared/notifications/notification-rules`), which own them.

/**
 * How fast the provider answered the request: 'Quick (within 1 hour)' under an hour, 'Within
 * {n} hours' the same day, else 'Within {n} days'.
 */
export function responseTimeLabel(requestCreatedAt: Date, quoteCreatedAt: Date): string {
  const minutes = Math.max(0, (quoteCreatedAt.getTime() - requestCreatedAt.getTime()) / 60_000);
  if (minutes < 60) return 'Quick (within 1 hour)';
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `Within ${hours} hours`;
  const days = Math.ceil(hours / 24);
  return `Within ${days} day${days === 1 ? '' : 's'}`;
}

// ---------------------------------------------------------------------------------------------
// Referral rewards (seed 000 §9, API-CONTRACT decision 10)
// ---------------------------------------------------------------------------------------------

export const REFERRAL_REWARD_PERCENT = 30;

/** Whole cents of an amount in shillings given as number or numeric string ('5.99' -> 599). */
export function toCents(amount: number | string): number {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.round(value * 100);
}

/** 30 % of the access fee actually paid, in whole cents, half a cent rounded up (6.00 -> 180). */
export function referralRewardCents(paidFee: number | string): number {
  const cents = toCents(paidFee);
  return Math.floor((cents * REFERRAL_REWARD_PERCENT + 50) / 100);
}

/** Cents to shillings with two decimals, as a number (180 -> 1.8). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Success rate of the seed: round(referral bookings / referrals × 100), 0 without referrals. */
export function referralSuccessRate(referralBookings: number, referrals: number): number {
  return referrals > 0 ? Math.round((referralBookings / referrals) * 100) : 0;
}

/** The referral link a customer shares: `{origin}/accounts/sign-up?ref={slug}`. */
export function referralLink(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/accounts/sign-up?ref=${encodeURIComponent(slug)}`;
}

/** A quote booking's visit when the quote names no usable duration (issue 12, docs/decisions.md). */
export const QUOTE_BOOKING_DEFAULT_MINUTES = 60;
/** The longest visit a quote booking holds in one day (a working day). */
export const QUOTE_BOOKING_MAX_MINUTES = 8 * 60;

/**
 * The minutes a quote booking holds, from the merchant's free-text `estimatedDuration`:
 * '90 minutes', '2 hours', '1.5 hrs', '2h 30m' are honoured (rounded up to 15 minutes, at most a
 * working day); days, weeks, ranges' upper ends and anything unreadable book the default visit.
 * A range ('2-3 hours') books its upper end.
 */
export function quoteDurationMinutes(estimatedDuration: string | null | undefined): number {
  if (!estimatedDuration) return QUOTE_BOOKING_DEFAULT_MINUTES;
  const text = estimatedDuration.toLowerCase();
  if (/\b(day|days|week|weeks|month|months)\b/.test(text)) return QUOTE_BOOKING_DEFAULT_MINUTES;
  let total = 0;
  const pattern = /(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*(hours?|hrs?|h|minutes?|mins?|m)\b/g;
  for (const match of text.matchAll(pattern)) {
    const amount = Number(match[2] ?? match[1]);
    const unit = match[3]!;
    total += unit.startsWith('h') ? amount * 60 : amount;
  }
  if (!(total > 0)) return QUOTE_BOOKING_DEFAULT_MINUTES;
  return Math.min(QUOTE_BOOKING_MAX_MINUTES, Math.ceil(total / 15) * 15);
}
