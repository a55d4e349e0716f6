import { describe, expect, it } from 'vitest';
import {
  accessFeeForOffer,
  accessFeeForService,
  DEFAULT_ACCESS_FEE,
  discountedPrice,
  formatAccessFee,
  formatKes,
  formatKesShort,
  mpesaAmount,
  savings,
  toCents,
} from './pricing-rules.js';

describe('toCents', () => {
  it('reads numeric strings from PostgreSQL exactly', () => {
    expect(toCents('1200.50')).toBe(120_050);
    expect(toCents('0.07')).toBe(7);
    expect(toCents('15')).toBe(1500);
  });

  it('rounds a half cent away from zero without float drift (1.005 -> 101 cents)', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents('2.675')).toBe(268);
    expect(toCents(-1.005)).toBe(-101);
  });

  it('keeps 0.1 + 0.2 at 30 cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('gives NaN for text that is not a number', () => {
    expect(toCents('abc')).toBeNaN();
    expect(toCents('')).toBeNaN();
    expect(toCents(Number.NaN)).toBeNaN();
  });
});

describe('discountedPrice', () => {
  it('takes the discount off the price: 1000 at 30 % -> 700', () => {
    expect(discountedPrice(1000, 30)).toBe(700);
  });

  it('rounds to the cent: 199.99 at 15 % -> 169.99 (169.9915)', () => {
    expect(discountedPrice(199.99, 15)).toBe(169.99);
  });

  it('rounds a half cent up: 0.05 at 50 % -> 0.03 (0.025)', () => {
    expect(discountedPrice(0.05, 50)).toBe(0.03);
  });

  it('accepts numeric strings for price and discount', () => {
    expect(discountedPrice('2500.00', '12.50')).toBe(2187.5);
  });

  it('treats a missing discount as 0 %', () => {
    expect(discountedPrice(1500, null)).toBe(1500);
    expect(discountedPrice(1500, undefined)).toBe(1500);
  });

  it('clamps discounts outside 0..100 %', () => {
    expect(discountedPrice(1500, 120)).toBe(0);
    expect(discountedPrice(1500, -10)).toBe(1500);
  });

  it('gives NaN when the price is not a number', () => {
    expect(discountedPrice('n/a', 20)).toBeNaN();
  });

  it('has no float drift on 0.1 × 3 style prices: 0.3 at 10 % -> 0.27', () => {
    expect(discountedPrice(0.1 + 0.2, 10)).toBe(0.27);
  });
});

describe('savings', () => {
  it('is the original minus the discounted price: 199.99 at 15 % -> 30', () => {
    expect(savings(199.99, 15)).toBe(30);
    expect(savings(199.99, 15) + discountedPrice(199.99, 15)).toBe(199.99);
  });

  it('is 0 without a discount', () => {
    expect(savings(1000, 0)).toBe(0);
    expect(savings(1000, null)).toBe(0);
  });
});

describe('accessFeeForOffer', () => {
  it('is 15 % of the discount value: 2000 at 50 % -> 150', () => {
    expect(accessFeeForOffer({ originalPrice: 2000, discount: 50 })).toBe(150);
  });

  it('rounds to 2 decimals once: 199.99 at 15 % -> 4.50 (4.499775)', () => {
    expect(accessFeeForOffer({ originalPrice: 199.99, discount: 15 })).toBe(4.5);
  });

  it('rounds a half cent up: 10.10 at 50 % -> 0.76 (0.7575)', () => {
    expect(accessFeeForOffer({ originalPrice: 10.1, discount: 50 })).toBe(0.76);
  });

  it('reads numeric strings: "3500.00" at "30.00" -> 157.50', () => {
    expect(accessFeeForOffer({ originalPrice: '3500.00', discount: '30.00' })).toBe(157.5);
  });

  it('falls back to 5.99 when the original price is missing', () => {
    expect(accessFeeForOffer({ originalPrice: null, discount: 30 })).toBe(5.99);
    expect(accessFeeForOffer({ discount: 30 })).toBe(DEFAULT_ACCESS_FEE);
  });

  it('falls back to 5.99 when the discount is missing or 0', () => {
    expect(accessFeeForOffer({ originalPrice: 1000, discount: null })).toBe(5.99);
    expect(accessFeeForOffer({ originalPrice: 1000, discount: 0 })).toBe(5.99);
  });

  it('falls back to 5.99 when the price is 0 or negative', () => {
    expect(accessFeeForOffer({ originalPrice: 0, discount: 40 })).toBe(5.99);
    expect(accessFeeForOffer({ originalPrice: -100, discount: 40 })).toBe(5.99);
  });

  it('caps the discount at 100 %: 1000 at 150 % -> 150', () => {
    expect(accessFeeForOffer({ originalPrice: 1000, discount: 150 })).toBe(150);
  });
});

describe('accessFeeForService', () => {
  it('is always 0', () => {
    expect(accessFeeForService()).toBe(0);
  });
});

describe('mpesaAmount', () => {
  it('rounds a fee up to the next whole shilling: 4.50 -> 5', () => {
    expect(mpesaAmount(4.5)).toBe(5);
  });

  it('rounds up even one cent: 10.01 -> 11', () => {
    expect(mpesaAmount(10.01)).toBe(11);
    expect(mpesaAmount('157.01')).toBe(158);
  });

  it('keeps whole shillings: 150 -> 150', () => {
    expect(mpesaAmount(150)).toBe(150);
    expect(mpesaAmount('150.00')).toBe(150);
  });

  it('charges 6 for the 5.99 default fee', () => {
    expect(mpesaAmount(DEFAULT_ACCESS_FEE)).toBe(6);
  });

  it('keeps 0 at 0, and gives 0 for negative or unreadable fees', () => {
    expect(mpesaAmount(0)).toBe(0);
    expect(mpesaAmount(-3)).toBe(0);
    expect(mpesaAmount('x')).toBe(0);
  });
});

describe('formatKes', () => {
  it('formats with the en-KE currency format and cents', () => {
    expect(formatKes(1200.5)).toBe(
      new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' }).format(1200.5),
    );
    expect(formatKes('1200.50')).toMatch(/^Ksh\s1,200\.50$/);
  });

  it('shows 0 as 0.00', () => {
    expect(formatKes(0)).toMatch(/^Ksh\s0\.00$/);
  });

  it('gives an empty text for unreadable amounts', () => {
    expect(formatKes('n/a')).toBe('');
  });
});

describe('formatKesShort', () => {
  it('drops .00 on whole shillings: 1200 -> "KSh 1,200"', () => {
    expect(formatKesShort(1200)).toBe('KSh 1,200');
    expect(formatKesShort('15000.00')).toBe('KSh 15,000');
  });

  it('keeps two decimals otherwise: 1200.5 -> "KSh 1,200.50"', () => {
    expect(formatKesShort(1200.5)).toBe('KSh 1,200.50');
  });

  it('puts the sign before the symbol', () => {
    expect(formatKesShort(-30)).toBe('-KSh 30');
  });

  it('gives an empty text for unreadable amounts', () => {
    expect(formatKesShort('')).toBe('');
  });
});

describe('formatAccessFee', () => {
  it('shows the whole shillings M-Pesa charges, never the fee with cents (288.75 -> KSh 289)', () => {
    expect(formatAccessFee(288.75)).toBe('KSh 289');
    expect(formatAccessFee('225.50')).toBe('KSh 226');
    expect(formatAccessFee(10)).toBe('KSh 10');
    expect(formatAccessFee(5.99)).toBe('KSh 6');
  });
});
