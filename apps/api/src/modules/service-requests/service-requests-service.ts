import type { EventBus } from '../../events/event-bus.js';
import { eventOf, type PendingRequestEvent, publish } from './request-events.js';
import * as repository from './service-requests-repository.js';

// What the service-requests module offers the other modules (engagement's erasure and review
// eligibility, notifications). Its own jobs live beside it: requests.ts, quotes.ts, quote-booking.ts,
// request-views.ts, request-events.ts.

/** Publishes what a committed transaction of another module (account erasure) produced here. */
export function publishRequestEvents(bus: EventBus, events: readonly PendingRequestEvent[]) {
  publish(bus, events);
}

/**
 * Right to erasure, inside the engagement module's delete-account transaction: the customer's open
 * and in-progress requests are cancelled (their pending quotes rejected, so no merchant keeps
 * quoting for someone who left) and the text of every request they posted is blanked. Quotes stay
 * (the merchants' history). Publish the returned events after commit.
 */
export async function eraseCustomerRequests(
  tx: repository.Executor,
  userId: string,
  now = new Date(),
): Promise<PendingRequestEvent[]> {
  const events: PendingRequestEvent[] = [];
  for (const request of await repository.lockOpenRequestsOf(tx, userId)) {
    const updated = await repository.updateRequest(tx, request.id, {
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
    });
    const rejected = await repository.rejectOtherPending(
      tx,
      request.id,
      null,
      'Customer account deleted',
      now,
    );
    events.push(...rejected.map((quote) => eventOf('service_request.offer_rejected', quote, updated, now)));
  }
  await repository.blankRequestsOf(tx, userId);
  return events;
}

export { quoteForNotification } from './quotes.js';
