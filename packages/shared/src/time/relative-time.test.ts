import { describe, expect, it } from 'vitest';
import { chatListTime, nairobiDate, nairobiTimeOfDay, relativeTime } from './relative-time.js';

// 12:00 in Nairobi (UTC+3).
const now = new Date('2026-11-12T09:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime', () => {
  it('says Just now at exactly now and under a minute', () => {
    expect(relativeTime(now, now)).toBe('Just now');
    expect(relativeTime(ago(MINUTE - 1), now)).toBe('Just now');
  });

  it('says Just now for a time slightly in the future (clock skew)', () => {
    expect(relativeTime(ago(-5 * MINUTE), now)).toBe('Just now');
  });

  it('says {n}m ago from exactly one minute, rounding down', () => {
    expect(relativeTime(ago(MINUTE), now)).toBe('1m ago');
    expect(relativeTime(ago(HOUR - 1), now)).toBe('59m ago');
  });

  it('says {n}h ago from exactly one hour to under a day', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1h ago');
    expect(relativeTime(ago(DAY - 1), now)).toBe('23h ago');
  });

  it('says {n}d ago from exactly one day to under 7 days', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1d ago');
    expect(relativeTime(ago(7 * DAY - 1), now)).toBe('6d ago');
  });

  it('shows the date from exactly 7 days', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('5 Nov 2026');
  });

  it('shows the Nairobi date, not the UTC date (22:30 UTC is 01:30 next day in Nairobi)', () => {
    expect(relativeTime('2026-10-01T22:30:00.000Z', now)).toBe('2 Oct 2026');
  });

  it('reads ISO strings and epoch numbers', () => {
    expect(relativeTime('2026-11-12T08:30:00.000Z', now)).toBe('30m ago');
    expect(relativeTime(now.getTime() - 2 * HOUR, now)).toBe('2h ago');
  });

  it('says Unknown time when missing or unreadable', () => {
    expect(relativeTime(null, now)).toBe('Unknown time');
    expect(relativeTime(undefined, now)).toBe('Unknown time');
    expect(relativeTime('', now)).toBe('Unknown time');
    expect(relativeTime('yesterday', now)).toBe('Unknown time');
  });
});

describe('chatListTime', () => {
  it('says now at exactly now and under a minute', () => {
    expect(chatListTime(now, now)).toBe('now');
    expect(chatListTime(ago(59_999), now)).toBe('now');
  });

  it('says N min ago from one minute to under an hour', () => {
    expect(chatListTime(ago(MINUTE), now)).toBe('1 min ago');
    expect(chatListTime(ago(HOUR - 1), now)).toBe('59 min ago');
  });

  it('shows the Nairobi time of day from one hour to under 24 hours', () => {
    expect(chatListTime(ago(HOUR), now)).toBe('11:00');
    // 09:30 UTC the previous day is 12:30 in Nairobi.
    expect(chatListTime('2026-11-11T09:30:00.000Z', now)).toBe('12:30');
  });

  it('shows the Nairobi date from exactly 24 hours', () => {
    expect(chatListTime(ago(DAY), now)).toBe('11 Nov 2026');
  });

  it('shows nothing for a conversation without a time', () => {
    expect(chatListTime(null, now)).toBe('');
    expect(chatListTime('not a date', now)).toBe('');
  });
});

describe('nairobiDate and nairobiTimeOfDay', () => {
  it('use Nairobi time whatever the machine zone', () => {
    const lateUtc = new Date('2026-12-31T21:15:00.000Z');
    expect(nairobiDate(lateUtc)).toBe('1 Jan 2027');
    expect(nairobiTimeOfDay(lateUtc)).toBe('00:15');
  });
});
