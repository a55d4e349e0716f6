import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatTime } from './format';

const intl = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Africa/Nairobi', ...options });
const INTL_DATE = {
  en: intl('en-KE', { day: 'numeric', month: 'short', year: 'numeric' }),
  sw: intl('sw-KE', { day: 'numeric', month: 'short', year: 'numeric' }),
};
const INTL_TIME = intl('en-KE', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Every ~37 hours from 1990 to 2060, so each day, month, year and hour of the day comes round. */
function* instants(): Generator<Date> {
  const step = 37 * 60 * 60 * 1000 + 17 * 60 * 1000;
  for (let at = Date.UTC(1990, 0, 1); at < Date.UTC(2060, 0, 1); at += step) yield new Date(at);
}

describe('dates and times written without Intl (decision 0814)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes each date as Intl's en-KE and sw-KE do in Nairobi time, from 1990 to 2060", () => {
    let checked = 0;
    for (const at of instants()) {
      expect(formatDate(at, 'en')).toBe(INTL_DATE.en.format(at));
      expect(formatDate(at, 'sw')).toBe(INTL_DATE.sw.format(at));
      expect(formatTime(at)).toBe(INTL_TIME.format(at));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(16_000);
  });

  it('turns the day at midnight in Nairobi, 21:00 UTC, and takes ISO text and epoch numbers', () => {
    expect(formatDate('2026-08-31T20:59:59Z')).toBe('31 Aug 2026');
    expect(formatDate('2026-08-31T21:00:00Z')).toBe('1 Sept 2026');
    expect(formatDate('2026-08-31T21:00:00Z', 'sw')).toBe('1 Sep 2026');
    expect(formatDate(Date.UTC(2026, 11, 31, 21, 0))).toBe('1 Jan 2027');
    expect(formatTime('2026-12-31T21:05:00Z')).toBe('00:05');
    expect(formatTime('2026-12-31T20:59:00Z', 'sw')).toBe('23:59');
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
  });

  it('makes no Intl formatter', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    formatDate('2026-03-05T09:00:00Z', 'sw');
    formatTime('2026-03-05T09:00:00Z');
    expect(made).not.toHaveBeenCalled();
  });
});
