import { describe, expect, it, vi } from 'vitest';
import { type BookingEventPayload, type DbTransaction, EventBus } from './event-bus.js';

const payload: BookingEventPayload = {
  bookingId: 'b1',
  userId: 'u1',
  storeId: 's1',
  bookingType: 'offer',
  status: 'confirmed',
  actor: 'system',
  at: new Date('2026-11-22T09:00:00Z'),
};

describe('EventBus', () => {
  it('delivers a published event to every subscriber of that name only', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const confirmed: string[] = [];
    const cancelled: string[] = [];
    bus.on('booking.confirmed', (event) => {
      confirmed.push(event.bookingId);
    });
    bus.on('booking.cancelled', (event) => {
      cancelled.push(event.bookingId);
    });
    bus.publish('booking.confirmed', payload);
    await bus.drain();
    expect(confirmed).toEqual(['b1']);
    expect(cancelled).toEqual([]);
  });

  it('logs a failing subscriber without stopping the others or the publisher', async () => {
    const error = vi.fn();
    const bus = new EventBus({ error });
    const seen: string[] = [];
    bus.on('booking.created', async () => {
      throw new Error('boom');
    });
    bus.on('booking.created', (event) => {
      seen.push(event.status);
    });
    expect(() => bus.publish('booking.created', payload)).not.toThrow();
    await bus.drain();
    expect(seen).toEqual(['confirmed']);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toMatchObject({ event: 'booking.created' });
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = new EventBus({ error: vi.fn() });
    let calls = 0;
    const off = bus.on('booking.completed', () => {
      calls += 1;
    });
    bus.publish('booking.completed', payload);
    off();
    bus.publish('booking.completed', payload);
    await bus.drain();
    expect(calls).toBe(1);
  });

  it('runs in-transaction subscribers in order with the transaction, and a throwing one fails the publish', async () => {
    const bus = new EventBus({ error: vi.fn() });
    const seen: string[] = [];
    const facts = {
      bookingId: 'b1',
      userId: 'u1',
      bookingType: 'offer' as const,
      quoteId: null,
      paidFee: 6,
      at: payload.at,
    };
    const tx = {} as DbTransaction;
    bus.onInTransaction('booking.completing', async (given, event) => {
      seen.push(`first:${given === tx}:${event.paidFee}`);
    });
    const off = bus.onInTransaction('booking.completing', async () => {
      seen.push('second');
      throw new Error('roll back');
    });
    await expect(bus.publishInTransaction(tx, 'booking.completing', facts)).rejects.toThrow('roll back');
    off();
    await bus.publishInTransaction(tx, 'booking.completing', facts);
    expect(seen).toEqual(['first:true:6', 'second', 'first:true:6']);
  });
});
