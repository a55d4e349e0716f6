import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimJobs, JobPoller } from '../../jobs/job-queue.js';
import {
  expireOffer,
  type OfferMade,
  offerAfterCancellation,
  publishOffers,
  sweepWaitlists,
  WAITLIST_EXPIRY_JOB,
} from './waitlist.js';
import { bookingSlotOf } from './waitlist-repository.js';

/** How often every process runs the waitlist's pass (expired holds, places freed by other means). */
const WAITLIST_INTERVAL_MS = 15_000;

export interface WaitlistWorker {
  /** One pass at `now`: due offer expiries (job queue), then every slot with a line. */
  runOnce(now?: Date): Promise<OfferMade[]>;
  start(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    waitlist: WaitlistWorker;
  }
}

/**
 * The waitlist's moving parts (issue 36): a cancelled booking offers its place to the slot's line
 * at once (after commit); each offer's 15-minute hold is a job of the job queue that closes it and
 * passes the place on; and every process sweeps the slots with a line (a raised capacity, a lapsed
 * unpaid hold, an event another process missed). Every offer is made under the slot's locks
 * (waitlist.ts offerFreedPlaces), so processes racing each other never offer a place twice.
 */
export default fp(
  async function waitlistSetup(app: FastifyInstance) {
    const { db, events: bus, log } = app;
    bus.on('booking.cancelled', async (payload) => {
      const slot = await bookingSlotOf(db, payload.bookingId);
      if (!slot) return;
      publishOffers(bus, await offerAfterCancellation(db, slot, payload.at), payload.at);
    });

    async function runOnce(now = new Date()): Promise<OfferMade[]> {
      const made: OfferMade[] = [];
      for (;;) {
        const due = await claimJobs(db, { kinds: [WAITLIST_EXPIRY_JOB], now, limit: 50 });
        for (const job of due) made.push(...(await expireOffer(db, String(job.payload.waitId), now)));
        if (due.length < 50) break;
      }
      made.push(...(await sweepWaitlists(db, now)));
      publishOffers(bus, made, now);
      return made;
    }
    const poller = new JobPoller('waitlist', WAITLIST_INTERVAL_MS, () => runOnce(), log);
    app.decorate('waitlist', { runOnce, start: () => poller.start() });
    app.addHook('onClose', async () => {
      await poller.stop();
    });
  },
  { name: 'waitlist-setup' },
);
