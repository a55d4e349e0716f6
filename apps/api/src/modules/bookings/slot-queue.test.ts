import { describe, expect, it } from 'vitest';
import { KNOWN_FULL_MS } from './known-full.js';
import { SlotQueue } from './slot-queue.js';

/** A gate a test create waits on until the test releases it. */
function deferred() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

describe('SlotQueue: same-slot creates in line', () => {
  it('runs same-slot creates one at a time, in arrival order, and other slots beside them', async () => {
    const queue = new SlotQueue();
    const log: string[] = [];
    const first = deferred();
    const a = queue.run(
      'slot-1',
      async (verdict) => {
        log.push('a start');
        await first.gate;
        log.push('a end');
        verdict('open', 'store-1');
        return 'a';
      },
      () => 'full',
    );
    /** A create on `slot` that only logs `entry` and answers `answer`. */
    const plainCreate = (slot: string, entry: string, answer: string) =>
      queue.run(
        slot,
        async () => {
          log.push(entry);
          return answer;
        },
        () => 'full',
      );
    const b = plainCreate('slot-1', 'b start', 'b');
    const other = plainCreate('slot-2', 'other', 'other');
    expect(await other).toBe('other');
    expect(log).toEqual(['a start', 'other']);
    first.release();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'other', 'a end', 'b start']);
    expect(queue.size).toBe(0);
  });

  it('answers the creates waiting behind one that filled the slot with "full", without running them', async () => {
    const queue = new SlotQueue();
    let ran = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        queue.run(
          'slot',
          async (verdict) => {
            ran += 1;
            verdict('full', 'store-1');
            return `booked ${i}`;
          },
          () => 'SLOT_TAKEN',
        ),
      ),
    );
    expect(ran).toBe(1);
    expect(results).toEqual(['booked 0', ...Array.from({ length: 9 }, () => 'SLOT_TAKEN')]);
    expect(queue.size).toBe(0);
  });

  it('hands the turn on at the verdict: the creates behind one that filled the slot answer while it still reads its booking back', async () => {
    const queue = new SlotQueue();
    const afterCommit = deferred();
    const log: string[] = [];
    const first = queue.run(
      'slot',
      async (verdict) => {
        verdict('full', 'store-1');
        log.push('first committed');
        await afterCommit.gate; // the booking view read and the answer, after the commit
        log.push('first answered');
        return 'booked';
      },
      () => 'SLOT_TAKEN',
    );
    const behind = Array.from({ length: 3 }, () =>
      queue
        .run(
          'slot',
          async () => 'ran',
          () => 'SLOT_TAKEN',
        )
        .then((answer) => {
          log.push(`behind: ${answer}`);
          return answer;
        }),
    );
    expect(await Promise.all(behind)).toEqual(['SLOT_TAKEN', 'SLOT_TAKEN', 'SLOT_TAKEN']);
    expect(log).toEqual([
      'first committed',
      'behind: SLOT_TAKEN',
      'behind: SLOT_TAKEN',
      'behind: SLOT_TAKEN',
    ]);
    afterCommit.release();
    expect(await first).toBe('booked');
    expect(queue.size).toBe(0);
  });

  it('a slot left open, or a create failing for its own reason, lets the next one check for itself', async () => {
    const queue = new SlotQueue();
    const ran: string[] = [];
    const outcomes = await Promise.allSettled([
      queue.run(
        'slot',
        async (verdict) => {
          ran.push('capacity 2, first place');
          verdict('open', 'store-1');
          return 'booked';
        },
        () => 'SLOT_TAKEN',
      ),
      queue.run(
        'slot',
        async () => {
          ran.push('too many held bookings');
          throw new Error('TOO_MANY_HELD_BOOKINGS');
        },
        () => 'SLOT_TAKEN',
      ),
      queue.run(
        'slot',
        async (verdict) => {
          ran.push('capacity 2, last place');
          verdict('full', 'store-1');
          return 'booked';
        },
        () => 'SLOT_TAKEN',
      ),
      queue.run(
        'slot',
        async () => 'never runs',
        () => 'SLOT_TAKEN',
      ),
    ]);
    expect(ran).toEqual(['capacity 2, first place', 'too many held bookings', 'capacity 2, last place']);
    expect(
      outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason))),
    ).toEqual(['booked', 'Error: TOO_MANY_HELD_BOOKINGS', 'booked', 'SLOT_TAKEN']);
  });

  it(`a "full" verdict lasts ${KNOWN_FULL_MS} ms: a create still in line after that checks for itself (a cancel may have freed the slot)`, async () => {
    let clock = 0;
    const queue = new SlotQueue(() => clock);
    const first = deferred();
    let checked = 0;
    const a = queue.run(
      'slot',
      async (verdict) => {
        await first.gate;
        verdict('full', 'store-1');
        clock += KNOWN_FULL_MS; // the next turn comes just as the verdict ends
        return 'booked';
      },
      () => 'SLOT_TAKEN',
    );
    const b = queue.run(
      'slot',
      async () => {
        checked += 1;
        return 'booked after a cancel';
      },
      () => 'SLOT_TAKEN',
    );
    first.release();
    expect(await Promise.all([a, b])).toEqual(['booked', 'booked after a cancel']);
    expect(checked).toBe(1);
  });

  it('keeps a "full" verdict after its line empties: a later create is answered from memory until its store has a place come free', async () => {
    let clock = 0;
    const queue = new SlotQueue(() => clock);
    let checked = 0;
    const create = () =>
      queue.run(
        'slot',
        async (verdict) => {
          checked += 1;
          verdict('full', 'store-1');
          return 'booked';
        },
        () => 'SLOT_TAKEN',
      );
    expect(await create()).toBe('booked');
    expect(queue.size).toBe(0); // the line is gone, the verdict stays
    clock += KNOWN_FULL_MS - 1;
    expect(await create()).toBe('SLOT_TAKEN');
    expect(checked).toBe(1);
    // Another store's cancel changes nothing here; this store's does.
    queue.known.open('store-2');
    expect(await create()).toBe('SLOT_TAKEN');
    queue.known.open('store-1');
    expect(await create()).toBe('booked');
    expect(checked).toBe(2);
    // And the verdict ends by itself.
    clock += KNOWN_FULL_MS;
    expect(await create()).toBe('booked');
    expect(checked).toBe(3);
  });

  it('does not keep a "full" verdict reached from reads made before a place came free', async () => {
    const queue = new SlotQueue(() => 0);
    const read = deferred();
    const started = deferred();
    const first = queue.run(
      'slot',
      async (verdict) => {
        started.release();
        await read.gate; // its reads, while a cancel commits
        verdict('full', 'store-1');
        return 'SLOT_TAKEN (its own check)';
      },
      () => 'SLOT_TAKEN',
    );
    await started.gate;
    queue.known.open('store-1');
    read.release();
    expect(await first).toBe('SLOT_TAKEN (its own check)');
    expect(queue.known.size).toBe(0);
    expect(
      await queue.run(
        'slot',
        async () => 'checked',
        () => 'SLOT_TAKEN',
      ),
    ).toBe('checked');
  });
});
