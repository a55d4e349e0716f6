import { describe, expect, it } from 'vitest';
import { formatBudget } from '../service-requests/service-request-rules.js';
import { formatAccessFee, formatKes, formatKesShort, groupThousands, writeAmount } from './pricing-rules.js';
import { resultCountLabel } from './search-rules.js';

/** What Intl writes, which the hand-written grouping must match digit for digit (decision 0813). */
const intlPadded = new Intl.NumberFormat('en-KE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  trailingZeroDisplay: 'stripIfInteger',
});
const intlTrimmed = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Cents from 0 to past a billion shillings, every length of number and every kind of cents. */
function sampleCents(): number[] {
  const cents = [0, 1, 5, 10, 50, 99, 100, 101, 110, 999_99, 1000_00, 1000_01, 1000_50, 12_345_67];
  for (let digits = 1; digits <= 13; digits += 1) {
    const whole = Number('9'.repeat(digits));
    cents.push(whole * 100, whole * 100 + 7, whole * 100 + 40, (whole + 1) * 100 + 5);
  }
  return cents;
}

describe('amounts written without Intl', () => {
  it('groups thousands and writes cents exactly as Intl en-KE does, padded and trimmed, either sign', () => {
    for (const cents of sampleCents()) {
      for (const signed of [cents, -cents]) {
        if (signed === 0 && Object.is(signed, -0)) continue;
        expect(writeAmount(signed)).toBe(intlPadded.format(signed / 100));
        expect(writeAmount(signed, 'trim')).toBe(intlTrimmed.format(signed / 100));
      }
    }
    expect(writeAmount(123_456_789)).toBe('1,234,567.89');
    expect(writeAmount(120_050)).toBe('1,200.50');
    expect(writeAmount(120_050, 'trim')).toBe('1,200.5');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(999)).toBe('999');
  });

  it('keeps the texts the sites show: card prices, fees, budgets, capped counts and full currency', () => {
    expect(formatKesShort(1200)).toBe('KSh 1,200');
    expect(formatKesShort('1200.50')).toBe('KSh 1,200.50');
    expect(formatKesShort(-35.5)).toBe('-KSh 35.50');
    expect(formatKesShort('not a price')).toBe('');
    expect(formatAccessFee(288.75)).toBe('KSh 289');
    expect(formatBudget(1000, 5000)).toBe('KSH 1,000 - 5,000');
    expect(formatBudget(1500.5, 20000.25)).toBe('KSH 1,500.5 - 20,000.25');
    expect(resultCountLabel(1000, true)).toBe('1,000+');
    expect(resultCountLabel(1000)).toBe('1000');
    // The full currency text is still Intl's own, made on first use rather than on import.
    expect(formatKes(1200.5)).toBe(
      new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' }).format(1200.5),
    );
  });
});
