import { describe, expect, it } from 'vitest';
import { accessFeeForOffer, accessFeeForService, mpesaAmount } from '../catalogue/pricing-rules.js';
import {
  bookingTypeOf,
  canCancelBooking,
  cancelPolicy,
  canRescheduleBooking,
  checkInOpensAt,
  isUpcomingBooking,
  merchantTimeRule,
  merchantTransition,
  minCancellationHours,
  nextMerchantStatuses,
  reschedulePolicy,
} from './booking-policies.js';
import {
  BOOKING_STATUSES,
  ZCreateBookingRequest,
  ZDate,
  ZRescheduleBookingRequest,
} from './booking-schemas.js';

const NOW = new Date('2026-11-20T07:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const inFuture = (ms: number) => new Date(NOW.getTime() + ms);

describe('cancelPolicy', () => {
  const offer = (startTime: Date, status = 'confirmed') => ({ status, startTime, bookingType: 'offer' });

  it('allows a confirmed or pending booking with more than 2 h notice', () => {
    expect(cancelPolicy(offer(inFuture(3 * HOUR)), NOW)).toEqual({ allowed: true });
    expect(cancelPolicy(offer(inFuture(3 * HOUR), 'pending'), NOW)).toEqual({ allowed: true });
  });

  it('exactly the minimum notice is enough; one minute less is not', () => {
    expect(canCancelBooking(offer(inFuture(2 * HOUR)), NOW)).toBe(true);
    expect(cancelPolicy(offer(inFuture(2 * HOUR - MINUTE)), NOW)).toEqual({
      allowed: false,
      reason: 'notice',
    });
  });

  it('refuses a booking in the past or starting now', () => {
    expect(cancelPolicy(offer(inFuture(-HOUR)), NOW)).toEqual({ allowed: false, reason: 'past' });
    expect(cancelPolicy(offer(NOW), NOW)).toEqual({ allowed: false, reason: 'past' });
  });

  it.each(['checked_in', 'completed', 'cancelled'])('refuses a %s booking', (status) => {
    expect(cancelPolicy(offer(inFuture(48 * HOUR), status), NOW)).toEqual({
      allowed: false,
      reason: 'status',
    });
  });

  it("a service booking uses its service's min_cancellation_hours", () => {
    const service = {
      status: 'confirmed',
      startTime: inFuture(5 * HOUR),
      bookingType: 'service',
      minCancellationHours: 24,
    };
    expect(cancelPolicy(service, NOW)).toEqual({ allowed: false, reason: 'notice' });
    expect(canCancelBooking({ ...service, startTime: inFuture(24 * HOUR) }, NOW)).toBe(true);
    expect(canCancelBooking({ ...service, minCancellationHours: 0, startTime: inFuture(MINUTE) }, NOW)).toBe(
      true,
    );
  });

  it('an offer booking always uses 2 h, whatever minCancellationHours says', () => {
    expect(minCancellationHours({ bookingType: 'offer', minCancellationHours: 24 })).toBe(2);
    expect(
      canCancelBooking(
        {
          status: 'confirmed',
          startTime: inFuture(3 * HOUR),
          bookingType: 'offer',
          minCancellationHours: 24,
        },
        NOW,
      ),
    ).toBe(true);
  });

  it('a service without a usable min_cancellation_hours falls back to 2 h', () => {
    expect(minCancellationHours({ bookingType: 'service', minCancellationHours: null })).toBe(2);
    expect(minCancellationHours({ bookingType: 'service', minCancellationHours: -1 })).toBe(2);
  });

  it('accepts ISO strings for the start time', () => {
    expect(
      canCancelBooking(
        { status: 'pending', startTime: inFuture(3 * HOUR).toISOString(), bookingType: 'offer' },
        NOW,
      ),
    ).toBe(true);
  });
});

describe('reschedulePolicy', () => {
  const booking = (startTime: Date, status = 'confirmed') => ({
    status,
    startTime,
    bookingType: 'service',
    minCancellationHours: 24,
  });

  it("never moves a group's booking (issue 34: friends paid for that time)", () => {
    expect(reschedulePolicy({ ...booking(inFuture(48 * HOUR)), partySize: 3 }, NOW).allowed).toBe(false);
    expect(reschedulePolicy({ ...booking(inFuture(48 * HOUR)), partySize: 1 }, NOW).allowed).toBe(true);
  });

  it('allows pending or confirmed with at least 1 h left (exactly 1 h counts)', () => {
    expect(reschedulePolicy(booking(inFuture(HOUR)), NOW)).toEqual({ allowed: true });
    expect(canRescheduleBooking(booking(inFuture(2 * HOUR), 'pending'), NOW)).toBe(true);
  });

  it('refuses with less than 1 h left (the cancellation notice does not apply)', () => {
    expect(reschedulePolicy(booking(inFuture(59 * MINUTE)), NOW)).toEqual({
      allowed: false,
      reason: 'notice',
    });
  });

  it('refuses past bookings', () => {
    expect(reschedulePolicy(booking(inFuture(-MINUTE)), NOW)).toEqual({ allowed: false, reason: 'past' });
  });

  it.each(['checked_in', 'completed', 'cancelled'])('refuses a %s booking', (status) => {
    expect(reschedulePolicy(booking(inFuture(48 * HOUR), status), NOW)).toEqual({
      allowed: false,
      reason: 'status',
    });
  });
});

describe('isUpcomingBooking', () => {
  it('future and pending, confirmed or checked in', () => {
    for (const status of ['pending', 'confirmed', 'checked_in']) {
      expect(isUpcomingBooking({ status, startTime: inFuture(HOUR) }, NOW)).toBe(true);
    }
    expect(isUpcomingBooking({ status: 'cancelled', startTime: inFuture(HOUR) }, NOW)).toBe(false);
    expect(isUpcomingBooking({ status: 'confirmed', startTime: inFuture(-HOUR) }, NOW)).toBe(false);
  });
});

describe('merchantTransition', () => {
  it('pending -> confirmed, confirmed -> checked_in -> completed, confirmed -> completed', () => {
    expect(merchantTransition('pending', 'confirmed')).toEqual({ allowed: true });
    expect(merchantTransition('confirmed', 'checked_in')).toEqual({ allowed: true });
    expect(merchantTransition('checked_in', 'completed')).toEqual({ allowed: true });
    expect(merchantTransition('confirmed', 'completed')).toEqual({ allowed: true });
  });

  it('checked_in only from confirmed', () => {
    expect(merchantTransition('pending', 'checked_in')).toEqual({
      allowed: false,
      message: 'A pending booking cannot be marked checked in',
    });
  });

  it('completed needs confirmation first', () => {
    expect(merchantTransition('pending', 'completed').allowed).toBe(false);
  });

  it('nothing leaves cancelled or completed', () => {
    for (const to of BOOKING_STATUSES) {
      if (to !== 'cancelled') expect(merchantTransition('cancelled', to).allowed).toBe(false);
      if (to !== 'completed') expect(merchantTransition('completed', to).allowed).toBe(false);
    }
    expect(merchantTransition('cancelled', 'confirmed')).toEqual({
      allowed: false,
      message: 'A cancelled booking cannot be changed',
    });
    expect(nextMerchantStatuses('completed')).toEqual([]);
  });

  it('the same status again is refused with a clear message', () => {
    expect(merchantTransition('confirmed', 'confirmed')).toEqual({
      allowed: false,
      message: 'Booking is already confirmed',
    });
  });

  it('nothing goes back to pending', () => {
    expect(merchantTransition('confirmed', 'pending').allowed).toBe(false);
  });
});

describe('access fee (decision 8)', () => {
  it('round(15% × original × discount/100, 2); payable is the next whole shilling', () => {
    // 20% of 1,000 = 200; 15% of that = 30.00
    expect(accessFeeForOffer({ originalPrice: '1000.00', discount: '20.00' })).toBe(30);
    expect(mpesaAmount(30)).toBe(30);
    // 25% of 600 = 150; 15% = 22.5 -> 23 shillings
    expect(accessFeeForOffer({ originalPrice: 600, discount: 25 })).toBe(22.5);
    expect(mpesaAmount(22.5)).toBe(23);
    // 33% of 999 = 329.67; 15% = 49.4505 -> 49.45 -> 50
    expect(accessFeeForOffer({ originalPrice: '999', discount: '33' })).toBe(49.45);
    expect(mpesaAmount(49.45)).toBe(50);
  });

  it('5.99 when the price or discount is unknown; 6 shillings pushed', () => {
    expect(accessFeeForOffer({ originalPrice: null, discount: '20' })).toBe(5.99);
    expect(accessFeeForOffer({ originalPrice: '1000', discount: null })).toBe(5.99);
    expect(mpesaAmount(5.99)).toBe(6);
  });

  it('services carry no fee', () => {
    expect(accessFeeForService()).toBe(0);
    expect(mpesaAmount(0)).toBe(0);
  });
});

describe('request schemas', () => {
  it('ZDate accepts real YYYY-MM-DD days only', () => {
    expect(ZDate.safeParse('2026-11-23').success).toBe(true);
    const bad = ZDate.safeParse('2026-02-30');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Date must be in YYYY-MM-DD format');
    expect(ZDate.safeParse('23-11-2026').success).toBe(false);
  });

  it('ZCreateBookingRequest needs offerId or serviceId', () => {
    const result = ZCreateBookingRequest.safeParse({ startTime: '2026-11-23T09:00:00' });
    expect(result.error?.issues[0]?.message).toBe('Either offerId or serviceId is required');
  });

  it('ZCreateBookingRequest refuses a start that is not a date-time', () => {
    const result = ZCreateBookingRequest.safeParse({
      startTime: 'next monday',
      serviceId: '5b1f2c4e-2b7a-4c1e-9d8f-0a1b2c3d4e5f',
    });
    expect(result.error?.issues[0]?.message).toBe('Start time must be a valid date and time');
  });

  it('ZCreateBookingRequest refuses ids that are not UUIDs and accepts a store-{id} branch', () => {
    expect(
      ZCreateBookingRequest.safeParse({ startTime: '2026-11-23T09:00:00', offerId: '42' }).error?.issues[0]
        ?.message,
    ).toBe('Invalid offer ID');
    expect(
      ZCreateBookingRequest.safeParse({
        startTime: '2026-11-23T09:00:00',
        offerId: '5b1f2c4e-2b7a-4c1e-9d8f-0a1b2c3d4e5f',
        branchId: 'store-5b1f2c4e-2b7a-4c1e-9d8f-0a1b2c3d4e5f',
      }).success,
    ).toBe(true);
  });

  it('ZRescheduleBookingRequest needs newStartTime', () => {
    expect(ZRescheduleBookingRequest.safeParse({}).error?.issues[0]?.message).toBe(
      'New start time is required',
    );
  });
});

describe('merchantTimeRule (issue 13)', () => {
  const start = new Date('2030-01-07T07:00:00.000Z'); // 10:00 Nairobi

  it('opens check-in and completion at start minus the window; 15 minutes by default; 0 allowed', () => {
    expect(checkInOpensAt(start, 30).toISOString()).toBe('2030-01-07T06:30:00.000Z');
    expect(checkInOpensAt(start, null).toISOString()).toBe('2030-01-07T06:45:00.000Z');
    expect(checkInOpensAt(start, 0).getTime()).toBe(start.getTime());
    expect(checkInOpensAt(start, -5).getTime()).toBe(start.getTime());
  });

  it('refuses before the window with a message naming the times; other moves have no time rule', () => {
    const early = new Date('2030-01-07T06:29:00.000Z');
    expect(merchantTimeRule('checked_in', start, 30, early)).toEqual({
      allowed: false,
      message: 'This booking starts at 10:00 on 2030-01-07. It can be checked in from 09:30.',
    });
    expect(merchantTimeRule('completed', start, 30, early).allowed).toBe(false);
    expect(merchantTimeRule('completed', start, 30, new Date('2030-01-07T06:30:00.000Z'))).toEqual({
      allowed: true,
    });
    expect(merchantTimeRule('cancelled', start, 30, early)).toEqual({ allowed: true });
    expect(merchantTimeRule('confirmed', start, 30, early)).toEqual({ allowed: true });
  });
});

describe('bookingTypeOf', () => {
  it('books the one entity named, and the bookingType (default the offer) when both are named', () => {
    expect(bookingTypeOf({ offerId: 'o' })).toBe('offer');
    expect(bookingTypeOf({ serviceId: 's' })).toBe('service');
    expect(bookingTypeOf({ offerId: 'o', serviceId: 's' })).toBe('offer');
    expect(bookingTypeOf({ offerId: 'o', serviceId: 's', bookingType: 'service' })).toBe('service');
    expect(bookingTypeOf({ serviceId: 's', bookingType: 'offer' })).toBe('service');
  });
});
