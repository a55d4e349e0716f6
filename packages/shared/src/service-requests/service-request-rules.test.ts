import { describe, expect, it } from 'vitest';
import {
  budgetMatchesRange,
  budgetRangeBounds,
  checkServiceRequestDraft,
  draftErrorLines,
  referralLink,
  referralRewardCents,
  referralSuccessRate,
  requestStatusLabel,
  responseTimeLabel,
} from './service-request-rules.js';
import { ZCreateQuote, ZCreateServiceRequest, ZPublicRequestsQuery } from './service-request-schemas.js';

const valid = {
  title: 'Fix my kitchen sink',
  category: 'Home Services',
  description: 'The sink leaks under the cabinet every evening.',
  budgetMin: 1000,
  budgetMax: 5000,
  timeline: 'thisweek',
  location: 'Westlands, Nairobi',
};

describe('service request validation', () => {
  it('accepts a complete draft with requirements and string budgets', () => {
    const parsed = ZCreateServiceRequest.parse({
      ...valid,
      budgetMin: '1000.50',
      budgetMax: '5000',
      requirements: ['Licensed', 'Insurance', 'Licensed'],
    });
    expect(parsed).toMatchObject({ budgetMin: 1000.5, budgetMax: 5000, priority: 'normal' });
    expect(parsed.requirements).toEqual(['Licensed', 'Insurance']);
  });

  it('names every missing field in form order', () => {
    const check = checkServiceRequestDraft({ title: 'Fix it now', description: '   ' });
    expect(check.missing).toEqual([
      'category',
      'description',
      'budgetMin',
      'budgetMax',
      'timeline',
      'location',
    ]);
    expect(draftErrorLines(check)[0]).toBe(
      'Missing required fields: category, description, budgetMin, budgetMax, timeline, location',
    );
    const result = ZCreateServiceRequest.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(
      'Missing required fields: title, category, description, budgetMin, budgetMax, timeline, location',
    );
  });

  it.each([
    ['title of 4', { title: 'Fixx' }, 'title', 'Title must be between 5 and 200 characters'],
    ['title of 201', { title: 'a'.repeat(201) }, 'title', 'Title must be between 5 and 200 characters'],
    [
      'description of 9',
      { description: 'too short' },
      'description',
      'Description must be between 10 and 2000 characters',
    ],
    ['location of 2', { location: 'Nb' }, 'location', 'Location must be between 3 and 255 characters'],
    ['negative min', { budgetMin: -1 }, 'budgetMin', 'Budget cannot be negative'],
    [
      'max equal to min',
      { budgetMax: 1000 },
      'budgetMax',
      'Maximum budget must be greater than minimum budget',
    ],
    ['max below min', { budgetMax: 10 }, 'budgetMax', 'Maximum budget must be greater than minimum budget'],
    ['three decimals', { budgetMin: 10.125 }, 'budgetMin', 'Budget can have at most 2 decimal places'],
    ['text budget', { budgetMax: 'lots' }, 'budgetMax', 'Budget must be a number'],
    [
      'unknown timeline',
      { timeline: 'tomorrow' },
      'timeline',
      'Timeline must be one of: urgent, thisweek, nextweek, thismonth, flexible',
    ],
    [
      'unknown priority',
      { priority: 'asap' },
      'priority',
      'Priority must be one of: low, normal, high, urgent',
    ],
    [
      'unknown requirement',
      { requirements: ['Licensed', 'Cheap'] },
      'requirements',
      'Requirements must be among: Licensed, Insurance, References, Portfolio',
    ],
  ])('%s is refused with the seed wording', (_name, change, field, message) => {
    const check = checkServiceRequestDraft({ ...valid, ...change });
    expect(check.missing).toEqual([]);
    expect(check.errors).toEqual({ [field]: message });
  });

  it('accepts the boundaries: title 5 and 200, description 10, location 3, budget 0 to 0.01', () => {
    const check = checkServiceRequestDraft({
      ...valid,
      title: 'Fixes',
      description: '0123456789',
      location: 'Nbi',
      budgetMin: 0,
      budgetMax: 0.01,
    });
    expect(check).toEqual({ missing: [], errors: {} });
    expect(checkServiceRequestDraft({ ...valid, title: 'a'.repeat(200) }).errors).toEqual({});
  });
});

describe('quote validation', () => {
  const quote = {
    storeId: '7d1b7c1e-8f0a-4b8e-9a55-0f4d1f0f8b11',
    quotedPrice: 2500,
    message: 'I can fix this tomorrow morning.',
    availability: 'Tomorrow 9am',
  };
  it.each([
    [{ quotedPrice: 0 }, 'Quoted price must be greater than 0'],
    [{ quotedPrice: -5 }, 'Quoted price must be greater than 0'],
    [{ message: 'Too short' }, 'Message must be between 10 and 1000 characters'],
    [{ message: 'a'.repeat(1001) }, 'Message must be between 10 and 1000 characters'],
    [{ availability: '  ' }, 'Availability is required'],
    [{ availability: 'a'.repeat(201) }, 'Availability must be at most 200 characters'],
    [{ storeId: undefined }, 'Store ID is required'],
    [{ storeId: 'nope' }, 'Invalid store ID format'],
  ])('%o -> %s', (change, message) => {
    const result = ZCreateQuote.safeParse({ ...quote, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });

  it('keeps the optional extras and rounds the price to cents', () => {
    expect(
      ZCreateQuote.parse({ ...quote, quotedPrice: 2500.456, includesSupplies: true, warranty: '3 months' }),
    ).toMatchObject({
      quotedPrice: 2500.46,
      includesSupplies: true,
      warranty: '3 months',
      estimatedDuration: null,
    });
  });
});

describe('budget ranges', () => {
  it('reads the seed ranges', () => {
    expect(budgetRangeBounds('0-1000')).toEqual({ min: 0, max: 1000 });
    expect(budgetRangeBounds('1000-10000')).toEqual({ min: 1000, max: 10000 });
    expect(budgetRangeBounds('10000-50000')).toEqual({ min: 10000, max: 50000 });
    expect(budgetRangeBounds('50000+')).toEqual({ min: 50000, max: null });
    expect(budgetRangeBounds('5-6')).toBeUndefined();
  });

  it('matches a request whose budget span overlaps the range', () => {
    expect(budgetMatchesRange(500, 900, '0-1000')).toBe(true);
    expect(budgetMatchesRange(500, 2000, '1000-10000')).toBe(true);
    expect(budgetMatchesRange(20000, 30000, '0-1000')).toBe(false);
    expect(budgetMatchesRange(60000, 90000, '50000+')).toBe(true);
    expect(budgetMatchesRange(100, 900, '50000+')).toBe(false);
  });

  it('drops empty and all filter values', () => {
    expect(
      ZPublicRequestsQuery.parse({ category: 'all', budget: '', timeline: 'All', search: ' ' }),
    ).toMatchObject({
      page: 1,
      limit: 6,
      category: undefined,
      budget: undefined,
      timeline: undefined,
      search: undefined,
    });
    expect(ZPublicRequestsQuery.parse({ budget: '50000+', timeline: 'urgent' })).toMatchObject({
      budget: '50000+',
      timeline: 'urgent',
    });
  });
});

describe('quote labels', () => {
  it('response time labels', () => {
    const posted = new Date('2026-01-02T08:00:00Z');
    expect(responseTimeLabel(posted, new Date('2026-01-02T08:30:00Z'))).toBe('Quick (within 1 hour)');
    expect(responseTimeLabel(posted, new Date('2026-01-02T10:30:00Z'))).toBe('Within 3 hours');
    expect(responseTimeLabel(posted, new Date('2026-01-03T10:30:00Z'))).toBe('Within 2 days');
  });

  it('an unknown request status is shown as pending', () => {
    expect(requestStatusLabel('in_progress')).toBe('In Progress');
    expect(requestStatusLabel('weird')).toBe('Pending');
  });
});

describe('referral reward arithmetic', () => {
  it('is 30 % of the fee actually paid, in whole cents', () => {
    expect(referralRewardCents(6)).toBe(180);
    expect(referralRewardCents('5.99')).toBe(180); // 179.7 -> 180
    expect(referralRewardCents('15.01')).toBe(450); // 450.3 -> 450
    expect(referralRewardCents('0.05')).toBe(2); // 1.5 -> 2 (half a cent up)
    expect(referralRewardCents(0)).toBe(0);
    expect(referralRewardCents('junk')).toBe(0);
    expect(referralRewardCents(-10)).toBe(0);
  });

  it('success rate and link', () => {
    expect(referralSuccessRate(0, 0)).toBe(0);
    expect(referralSuccessRate(1, 3)).toBe(33);
    expect(referralLink('https://d3.example/', 'amina-njeri-3f9a1c')).toBe(
      'https://d3.example/accounts/sign-up?ref=amina-njeri-3f9a1c',
    );
  });
});

describe('quoteDurationMinutes', () => {
  it('reads minutes and hours from the quote and books the default visit otherwise', async () => {
    const { quoteDurationMinutes } = await import('./service-request-rules.js');
    expect(quoteDurationMinutes('90 minutes')).toBe(90);
    expect(quoteDurationMinutes('2 hours')).toBe(120);
    expect(quoteDurationMinutes('1.5 hrs')).toBe(90);
    expect(quoteDurationMinutes('2h 30m')).toBe(150);
    expect(quoteDurationMinutes('2-3 hours')).toBe(180);
    expect(quoteDurationMinutes('40 mins')).toBe(45);
    expect(quoteDurationMinutes('20 hours')).toBe(480);
    expect(quoteDurationMinutes('3 days')).toBe(60);
    expect(quoteDurationMinutes('about a while')).toBe(60);
    expect(quoteDurationMinutes(null)).toBe(60);
  });
});
