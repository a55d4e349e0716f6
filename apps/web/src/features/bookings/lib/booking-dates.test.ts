import { describe, expect, it } from 'vitest';
import {
  addDays,
  isWorkingDay,
  lastBookableDate,
  localStartTime,
  nairobiToday,
  normalizeTime,
  quickSelectDates,
  weekdayOf,
  workingDaysLabel,
} from './booking-dates';

describe('booking dates', () => {
  it("today is Nairobi's date, whatever the clock's zone", () => {
    // 22:30 UTC on 6 Jan is already 01:30 on 7 Jan in Nairobi (UTC+3).
    expect(nairobiToday(new Date('2030-01-06T22:30:00Z'))).toBe('2030-01-07');
    expect(nairobiToday(new Date('2030-01-06T20:59:00Z'))).toBe('2030-01-06');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2029-12-30', 3)).toBe('2030-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(weekdayOf('2030-01-07')).toBe('Monday');
  });

  it('reads working days in any spelling; no list means every day', () => {
    expect(isWorkingDay('2030-01-07', ['monday'])).toBe(true);
    expect(isWorkingDay('2030-01-07', ['Mon', 'Tue'])).toBe(true);
    expect(isWorkingDay('2030-01-06', ['Monday', 'Tuesday'])).toBe(false);
    expect(isWorkingDay('2030-01-06', [])).toBe(true);
  });

  it('quick select shows the first 6 working days of the next 30 days', () => {
    // 2030-01-07 is a Monday; a Monday–Wednesday store.
    expect(quickSelectDates('2030-01-07', ['Monday', 'Tuesday', 'Wednesday'])).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
      '2030-01-14',
      '2030-01-15',
      '2030-01-16',
    ]);
    // Open only on Sundays: 30 days hold 4 or 5 of them, never more.
    const sundays = quickSelectDates('2030-01-07', ['Sunday']);
    expect(sundays).toEqual(['2030-01-13', '2030-01-20', '2030-01-27', '2030-02-03']);
    expect(quickSelectDates('2030-01-07', ['Funday'])).toEqual([]);
  });

  it("an offer's expiry ends the quick-select days: none after its last Nairobi day", () => {
    // Expiry at 12:00 Nairobi on Wed 9 Jan: that day is the last; at midnight, the day before.
    expect(lastBookableDate('2030-01-09T09:00:00.000Z')).toBe('2030-01-09');
    expect(lastBookableDate('2030-01-09T21:00:00.000Z')).toBe('2030-01-09');
    expect(lastBookableDate('2030-01-08T21:00:00.000Z')).toBe('2030-01-08');
    expect(lastBookableDate('not a date')).toBeNull();
    expect(quickSelectDates('2030-01-07', [], { last: '2030-01-09' })).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
    ]);
    expect(quickSelectDates('2030-01-07', [], { last: '2030-01-06' })).toEqual([]);
  });

  it('times without AM/PM are 24-hour; unreadable times fall back to 09:00', () => {
    expect(normalizeTime('14:30')).toBe('14:30');
    expect(normalizeTime('9:05')).toBe('09:05');
    expect(normalizeTime('2:30 PM')).toBe('14:30');
    expect(normalizeTime('12:00 am')).toBe('00:00');
    expect(normalizeTime('12:15 PM')).toBe('12:15');
    expect(normalizeTime('14:30:00')).toBe('14:30');
    expect(normalizeTime('25:00')).toBe('09:00');
    expect(normalizeTime('13:00 PM')).toBe('09:00');
    expect(normalizeTime('noon')).toBe('09:00');
    expect(normalizeTime('')).toBe('09:00');
    expect(normalizeTime(undefined)).toBe('09:00');
  });

  it('the start time is sent as ISO local time', () => {
    expect(localStartTime('2030-01-07', '2:00 PM')).toBe('2030-01-07T14:00:00');
  });
});

describe('workingDaysLabel', () => {
  it('names the days shortly, Monday first, or says every day', () => {
    expect(workingDaysLabel(['Saturday', 'monday', 'Tuesday'])).toBe('Mon, Tue, Sat');
    expect(
      workingDaysLabel(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']),
    ).toBe('Every day');
  });
});
