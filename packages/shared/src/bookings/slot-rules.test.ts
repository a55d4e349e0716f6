import { TZDate } from '@date-fns/tz';
import { format, formatISO } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from './booking-schemas.js';
import {
  addDays,
  BOOKING_TIME_ZONE,
  type BusyInterval,
  bookingEnd,
  daySlots,
  effectiveDuration,
  findSlot,
  isStaffBusy,
  minutesOfDay,
  nairobiDateKey,
  nairobiDayBounds,
  nairobiInstant,
  nairobiTime,
  normaliseWorkingDays,
  parseBookingStartTime,
  parseTime24,
  peakOverlap,
  type SlotRuleInput,
  slotStepMinutes,
  toNairobiIso,
  weekdayOf,
} from './slot-rules.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
// 2026-11-23 is a Monday. "now" is the Friday before, 10:00 Nairobi (07:00 UTC).
const MONDAY = '2026-11-23';
const NOW = new Date('2026-11-20T07:00:00.000Z');

const at = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const busy = (date: string, from: string, to: string, staffId: string | null = null): BusyInterval => ({
  startTime: at(date, from),
  endTime: at(date, to),
  staffId,
});

function input(overrides: Partial<SlotRuleInput> = {}): SlotRuleInput {
  return {
    date: MONDAY,
    workingDays: WEEKDAYS,
    openingTime: '09:00',
    closingTime: '18:00',
    capacity: 2,
    bookings: [],
    now: NOW,
    ...overrides,
  };
}

/** Puts TZ back as it was (assigning undefined would set the string 'undefined'). */
function restoreTimeZone(original: string | undefined) {
  if (original === undefined) delete process.env.TZ;
  else process.env.TZ = original;
}

describe('Nairobi time helpers', () => {
  const originalTz = process.env.TZ;
  afterEach(() => restoreTimeZone(originalTz));

  it('toNairobiIso writes the +03:00 offset whatever the server zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      process.env.TZ = zone;
      expect(toNairobiIso(new Date('2026-11-23T06:00:00.000Z'))).toBe('2026-11-23T09:00:00+03:00');
      expect(nairobiInstant(MONDAY, 9 * 60).toISOString()).toBe('2026-11-23T06:00:00.000Z');
    }
  });

  it('nairobiDateKey — 22:30 UTC is already the next day in Nairobi', () => {
    process.env.TZ = 'UTC';
    expect(nairobiDateKey(new Date('2026-11-22T22:30:00.000Z'))).toBe('2026-11-23');
    expect(nairobiDateKey(new Date('2026-11-22T20:59:59.000Z'))).toBe('2026-11-22');
    expect(nairobiTime(new Date('2026-11-22T21:00:00.000Z'))).toBe('00:00');
  });

  it('nairobiDayBounds spans midnight to midnight Nairobi (21:00 UTC to 21:00 UTC)', () => {
    const { start, end } = nairobiDayBounds(MONDAY);
    expect(start.toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-23T21:00:00.000Z');
  });

  // ~7,600 comparisons against date-fns/tz: seconds on a loaded 2-core machine, so its own time limit.
  it('the quarter-hour offset reading agrees with date-fns/tz at every minute over 3 days, odd seconds included', {
    timeout: 60_000,
  }, () => {
    for (const zone of ['UTC', 'America/New_York']) {
      process.env.TZ = zone;
      const from = Date.parse('2026-12-30T20:00:00.000Z');
      for (let ms = from; ms < from + 3 * 86_400_000; ms += 60_000 + 7_001) {
        const local = new TZDate(ms, BOOKING_TIME_ZONE);
        expect(toNairobiIso(ms)).toBe(formatISO(local));
        expect(nairobiDateKey(ms)).toBe(format(local, 'yyyy-MM-dd'));
        expect(nairobiTime(ms)).toBe(format(local, 'HH:mm'));
        const minutes = local.getHours() * 60 + local.getMinutes();
        // The wall-clock minute read back is the instant's own minute.
        expect(nairobiInstant(format(local, 'yyyy-MM-dd'), minutes).getTime()).toBe(ms - (ms % 60_000));
      }
    }
  });

  it('weekdayOf and addDays are calendar arithmetic (month and year ends)', () => {
    expect(weekdayOf(MONDAY)).toBe('Monday');
    expect(weekdayOf('2026-11-22')).toBe('Sunday');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('parseBookingStartTime', () => {
  it('reads an ISO local time (no offset) as Nairobi time on a UTC server', () => {
    const original = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(parseBookingStartTime('2026-11-23T09:00:00')?.toISOString()).toBe('2026-11-23T06:00:00.000Z');
      expect(parseBookingStartTime('2026-11-23T09:00')?.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    } finally {
      restoreTimeZone(original);
    }
  });

  it('honours an explicit offset or Z', () => {
    expect(parseBookingStartTime('2026-11-23T09:00:00+03:00')?.toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(parseBookingStartTime('2026-11-23T06:00:00.000Z')?.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(parseBookingStartTime('2026-11-23T08:00:00+02:00')?.toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
  });

  it.each([
    'tomorrow',
    '2026-11-23',
    '2026-13-01T09:00:00',
    '2026-02-30T09:00:00',
    '2026-11-23T24:00:00',
    '2026-11-23T09:60:00',
    '23/11/2026 09:00',
    '',
  ])('refuses %j', (text) => {
    expect(parseBookingStartTime(text)).toBeUndefined();
  });
});

describe('parseTime24 — a time without AM/PM is 24-hour, invalid falls back to 09:00', () => {
  it.each([
    ['14:30', '14:30'],
    ['9:05', '09:05'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    ['2:30 PM', '14:30'],
    ['2 pm', '14:00'],
    ['12:00 AM', '00:00'],
    ['12:15 p.m.', '12:15'],
    ['09:00:00', '09:00'],
  ])('%j -> %j', (text, expected) => {
    expect(parseTime24(text)).toBe(expected);
  });

  it.each(['25:00', '13:00 PM', '10:75', 'noon', '14', '', null, undefined])(
    '%j falls back to 09:00',
    (text) => {
      expect(parseTime24(text)).toBe('09:00');
    },
  );
});

describe('working days', () => {
  it('normaliseWorkingDays accepts full names and three-letter forms in any case, week order, no duplicates', () => {
    expect(normaliseWorkingDays(['sunday', 'MON', 'Tue', 'monday', 'Funday'])).toEqual([
      'Monday',
      'Tuesday',
      'Sunday',
    ]);
  });

  it('minutesOfDay reads HH:mm and refuses junk', () => {
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('24:00')).toBe(1440);
    expect(minutesOfDay('24:30')).toBeNaN();
    expect(minutesOfDay('9am')).toBeNaN();
  });
});

describe('daySlots', () => {
  it('an open day gives hourly slots from opening until the last that ends by closing', () => {
    const result = daySlots(input());
    expect(result.message).toBeUndefined();
    expect(result.availableSlots).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    expect(result.slots[0]).toMatchObject({
      time: '09:00',
      startTime: '2026-11-23T09:00:00+03:00',
      available: 2,
      total: 2,
    });
    expect(result.slots[0]!.end.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(result.durationMinutes).toBe(60);
  });

  it('is the same on a UTC server and on a server far from Nairobi', () => {
    const original = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const utc = daySlots(input());
      process.env.TZ = 'Pacific/Honolulu';
      const honolulu = daySlots(input());
      expect(honolulu.slots.map((slot) => slot.startTime)).toEqual(utc.slots.map((slot) => slot.startTime));
      expect(utc.slots[0]!.startTime).toBe('2026-11-23T09:00:00+03:00');
    } finally {
      restoreTimeZone(original);
    }
  });

  it('a closed day gives no slots and the business-rule message with the working days', () => {
    const result = daySlots(input({ date: '2026-11-22' }));
    expect(result.slots).toEqual([]);
    expect(result.reason).toBe('closed_day');
    expect(result.message).toBe(
      `Closed on Sunday. ${BOOKING_MESSAGES.noSlots} Working days: Monday, Tuesday, Wednesday, Thursday, Friday.`,
    );
  });

  it('working days may be abbreviated or lower case', () => {
    expect(daySlots(input({ workingDays: ['mon'] })).availableSlots).toHaveLength(9);
  });

  it('a branch without working days is not operational', () => {
    const result = daySlots(input({ workingDays: [] }));
    expect(result.reason).toBe('not_operational');
    expect(result.message).toContain(BOOKING_MESSAGES.noSlots);
  });

  it('a date before today (Nairobi) is refused with the no-slots message', () => {
    const result = daySlots(input({ date: '2026-11-19' }));
    expect(result.reason).toBe('past_date');
    expect(result.message).toContain(BOOKING_MESSAGES.noSlots);
    expect(result.slots).toEqual([]);
  });

  it('today leaves out slots at or before now', () => {
    // Friday 2026-11-20 10:00 Nairobi: 10:00 is not offered any more, 11:00 is.
    const result = daySlots(input({ date: '2026-11-20' }));
    expect(result.availableSlots[0]).toBe('11:00');
    expect(result.slots.some((slot) => slot.time === '10:00')).toBe(false);
  });

  it('today after the last slot: the day is over', () => {
    const late = new Date('2026-11-20T15:30:00.000Z'); // 18:30 Nairobi
    const result = daySlots(input({ date: '2026-11-20', now: late }));
    expect(result.reason).toBe('day_over');
    expect(result.message).toContain(BOOKING_MESSAGES.noSlots);
  });

  it('hours too short for the duration give the outside-hours message', () => {
    const result = daySlots(input({ openingTime: '09:00', closingTime: '09:30' }));
    expect(result.reason).toBe('no_hours');
    expect(result.message).toMatch(/^Outside business hours/);
  });

  it('closing before opening is treated as no hours', () => {
    expect(daySlots(input({ openingTime: '18:00', closingTime: '09:00' })).reason).toBe('no_hours');
  });

  it('a 90-minute service steps every 30 minutes and ends by closing', () => {
    const result = daySlots(input({ durationMinutes: 90, openingTime: '09:00', closingTime: '12:00' }));
    expect(result.availableSlots).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(slotStepMinutes(90)).toBe(30);
    expect(slotStepMinutes(120)).toBe(60);
  });

  it('a 2-hour service steps hourly, slots overlap', () => {
    const result = daySlots(input({ durationMinutes: 120, closingTime: '13:00' }));
    expect(result.availableSlots).toEqual(['09:00', '10:00', '11:00']);
  });

  it('duration defaults to 60 when missing or junk', () => {
    expect(effectiveDuration(null)).toBe(60);
    expect(effectiveDuration(0)).toBe(60);
    expect(effectiveDuration(-30)).toBe(60);
    expect(effectiveDuration(45.5)).toBe(60);
    expect(effectiveDuration(45)).toBe(45);
  });

  it('capacity: each overlapping live booking takes one place; full slots stay listed with available 0', () => {
    const result = daySlots(
      input({
        capacity: 2,
        bookings: [
          busy(MONDAY, '09:00', '10:00'),
          busy(MONDAY, '09:00', '10:00'),
          busy(MONDAY, '10:00', '11:00'),
        ],
      }),
    );
    expect(result.slots.find((slot) => slot.time === '09:00')).toMatchObject({ available: 0, total: 2 });
    expect(result.slots.find((slot) => slot.time === '10:00')).toMatchObject({ available: 1, total: 2 });
    expect(result.slots.find((slot) => slot.time === '11:00')).toMatchObject({ available: 2, total: 2 });
    expect(result.availableSlots).not.toContain('09:00');
    expect(result.availableSlots).toContain('10:00');
  });

  it('capacity counts partial overlaps: a 09:30–10:30 booking touches the 09:00 and 10:00 slots', () => {
    const result = daySlots(input({ capacity: 1, bookings: [busy(MONDAY, '09:30', '10:30')] }));
    expect(result.availableSlots.slice(0, 2)).toEqual(['11:00', '12:00']);
  });

  it('capacity counts the peak at one moment, not every booking touching the slot', () => {
    // 09:00–09:30 and 09:30–10:00 never overlap each other: the 09:00 slot has 1 of 2 left.
    const result = daySlots(
      input({ capacity: 2, bookings: [busy(MONDAY, '09:00', '09:30'), busy(MONDAY, '09:30', '10:00')] }),
    );
    expect(result.slots[0]).toMatchObject({ time: '09:00', available: 1 });
  });

  it('a booking of the day before that runs past midnight does not touch a working day slot', () => {
    const result = daySlots(input({ capacity: 1, bookings: [busy('2026-11-22', '22:00', '23:59')] }));
    expect(result.availableSlots).toHaveLength(9);
  });

  it('every slot full: the no-slots message', () => {
    const bookings = Array.from({ length: 9 }, (_, i) =>
      busy(MONDAY, `${String(9 + i).padStart(2, '0')}:00`, `${String(10 + i).padStart(2, '0')}:00`),
    );
    const result = daySlots(input({ capacity: 1, bookings }));
    expect(result.availableSlots).toEqual([]);
    expect(result.slots).toHaveLength(9);
    expect(result.reason).toBe('fully_booked');
    expect(result.message).toBe(BOOKING_MESSAGES.noSlots);
  });

  it('a chosen staff member busy at a time makes that slot unavailable even with capacity left', () => {
    const result = daySlots(
      input({
        capacity: 3,
        bookings: [],
        staffId: 'staff-1',
        staffBookings: [busy(MONDAY, '12:00', '13:00', 'staff-1')],
      }),
    );
    expect(result.slots.find((slot) => slot.time === '12:00')?.available).toBe(0);
    expect(result.slots.find((slot) => slot.time === '13:00')?.available).toBe(3);
  });

  it('capacity below 1 counts as 1', () => {
    expect(daySlots(input({ capacity: 0 })).capacity).toBe(1);
  });
});

describe('findSlot', () => {
  const result = daySlots(input());

  it('finds the slot a start time falls on exactly', () => {
    expect(findSlot(result, at(MONDAY, '10:00')).slot?.time).toBe('10:00');
  });

  it('refuses a start between slots or outside hours', () => {
    expect(findSlot(result, at(MONDAY, '10:15'))).toEqual({ reason: 'not_a_slot' });
    expect(findSlot(result, at(MONDAY, '18:00'))).toEqual({ reason: 'not_a_slot' });
    expect(findSlot(result, at(MONDAY, '07:00'))).toEqual({ reason: 'not_a_slot' });
  });

  it('reports no slots for a closed day', () => {
    expect(findSlot(daySlots(input({ date: '2026-11-22' })), at('2026-11-22', '10:00'))).toEqual({
      reason: 'no_slots',
    });
  });
});

describe('overlap helpers', () => {
  it('peakOverlap treats intervals as half-open (back to back never overlap)', () => {
    const list = [busy(MONDAY, '09:00', '10:00'), busy(MONDAY, '10:00', '11:00')];
    expect(peakOverlap(list, at(MONDAY, '09:00'), at(MONDAY, '11:00'))).toBe(1);
    expect(peakOverlap(list, at(MONDAY, '11:00'), at(MONDAY, '12:00'))).toBe(0);
  });

  it("peakOverlap counts a group's booking as its places (issue 34)", () => {
    const group = { ...busy(MONDAY, '09:00', '10:00'), places: 3 };
    const single = busy(MONDAY, '09:30', '10:30');
    expect(peakOverlap([group, single], at(MONDAY, '09:00'), at(MONDAY, '10:30'))).toBe(4);
    expect(peakOverlap([group, single], at(MONDAY, '10:00'), at(MONDAY, '10:30'))).toBe(1);
    expect(peakOverlap([{ ...single, places: null }], at(MONDAY, '09:00'), at(MONDAY, '11:00'))).toBe(1);
  });

  it('isStaffBusy only looks at that staff member', () => {
    const list = [busy(MONDAY, '09:00', '10:00', 'a')];
    expect(isStaffBusy(list, 'a', at(MONDAY, '09:30'), at(MONDAY, '10:30'))).toBe(true);
    expect(isStaffBusy(list, 'b', at(MONDAY, '09:30'), at(MONDAY, '10:30'))).toBe(false);
    expect(isStaffBusy(list, 'a', at(MONDAY, '10:00'), at(MONDAY, '11:00'))).toBe(false);
  });

  it('bookingEnd adds the duration (default 60)', () => {
    expect(bookingEnd(at(MONDAY, '09:00'), 45).toISOString()).toBe('2026-11-23T06:45:00.000Z');
    expect(bookingEnd(at(MONDAY, '09:00'), null).toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });
});
