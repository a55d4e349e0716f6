import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../test/build-app.js';
import { DatabaseBusyError, QueryQueue } from './query-queue.js';

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

describe('QueryQueue', () => {
  it('runs one call at a time in order, refuses one more than maxWaiting at once', async () => {
    const queue = new QueryQueue({ maxWaiting: 1, maxWaitMs: 1000 });
    const first = held('a');
    const second = held('b');
    const one = queue.run(first.task);
    const two = queue.run(second.task);
    expect(first.started).toEqual(['started']);
    expect(second.started).toEqual([]);
    expect(queue.depth).toBe(1);
    await expect(queue.run(async () => 'c')).rejects.toBeInstanceOf(DatabaseBusyError);

    first.release();
    expect(await one).toBe('a');
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

describe('PGlite behind a full queue (issue 16)', () => {
  const ctx = useTestApp({ pgliteQueue: { maxWaiting: 1, maxWaitMs: 60_000 } });

  it('answers 503 DATABASE_BUSY with Retry-After at once, then serves again when the queue drains', async () => {
    const db = ctx.app.db;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = db.transaction(async () => gate);
    const waiting = db.execute(sql`select 1 as one`);

    const busy = await call(ctx.app, 'GET', '/api/v1/offers');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('60');
    release();
    expect(busy.json()).toEqual({
      success: false,
      code: 'DATABASE_BUSY',
      message: 'The service is busy. Please try again in a moment.',
    });

    await holding;
    expect((await waiting).rows).toEqual([{ one: 1 }]);
    // One statement (the list route runs three at once, more than this queue of 1 lets wait).
    const served = await call(ctx.app, 'GET', '/api/v1/offers/categories');
    expect(served.statusCode).toBe(200);
  });
});
