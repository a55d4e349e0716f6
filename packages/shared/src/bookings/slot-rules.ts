import { TZDate, tzOffset } from '@date-fns/tz';
import { WEEK_DAYS } from '../catalogue/catalogue-schemas.js';
import { NAIROBI_TIME_ZONE } from '../time/relative-time.js';
import { BOOKING_MESSAGES } from './booking-schemas.js';
import type { NoSlotsReason } from './booking-slot-schemas.js';

/**
 * The slot engine (seed 000 §3 "Slot", seed 001 §8 "Slots", API-CONTRACT decision 9). Pure: the
 * API answers slot lists and checks a chosen time with it; every wall-clock value is Africa/Nairobi
 * whatever the server's own time zone is.
 */

export const BOOKING_TIME_ZONE = NAIROBI_TIME_ZONE;
/** Default service duration in minutes (seed 000 §9). */
export const DEFAULT_SERVICE_DURATION = 60;

/** The catalogue's days, Sunday first as `Date#getUTCDay` counts them. */
export const WEEKDAYS = [WEEK_DAYS[6], ...WEEK_DAYS.slice(0, 6)] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Nairobi wall-clock helpers
// ---------------------------------------------------------------------------------------------

/** The instant shown as Nairobi wall-clock time. */
export function inNairobi(instant: Date | number | string): TZDate {
  return new TZDate(new Date(instant).getTime(), BOOKING_TIME_ZONE);
}

const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const offsetByQuarterHour = new Map<number, number>();

/**
 * Nairobi's UTC offset in minutes at an instant. `tzOffset` formats a date with Intl on every call
 * (~10 µs; a slot list made ~200 of them, a third of a booking's CPU in the bookings bench), so it is
 * read once per quarter-hour of time: every time zone's offset has changed only on whole quarter-hours
 * since the 1970s, and bookings are in the future.
 */
function offsetAt(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = offsetByQuarterHour.get(quarter);
  if (offset === undefined) {
    if (offsetByQuarterHour.size >= 20_000) offsetByQuarterHour.clear();
    offset = tzOffset(BOOKING_TIME_ZONE, new Date(quarter * QUARTER_HOUR_MS));
    offsetByQuarterHour.set(quarter, offset);
  }
  return offset;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The Nairobi wall clock of an instant, read from a Date shifted by the offset (its UTC fields). */
function wallClock(instant: Date | number | string): { shifted: Date; offset: number } {
  const ms = new Date(instant).getTime();
  const offset = offsetAt(ms);
  return { shifted: new Date(ms + offset * MINUTE_MS), offset };
}

function dateKeyOf(shifted: Date): string {
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** ISO 8601 with the Nairobi offset: '2026-11-23T09:00:00+03:00'. */
export function toNairobiIso(instant: Date | number | string): string {
  const { shifted, offset } = wallClock(instant);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const time = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
  const zone = offset === 0 ? 'Z' : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${dateKeyOf(shifted)}T${time}${zone}`;
}

/** 'YYYY-MM-DD' of the instant in Nairobi. */
export function nairobiDateKey(instant: Date | number | string): string {
  return dateKeyOf(wallClock(instant).shifted);
}

/** 'HH:mm' of the instant in Nairobi. */
export function nairobiTime(instant: Date | number | string): string {
  const { shifted } = wallClock(instant);
  return `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

/**
 * The instant of a Nairobi wall-clock time given as UTC fields (`Date.UTC` of the local parts): the
 * offset is read at a first guess, then again at the answer, as a clock change between them needs.
 */
function instantOfWallClock(wallMs: number): Date {
  const guess = wallMs - offsetAt(wallMs) * MINUTE_MS;
  return new Date(wallMs - offsetAt(guess) * MINUTE_MS);
}

/** Weekday name of a 'YYYY-MM-DD' calendar day. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Minutes since midnight of a 'HH:mm' (or 'H:mm', optional ':ss') 24-hour time; NaN otherwise. */
export function minutesOfDay(time: string): number {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return Number.NaN;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return Number.NaN;
  return hours * 60 + minutes;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The instant of a Nairobi wall-clock time on a 'YYYY-MM-DD' day (minutes may pass 24:00). */
export function nairobiInstant(date: string, minutes: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOfWallClock(Date.UTC(year, month - 1, day, 0, minutes));
}

const ISO_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A booking start time from a request: ISO local (no offset: Nairobi wall-clock time, as the
 * seed's client sends it) or with `Z` / an offset. Undefined when the text is not a real moment
 * (month 13, 25:00, 31 February...).
 */
export function parseBookingStartTime(text: string): Date | undefined {
  const match = ISO_PARTS.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day ||
    hours > 23 ||
    minutes > 59 ||
    seconds > 59
  ) {
    return undefined;
  }
  const millis = Number(`0.${match[7] ?? '0'}`) * 1000;
  const offset = match[8];
  if (offset) {
    const parsed = new Date(text.trim());
    return Number.isNaN(parsed.getTime()) ? undefined : parsed;
  }
  return instantOfWallClock(Date.UTC(year, month - 1, day, hours, minutes, seconds, Math.floor(millis)));
}

/**
 * The seed's 24-hour rule (seed 000 §5): a time without AM/PM is read as 24-hour; with AM/PM as
 * 12-hour; anything unreadable falls back to '09:00'. Returns 'HH:mm'.
 */
export function parseTime24(text: string | null | undefined, fallback = '09:00'): string {
  if (!text) return fallback;
  const match = /^\s*(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap]\.?m\.?)?\s*$/i.exec(text);
  if (!match) return fallback;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const meridiem = match[3]?.replace(/\./g, '').toLowerCase();
  if (minutes > 59) return fallback;
  if (meridiem) {
    if (hours < 1 || hours > 12) return fallback;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (match[2] === undefined || hours > 23) {
    // A bare number without minutes or AM/PM is not a time.
    return fallback;
  }
  return hhmm(hours * 60 + minutes);
}

// ---------------------------------------------------------------------------------------------
// Working days
// ---------------------------------------------------------------------------------------------

/** 'monday', 'Mon', 'MON' -> 'Monday'; undefined for anything else. */
export function normaliseWeekday(value: string): Weekday | undefined {
  const text = value.trim().toLowerCase();
  if (text.length < 3) return undefined;
  return WEEKDAYS.find((day) => day.toLowerCase() === text || day.toLowerCase().slice(0, 3) === text);
}

/** Known weekday names in week order (Monday first), duplicates and junk dropped. */
export function normaliseWorkingDays(days: readonly string[]): Weekday[] {
  const set = new Set(days.map(normaliseWeekday).filter((day): day is Weekday => day !== undefined));
  return WEEK_DAYS.filter((day) => set.has(day));
}

// ---------------------------------------------------------------------------------------------
// Slots
// ---------------------------------------------------------------------------------------------

/**
 * Slot start times step by 60 minutes when the duration is a whole number of hours, else by 30
 * (a 45-minute service can start on the hour or the half hour). Slots may overlap when the
 * duration is longer than the step; capacity is counted on overlap, so that is safe.
 */
export function slotStepMinutes(durationMinutes: number): number {
  return durationMinutes % 60 === 0 ? 60 : 30;
}

export interface BusyInterval {
  startTime: Date;
  endTime: Date;
  staffId?: string | null | undefined;
  /** Places the booking takes (a group splitting its fee, issue 34); 1 when absent. */
  places?: number | null | undefined;
}

/**
 * The most places taken at any one moment of [start, end) (intervals are half-open, so a booking
 * ending at 10:00 and one starting at 10:00 never overlap); a booking takes its `places` (1 unless a
 * group's).
 */
export function peakOverlap(bookings: readonly BusyInterval[], start: Date, end: Date): number {
  const from = start.getTime();
  const to = end.getTime();
  const edges: Array<[number, number]> = [];
  for (const booking of bookings) {
    const s = Math.max(booking.startTime.getTime(), from);
    const e = Math.min(booking.endTime.getTime(), to);
    const places = Math.max(1, booking.places ?? 1);
    if (s < e) edges.push([s, places], [e, -places]);
  }
  // Ends before starts at the same instant: back-to-back bookings do not add up.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, change] of edges) {
    current += change;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** True when the staff member has a booking overlapping [start, end). */
export function isStaffBusy(
  bookings: readonly BusyInterval[],
  staffId: string,
  start: Date,
  end: Date,
): boolean {
  return bookings.some(
    (booking) =>
      booking.staffId === staffId &&
      booking.startTime.getTime() < end.getTime() &&
      booking.endTime.getTime() > start.getTime(),
  );
}

export interface SlotRuleInput {
  /** 'YYYY-MM-DD' calendar day in Nairobi. */
  date: string;
  workingDays: readonly string[];
  /** 'HH:mm', 24-hour. */
  openingTime: string;
  closingTime: string;
  /** Minutes; default 60. */
  durationMinutes?: number | null | undefined;
  /** Bookings that may overlap at one moment (at least 1). */
  capacity: number;
  /** Live bookings of the branch (not cancelled, hold not lapsed) around that day. */
  bookings: readonly BusyInterval[];
  /** When the customer chose a staff member, a slot they are busy in has nothing available. */
  staffId?: string | null | undefined;
  /** That staff member's live bookings (any branch or service); default: `bookings`. */
  staffBookings?: readonly BusyInterval[] | undefined;
  now: Date;
}

export interface DaySlot {
  time: string;
  startTime: string;
  /** Instants, for the API's checks. */
  start: Date;
  end: Date;
  available: number;
  total: number;
}

export type { NoSlotsReason };

export interface SlotRuleResult {
  date: string;
  durationMinutes: number;
  capacity: number;
  /** Every slot of the day still ahead of `now`, full ones with available 0. */
  slots: DaySlot[];
  /** 'HH:mm' of the slots with something available. */
  availableSlots: string[];
  /** Set when no slot is available: the business rule that explains why. */
  message?: string;
  reason?: NoSlotsReason;
}

export function formatWorkingDays(days: readonly string[]): string {
  const known = normaliseWorkingDays(days);
  return known.length ? known.join(', ') : 'none';
}

export function closedDayMessage(weekday: string, workingDays: readonly string[]): string {
  return `Closed on ${weekday}. ${BOOKING_MESSAGES.noSlots} Working days: ${formatWorkingDays(workingDays)}.`;
}

/** The duration the slot engine uses: a positive whole number of minutes, default 60. */
export function effectiveDuration(duration: number | null | undefined): number {
  return typeof duration === 'number' && Number.isInteger(duration) && duration > 0 && duration <= 24 * 60
    ? duration
    : DEFAULT_SERVICE_DURATION;
}

/**
 * A day's slots at one branch: from opening time, every `slotStepMinutes`, each ending by closing
 * time; none starting at or before `now`; `available` = capacity − the peak number of live
 * bookings overlapping the slot (0 when the chosen staff member is busy then).
 */
export function daySlots(input: SlotRuleInput): SlotRuleResult {
  const durationMinutes = effectiveDuration(input.durationMinutes);
  const capacity = Math.max(1, Math.floor(input.capacity) || 1);
  const base = { date: input.date, durationMinutes, capacity, slots: [] as DaySlot[], availableSlots: [] };
  const weekday = weekdayOf(input.date);
  const workingDays = normaliseWorkingDays(input.workingDays);

  if (input.date < nairobiDateKey(input.now)) {
    return { ...base, reason: 'past_date', message: `This date has passed. ${BOOKING_MESSAGES.noSlots}` };
  }
  if (!workingDays.length) {
    return {
      ...base,
      reason: 'not_operational',
      message: `This branch is not operational: it has no working days. ${BOOKING_MESSAGES.noSlots}`,
    };
  }
  if (!workingDays.includes(weekday)) {
    return { ...base, reason: 'closed_day', message: closedDayMessage(weekday, workingDays) };
  }
  const opening = minutesOfDay(input.openingTime);
  const closing = minutesOfDay(input.closingTime);
  if (Number.isNaN(opening) || Number.isNaN(closing) || closing - opening < durationMinutes) {
    return {
      ...base,
      reason: 'no_hours',
      message: `Outside business hours: no ${durationMinutes}-minute appointment fits between ${input.openingTime} and ${input.closingTime}. ${BOOKING_MESSAGES.noSlots}`,
    };
  }

  const step = slotStepMinutes(durationMinutes);
  const slots: DaySlot[] = [];
  for (let minute = opening; minute + durationMinutes <= closing; minute += step) {
    const start = nairobiInstant(input.date, minute);
    if (start.getTime() <= input.now.getTime()) continue;
    const end = new Date(start.getTime() + durationMinutes * MINUTE_MS);
    const taken = peakOverlap(input.bookings, start, end);
    const staffBusy = input.staffId
      ? isStaffBusy(input.staffBookings ?? input.bookings, input.staffId, start, end)
      : false;
    slots.push({
      time: hhmm(minute),
      startTime: toNairobiIso(start),
      start,
      end,
      available: staffBusy ? 0 : Math.max(0, capacity - taken),
      total: capacity,
    });
  }
  const availableSlots = slots.filter((slot) => slot.available > 0).map((slot) => slot.time);
  if (!slots.length) {
    return {
      ...base,
      reason: 'day_over',
      message: `Booking hours for this date are over (open ${input.openingTime}–${input.closingTime}). ${BOOKING_MESSAGES.noSlots}`,
    };
  }
  if (!availableSlots.length) {
    return { ...base, slots, reason: 'fully_booked', message: BOOKING_MESSAGES.noSlots };
  }
  return { ...base, slots, availableSlots };
}

/**
 * The slot a requested start time falls on exactly, or why it does not: the API accepts only a
 * start that is one of that day's slots (so nothing is booked outside hours or on a closed day).
 */
export function findSlot(
  result: SlotRuleResult,
  start: Date,
): { slot: DaySlot } | { slot?: undefined; reason: 'no_slots' | 'not_a_slot' } {
  if (!result.slots.length) return { reason: 'no_slots' };
  const slot = result.slots.find((candidate) => candidate.start.getTime() === start.getTime());
  return slot ? { slot } : { reason: 'not_a_slot' };
}

/** End of a booking that starts at `start` and lasts `duration` minutes. */
export function bookingEnd(start: Date, duration: number | null | undefined): Date {
  return new Date(start.getTime() + effectiveDuration(duration) * MINUTE_MS);
}

/** Bounds (instants) of a Nairobi calendar day, for loading the bookings around it. */
export function nairobiDayBounds(date: string): { start: Date; end: Date } {
  return { start: nairobiInstant(date, 0), end: nairobiInstant(addDays(date, 1), 0) };
}
