import type { Db } from '../../db/client.js';

/** How long a "this slot is now full" verdict answers the creates queued behind it (ms). */
export const FULL_VERDICT_MS = 1_000;

/** What a create learned of its slot: whether it left it full (or found it full). */
export type TSlotVerdict = 'full' | 'open';

interface Line {
  /** Settles when the last create queued on the slot has had its turn. */
  tail: Promise<void>;
  /** Until when (ms) the creates still waiting are answered "full" without their own check. */
  fullUntil: number;
  waiting: number;
}

/**
 * Same-slot creates, one at a time within a process (issue 16, docs/decisions.md "Bookings in a
 * rush"): in a rush most creates are for a slot another customer is taking that very moment. Each
 * would read the catalogue, open a transaction and wait for the slot's lock, only to find it full.
 * Queued here instead, a create whose turn comes after one that left the slot full answers at once
 * with that verdict (for FULL_VERDICT_MS), touching neither the pool nor the lock. The database's
 * slot lock and capacity count still decide every booking: this queue only spares the losers, and a
 * line is forgotten as soon as nobody waits in it, so a later create always checks for itself.
 */
export class SlotQueue {
  private readonly lines = new Map<string, Line>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Runs `work` when the creates queued before it on `key` are done; `onFull` instead when one of
   * them left the slot full less than FULL_VERDICT_MS ago. `work` reports its verdict through
   * `verdict` (what it saw under the lock, once committed), which is also the next create's turn;
   * a create that ends without a verdict hands the turn on as it ends. Its own errors stay its own.
   */
  async run<T>(key: string, work: (verdict: (seen: TSlotVerdict) => void) => Promise<T>, onFull: () => T) {
    let line = this.lines.get(key);
    if (!line) {
      line = { tail: Promise.resolve(), fullUntil: 0, waiting: 0 };
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
      if (this.now() < current.fullUntil) return onFull();
      return await work((seen) => {
        current.fullUntil = seen === 'full' ? this.now() + FULL_VERDICT_MS : 0;
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

const queues = new WeakMap<Db, SlotQueue>();

/** The process's queue for one database handle. */
export function slotQueueFor(db: Db): SlotQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new SlotQueue();
    queues.set(db, queue);
  }
  return queue;
}
