import type { EventBus, ServiceRequestOfferEventPayload } from '../../events/event-bus.js';
import type * as repository from './service-requests-repository.js';

// Service-request events (issue 12): what a committed change publishes on the bus.

type OfferEventName =
  | 'service_request.offer_created'
  | 'service_request.offer_accepted'
  | 'service_request.offer_rejected'
  | 'service_request.offer_withdrawn';

/** A service-request event to publish on `app.events` once the transaction has committed. */
export interface PendingRequestEvent {
  name: OfferEventName;
  payload: ServiceRequestOfferEventPayload;
}

export function eventOf(
  name: OfferEventName,
  quote: repository.QuoteRow,
  request: repository.RequestRow,
  at: Date,
): PendingRequestEvent {
  return {
    name,
    payload: {
      requestId: request.id,
      offerId: quote.id,
      ownerUserId: request.userId,
      storeId: quote.storeId,
      merchantUserId: quote.merchantId,
      quotedPrice: Number(quote.quotedPrice),
      requestTitle: request.title,
      at,
    },
  };
}

export function publish(bus: EventBus, events: readonly PendingRequestEvent[]) {
  for (const event of events) bus.publish(event.name, event.payload);
}
