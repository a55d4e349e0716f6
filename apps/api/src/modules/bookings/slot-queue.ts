import type { EventBus } from '../../events/event-bus.js';
import { KnownFullSlots } from './known-full.js';

/** What a create learned of its slot: whether it left it full (or found it full). */
export type TSlotVerdict = 'full' | 'open';

/**
 * How a create reports its verdict: what it saw, the store the slot belongs to, and (for 'full')
 * whether anyone may hold a live waitlist offer for the slot (KnownFullSlots.isFullForAll).
 */
export type TReportVerdict = (seen: TSlotVerdict, storeId: string, claimable?: boolean) => void;

interface Line {
  /** Settles when the last create queued on the slot has had its turn. */
  tail: Promise<void>;
  waiting: number;
}

/**
 * Same-slot creates, one at a time within a process (issue 16, docs/decisions.md "Bookings in a
 * rush"): in a rush most creates are for a slot another customer is taking that very moment. Each
 * would read the catalogue, open a transaction and wait for the slot's lock, only to find it full.
 * Queued here instead, a create whose turn comes after one that left the slot full answers at once
 * with that verdict, touching neither the pool nor the lock; so does a create that arrives while the
 * verdict is still known (KnownFullSlots: at most KNOWN_FULL_MS, and forgotten at once when a place
 * of the store may have come free, in any process; issue 38). The database's slot lock and capacity
 * count still decide every booking: this queue only spares the losers.
 */
export class SlotQueue {
  private readonly lines = new Map<string, Line>();
  readonly known: KnownFullSlots;

  constructor(now: () => number = Date.now) {
    this.known = new KnownFullSlots(now);
  }

  /**
   * Runs `work` when the creates queued before it on `key` are done; `onFull` instead when the slot
   * is known to be full (one of them, or a create shortly before, found or left it full). `work`
   * reports its verdict through `verdict` (what it saw under the lock, once committed), which is
   * also the next create's turn; a create that ends without a verdict hands the turn on as it ends.
   * Its own errors stay its own.
   */
  async run<T>(key: string, work: (verdict: TReportVerdict) => Promise<T>, onFull: () => T) {
    if (this.known.isFull(key)) return onFull();
    let line = this.lines.get(key);
    if (!line) {
      line = { tail: Promise.resolve(), waiting: 0 };
      this.lines.set(key, line);
    }
    const current = line;
    current.waiting += 1;
    const before = current.tail;
    let done: () => void = () => {};
    current.tail = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await before;
      if (this.known.isFull(key)) return onFull();
      const generation = this.known.generation;
      return await work((seen, storeId, claimable) => {
        if (seen === 'full') this.known.full(key, storeId, generation, claimable);
        else this.known.notFull(key);
        // The verdict comes once the slot's fate is stored (committed, or found full): the next in
        // line goes now, not after this create's own answer is read back and sent.
        done();
      });
    } finally {
      current.waiting -= 1;
      if (current.waiting === 0) this.lines.delete(key);
      done();
    }
  }

  /** Slots with creates in flight (for tests: a finished line leaves nothing behind). */
  get size(): number {
    return this.lines.size;
  }
}

/** The queues, one per app: keyed by its event bus, as two apps may share one database handle. */
const queues = new WeakMap<EventBus, SlotQueue>();

/** The app's queue (its known-full slots are the process's, kept true by known-full-setup.ts). */
export function slotQueueFor(bus: EventBus): SlotQueue {
  let queue = queues.get(bus);
  if (!queue) {
    queue = new SlotQueue();
    queues.set(bus, queue);
  }
  return queue;
}
