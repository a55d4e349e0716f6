// No imports, so that the Playwright specs in e2e/ can post the same sample request.

/**
 * The bodies tests send to post a service request and to quote on one: a salon deep clean
 * and a Saturday quote of KES 2,500 for 3 hours. Overrides change single fields.
 */

export const validServiceRequest = (overrides: Record<string, unknown> = {}) => ({
  title: 'Deep clean my salon',
  category: 'Beauty & Spa',
  description: 'Two chairs, one wash basin, floors and mirrors need a full clean.',
  budgetMin: 1000,
  budgetMax: 5000,
  timeline: 'thisweek',
  location: 'Westlands, Nairobi',
  ...overrides,
});

export const validQuote = (storeId: string, overrides: Record<string, unknown> = {}) => ({
  storeId,
  quotedPrice: 2500,
  message: 'We can do it on Saturday with our own supplies.',
  availability: 'Saturday from 9am',
  estimatedDuration: '3 hours',
  includesSupplies: true,
  warranty: '1 week re-clean',
  ...overrides,
});
