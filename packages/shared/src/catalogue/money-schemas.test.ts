import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, ZCreateServiceRequest, ZUpdateOfferRequest } from './catalogue-requests.js';

describe('hasAtMostTwoDecimals', () => {
  it('accepts whole cents across the whole range and refuses anything finer', () => {
    for (const value of [0.01, 0.1, 0.29, 1, 12.5, 1999.99, 99_999_999.99]) {
      expect(hasAtMostTwoDecimals(value), String(value)).toBe(true);
    }
    for (const value of [1e-9, 0.001, 0.005, 10.005, 12.345, 99_999_999.999, Number.NaN, Infinity]) {
      expect(hasAtMostTwoDecimals(value), String(value)).toBe(false);
    }
  });
});

describe('money in the catalogue schemas', () => {
  it('refuses discount 1e-9 and a zero price with a clear message', () => {
    const discount = ZUpdateOfferRequest.safeParse({ discount: 1e-9 });
    expect(discount.error?.issues[0]?.message).toBe('Discount can have at most 2 decimals');
    const price = ZCreateServiceRequest.safeParse({
      storeId: '00000000-0000-4000-8000-000000000000',
      name: 'Cut',
      category: 'Beauty & Spa',
      price: 0,
    });
    expect(price.error?.issues.map((issue) => issue.message)).toEqual(['Price must be greater than 0']);
  });
});
