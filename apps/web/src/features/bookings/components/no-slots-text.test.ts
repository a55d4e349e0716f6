import type { NoSlotsReason, TSlotsResponse } from '@d3/shared/bookings/booking-slot-schemas';
import { daySlots, type SlotRuleInput } from '@d3/shared/bookings/slot-rules';
import type { Locale } from '@d3/shared/i18n/locale';
import { createI18n } from '@d3/ui';
import { describe, expect, it } from 'vitest';
import bookingEn from '../../../locales/booking/en.messages.json';
import bookingSw from '../../../locales/booking/sw.messages.json';
import shellEn from '../../../locales/en.messages.json';
import shellSw from '../../../locales/sw.messages.json';
import { noSlotsText } from './date-time-step';

// Issue 33: a day without times says why in the reader's language. The site words the slot rule the
// API names (`reason`); in English those words are the API's own message, letter for letter.
const NOW = new Date('2026-11-20T06:00:00Z');
const BRANCH: SlotRuleInput = {
  date: '2026-11-23',
  workingDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  openingTime: '09:00',
  closingTime: '18:00',
  durationMinutes: 60,
  capacity: 1,
  bookings: [],
  now: NOW,
};

const CASES: Array<[NoSlotsReason, Partial<SlotRuleInput>]> = [
  ['past_date', { date: '2026-11-19' }],
  ['not_operational', { workingDays: [] }],
  ['closed_day', { date: '2026-11-22' }],
  ['no_hours', { openingTime: '09:00', closingTime: '09:30' }],
  ['day_over', { date: '2026-11-20', now: new Date('2026-11-20T16:00:00Z') }],
  [
    'fully_booked',
    {
      openingTime: '09:00',
      closingTime: '10:00',
      bookings: [{ startTime: new Date('2026-11-23T06:00:00Z'), endTime: new Date('2026-11-23T07:00:00Z') }],
    },
  ],
];

/** The API's answer for that day, as `slotsOf` builds it. */
function answer(input: SlotRuleInput): TSlotsResponse {
  const day = daySlots(input);
  const hours = {
    id: 'b1',
    name: 'Westlands',
    workingDays: [...input.workingDays],
    openingTime: input.openingTime,
    closingTime: input.closingTime,
  };
  return {
    success: true,
    date: input.date,
    availableSlots: day.availableSlots,
    detailedSlots: [],
    bookingRules: { serviceDuration: day.durationMinutes, maxConcurrentBookings: day.capacity },
    storeInfo: hours,
    branchInfo: hours,
    accessFee: 0,
    accessFeeAmount: 0,
    ...(day.message ? { message: day.message } : {}),
    ...(day.reason ? { reason: day.reason } : {}),
  };
}

function translator(locale: Locale) {
  const i18n = createI18n(
    locale,
    locale === 'en' ? { ...shellEn, ...bookingEn } : { ...shellSw, ...bookingSw },
  );
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
}

describe('why a day has no times', () => {
  it('in English is the API’s own message for every slot rule', () => {
    const t = translator('en');
    for (const [reason, change] of CASES) {
      const response = answer({ ...BRANCH, ...change });
      expect(response.reason, reason).toBe(reason);
      expect(noSlotsText(response, t, 'en'), reason).toBe(response.message);
    }
  });

  it('in Kiswahili names the day and the working days in Kiswahili, and keeps no English', () => {
    const t = translator('sw');
    const closed = answer({ ...BRANCH, date: '2026-11-22' });
    expect(noSlotsText(closed, t, 'sw')).toBe(
      'Imefungwa Jumapili. Hakuna nafasi siku hii. Siku za kazi: Jumatatu, Jumanne, Jumatano, Alhamisi, Ijumaa.',
    );
    const late = answer({ ...BRANCH, date: '2026-11-20', now: new Date('2026-11-20T16:00:00Z') });
    expect(noSlotsText(late, t, 'sw')).toBe(
      'Saa za kuhifadhi kwa siku hii zimekwisha (wazi 09:00–18:00). Tafadhali chagua siku nyingine.',
    );
    for (const [reason, change] of CASES) {
      const text = noSlotsText(answer({ ...BRANCH, ...change }), t, 'sw');
      expect(text, reason).not.toMatch(/Closed|Working|available|business|Booking|branch|passed/);
    }
  });

  it('falls back to the API’s words for a reason it does not know, and to the seed’s words without any', () => {
    const t = translator('en');
    const base = answer({ ...BRANCH, date: '2026-11-22' });
    const unknown = { ...base, reason: undefined, message: 'Closed for stocktaking.' };
    expect(noSlotsText(unknown, t, 'en')).toBe('Closed for stocktaking.');
    expect(noSlotsText({ ...unknown, message: undefined }, t, 'en')).toBe(
      'No available time slots for this date. Please try a different date.',
    );
  });
});
