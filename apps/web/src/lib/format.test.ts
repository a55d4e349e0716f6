import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatDate, formatTime } from './format';

describe('dates in Nairobi time', () => {
  it('shows the Nairobi calendar day even when UTC is still the day before', () => {
    expect(formatDate('2025-08-23T22:30:00Z')).toBe('24 Aug 2025');
  });

  it('shows a 24-hour Nairobi clock time', () => {
    expect(formatTime('2025-08-23T11:05:00Z')).toBe('14:05');
  });

  it('returns empty text for invalid input', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime('')).toBe('');
  });
});

describe('formatBadgeCount', () => {
  it("hides zero, shows up to 9 and '9+' above", () => {
    expect(formatBadgeCount(0)).toBe('');
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(250)).toBe('9+');
  });
});
