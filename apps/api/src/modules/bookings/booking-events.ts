import type { TBookingStatus, TBookingType } from '@d3/shared/bookings/booking-schemas';
import type { bookings } from '../../db/schema/bookings.js';
import type { BookingEventPayload, DomainEvents, EventBus } from '../../events/event-bus.js';

export type BookingEventName = Extract<keyof DomainEvents, `booking.${string}`>;

/** An event to publish on `app.events` once the transaction that made the change has committed. */
export interface PendingBookingEvent {
  name: BookingEventName;
  payload: BookingEventPayload;
}

/** Publishes what a committed transaction produced. */
export function publishBookingEvents(bus: EventBus, events: readonly PendingBookingEvent[]): void {
  for (const event of events) bus.publish(event.name, event.payload);
}

export function bookingEventPayload(
  booking: typeof bookings.$inferSelect,
  status: TBookingStatus,
  actor: BookingEventPayload['actor'],
  at: Date,
  detail?: string | null,
): BookingEventPayload {
  return {
    bookingId: booking.id,
    userId: booking.userId,
    storeId: booking.storeId,
    bookingType: booking.bookingType as TBookingType,
    status,
    actor,
    at,
    ...(detail ? { detail } : {}),
  };
}
