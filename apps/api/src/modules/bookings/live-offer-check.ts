import type DataLoader from 'dataloader';
import type { Db } from '../../db/client.js';
import { freshBatchLoader } from '../../db/fresh-batch.js';
import { liveOffersOf } from './waitlist-repository.js';

interface Ask {
  userId: string;
  start: Date;
  now: Date;
}

/**
 * Whether a customer holds a live waitlist offer for a start time (issue 36): asked by every create
 * before it queues for its slot. In a rush (issue 38: 200 creates at once) each asked on its own, one
 * statement per create; now they share statements as the session check's do (db/fresh-batch.ts).
 * Nothing is cached: each answer is a read made after the create asked.
 */
function createLiveOfferCheck(db: Db): DataLoader<Ask, boolean> {
  return freshBatchLoader<Ask, boolean>(async (asks) => {
    const earliest = new Date(Math.min(...asks.map((ask) => ask.now.getTime())));
    const offers = await liveOffersOf(db, [...new Set(asks.map((ask) => ask.userId))], earliest);
    return asks.map((ask) =>
      offers.some(
        (offer) =>
          offer.userId === ask.userId &&
          offer.startTime.getTime() === ask.start.getTime() &&
          offer.offerExpiresAt > ask.now,
      ),
    );
  });
}

const checks = new WeakMap<Db, DataLoader<Ask, boolean>>();

/** True when `userId` holds a live waitlist offer for `start` at `now`. */
export function holdsLiveOffer(db: Db, userId: string, start: Date, now: Date): Promise<boolean> {
  let check = checks.get(db);
  if (!check) {
    check = createLiveOfferCheck(db);
    checks.set(db, check);
  }
  return check.load({ userId, start, now });
}
