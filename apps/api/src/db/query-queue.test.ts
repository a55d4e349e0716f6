import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../test/build-app.js';
import { asOneCaller, DatabaseBusyError, newCaller, QueryQueue } from './query-queue.js';

/** A task that runs until release() is called. */
function held<T>(value: T) {
  let release = () => {};
  const started: string[] = [];
  const task = () => {
    started.push('started');
    return new Promise<T>((resolve) => {
      release = () => resolve(value);
    });
  };
  return { task, started, release: () => release() };
}

/** One turn of the event loop: the queue starts each call on a turn of its own. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('QueryQueue', () => {
  it('runs one call at a time in order, refuses one more than maxWaiting at once', async () => {
    const queue = new QueryQueue({ maxWaiting: 1, maxWaitMs: 1000 });
    const first = held('a');
    const second = held('b');
    const one = queue.run(first.task);
    await turn();
    expect(first.started).toEqual(['started']);
    const two = queue.run(second.task);
    expect(second.started).toEqual([]);
    expect(queue.depth).toBe(1);
    await expect(queue.run(async () => 'c')).rejects.toBeInstanceOf(DatabaseBusyError);

    first.release();
    expect(await one).toBe('a');
    await turn();
    expect(second.started).toEqual(['started']);
    second.release();
    expect(await two).toBe('b');
    expect(await queue.run(async () => 'd')).toBe('d');
  });

  it('refuses a call that waited longer than maxWaitMs, with Retry-After in whole seconds', async () => {
    let now = 0;
    const queue = new QueryQueue({ maxWaiting: 5, maxWaitMs: 2500, now: () => now });
    const first = held('a');
    const running = queue.run(first.task);
    await turn();
    const stale = queue.run(async () => 'stale');
    now = 1000;
    const fresh = queue.run(async () => 'fresh');
    now = 3000; // stale waited 3,000 ms, fresh 2,000 ms
    first.release();
    await running;
    const error = await stale.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect((error as DatabaseBusyError).retryAfterSeconds).toBe(3);
    expect(await fresh).toBe('fresh');
  });

  it('starts every call on a turn of the event loop: requests that arrive meanwhile are read first', async () => {
    const queue = new QueryQueue({ maxWaiting: 5, maxWaitMs: 1000 });
    const order: string[] = [];
    const first = queue.run(async () => {
      order.push('first');
      setImmediate(() => order.push('a request read meanwhile'));
    });
    const second = queue.run(async () => {
      order.push('second');
    });
    order.push('the caller goes on');
    await Promise.all([first, second]);
    expect(order).toEqual(['the caller goes on', 'first', 'a request read meanwhile', 'second']);
  });

  it('moves on after a call that throws', async () => {
    const queue = new QueryQueue({ maxWaiting: 2, maxWaitMs: 1000 });
    const failing = queue.run(async () => {
      throw new Error('boom');
    });
    const after = queue.run(async () => 'after');
    await expect(failing).rejects.toThrow('boom');
    expect(await after).toBe('after');
  });
});

describe('QueryQueue serves callers (requests) in the order they started', () => {
  it("a started request's next call goes before the first call of a request that came later", async () => {
    const queue = new QueryQueue({ maxWaiting: 10, maxWaitMs: 1000 });
    const order: string[] = [];
    const first = newCaller();
    const second = newCaller();
    // Request A's first statement runs; B asks for its first, then A for its second: A's goes first.
    const a1 = held('A1');
    const runningA1 = asOneCaller(first, () => queue.run(a1.task));
    await turn();
    expect(a1.started).toEqual(['started']);
    const b1 = asOneCaller(second, () =>
      queue.run(async () => {
        order.push('B1');
      }),
    );
    const a2 = asOneCaller(first, () =>
      queue.run(async () => {
        order.push('A2');
      }),
    );
    const plain = queue.run(async () => {
      order.push('no caller');
    });
    a1.release();
    await Promise.all([runningA1, a2, b1, plain]);
    expect(order).toEqual(['A2', 'B1', 'no caller']);
  });

  it('only a first call is refused: a started request is finished even past maxWaiting and maxWaitMs', async () => {
    let now = 0;
    const queue = new QueryQueue({ maxWaiting: 1, maxWaitMs: 100, now: () => now });
    const caller = newCaller();
    const blocker = held('blocker');
    const running = asOneCaller(caller, () => queue.run(blocker.task));
    await turn();
    const other = queue.run(async () => 'other'); // fills the one waiting place
    await expect(queue.run(async () => 'refused')).rejects.toBeInstanceOf(DatabaseBusyError);
    const next = asOneCaller(caller, () => queue.run(async () => 'second statement'));
    now = 500; // both waited past maxWaitMs
    blocker.release();
    await running;
    expect(await next).toBe('second statement');
    await expect(other).rejects.toBeInstanceOf(DatabaseBusyError);
  });

  it('a request whose first call was refused has its other calls refused at once', async () => {
    const queue = new QueryQueue({ maxWaiting: 1, maxWaitMs: 1000 });
    const blocker = held('blocker');
    const running = queue.run(blocker.task);
    await turn();
    const other = queue.run(async () => 'other');
    const caller = newCaller();
    await expect(asOneCaller(caller, () => queue.run(async () => 'first'))).rejects.toBeInstanceOf(
      DatabaseBusyError,
    );
    await expect(asOneCaller(caller, () => queue.run(async () => 'second'))).rejects.toBeInstanceOf(
      DatabaseBusyError,
    );
    blocker.release();
    await running;
    expect(await other).toBe('other');
  });
});

describe('PGlite behind a full queue (issue 16)', () => {
  const ctx = useTestApp({ pgliteQueue: { maxWaiting: 1, maxWaitMs: 60_000 } });

  it('answers 503 DATABASE_BUSY with Retry-After at once, then serves again when the queue drains', async () => {
    const db = ctx.app.db;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = db.transaction(async () => gate);
    await turn(); // the transaction has started and holds PGlite
    // `.then` now: a drizzle query is sent when awaited, and this one must hold the queue's one place.
    const waiting = db.execute(sql`select 1 as one`).then((result) => result);

    const busy = await call(ctx.app, 'GET', '/api/v1/offers');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('60');
    release();
    expect(busy.json()).toEqual({
      success: false,
      code: 'DATABASE_BUSY',
      message: 'The service is busy. Please try again in a moment.',
      reference: busy.headers['x-request-id'],
    });

    await holding;
    expect((await waiting).rows).toEqual([{ one: 1 }]);
    // A route of one statement (the queue's one place is enough for any request now).
    const served = await call(ctx.app, 'GET', '/api/v1/offers/categories');
    expect(served.statusCode).toBe(200);
  });
});
