import type { TWaitlistEntry } from '@d3/shared/bookings/waitlist-schemas';
import { describe, expect, it } from 'vitest';
import {
  countdownLabel,
  nairobiDateAndTime,
  offerBookingPath,
  secondsLeft,
  waitForSlot,
} from './waitlist-rules';

const wait = (overrides: Partial<TWaitlistEntry> = {}): TWaitlistEntry => ({
  id: 'w1',
  status: 'waiting',
  bookingType: 'service',
  offerId: null,
  serviceId: 's1',
  storeId: 'st1',
  storeName: 'Serenity Spa',
  title: 'Massage',
  branchId: 'b1',
  startTime: '2030-01-07T08:00:00.000Z',
  position: 2,
  offerExpiresAt: null,
  createdAt: '2030-01-01T08:00:00.000Z',
  ...overrides,
});

describe('waitlist rules', () => {
  it('waitForSlot — the open wait of the same service, branch and instant (any branch when none is chosen)', () => {
    const slot = { entityId: 's1', startTime: '2030-01-07T11:00:00+03:00', branchId: 'b1' };
    expect(waitForSlot([wait()], slot)?.id).toBe('w1');
    expect(waitForSlot([wait()], { ...slot, branchId: null })?.id).toBe('w1');
    expect(waitForSlot([wait()], { ...slot, branchId: 'b2' })).toBeUndefined();
    expect(waitForSlot([wait()], { ...slot, startTime: '2030-01-07T12:00:00+03:00' })).toBeUndefined();
    expect(waitForSlot([wait()], { ...slot, entityId: 's2' })).toBeUndefined();
    expect(waitForSlot([wait({ status: 'cancelled' })], slot)).toBeUndefined();
    expect(waitForSlot([wait({ status: 'offered' })], slot)?.status).toBe('offered');
  });

  it('secondsLeft and countdownLabel — the hold counted down to 0:00, never below', () => {
    const now = Date.parse('2030-01-07T07:50:00.000Z');
    expect(secondsLeft('2030-01-07T08:05:00.000Z', now)).toBe(900);
    expect(countdownLabel(900)).toBe('15:00');
    expect(secondsLeft('2030-01-07T07:50:09.200Z', now)).toBe(10);
    expect(countdownLabel(9)).toBe('0:09');
    expect(secondsLeft('2030-01-07T07:49:00.000Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
    expect(countdownLabel(-5)).toBe('0:00');
  });

  it('nairobiDateAndTime — the slot as the wizard chooses it, in Nairobi time', () => {
    expect(nairobiDateAndTime('2030-01-07T08:00:00.000Z')).toEqual({ date: '2030-01-07', time: '11:00' });
    expect(nairobiDateAndTime('2030-01-07T22:30:00.000Z')).toEqual({ date: '2030-01-08', time: '01:30' });
    expect(nairobiDateAndTime('2030-01-08T01:30:00+03:00')).toEqual({ date: '2030-01-08', time: '01:30' });
  });

  it('offerBookingPath — the wizard of the offer or service with the wait named', () => {
    expect(offerBookingPath(wait())).toBe('/booking/service/s1?waitlist=w1');
    expect(offerBookingPath(wait({ bookingType: 'offer', offerId: 'o1', serviceId: 's1' }))).toBe(
      '/booking/offer/o1?waitlist=w1',
    );
  });
});
