/**
 * PGlite answers one statement at a time (issue 16). Unbounded, 50 concurrent searches queued
 * for 7 s and clients timed out; this queue runs the database calls one after another as PGlite
 * would, but refuses a call at once when `maxWaiting` are already waiting, and drops a call that
 * waited longer than `maxWaitMs` before its turn, so callers get a quick 503 + Retry-After
 * instead of a timeout (plugins/error-handler.ts maps DatabaseBusyError).
 */
export class DatabaseBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The database is busy');
    this.name = 'DatabaseBusyError';
  }
}

export interface QueryQueueOptions {
  /** Calls allowed to wait behind the running one; one more is refused at once. */
  maxWaiting: number;
  /** A call that waited longer than this before its turn is refused instead of run. */
  maxWaitMs: number;
  /** The clock (tests pass a fake one). */
  now?: () => number;
}

interface Waiting {
  run: () => void;
  fail: (error: Error) => void;
  queuedAt: number;
}

export class QueryQueue {
  private running = false;
  private readonly waiting: Waiting[] = [];
  private readonly now: () => number;

  constructor(private readonly options: QueryQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Calls waiting behind the running one. */
  get depth(): number {
    return this.waiting.length;
  }

  private busy(): DatabaseBusyError {
    return new DatabaseBusyError(Math.max(1, Math.ceil(this.options.maxWaitMs / 1000)));
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (!this.running) return this.start(task);
    if (this.waiting.length >= this.options.maxWaiting) return Promise.reject(this.busy());
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        queuedAt: this.now(),
        run: () => this.start(task).then(resolve, reject),
        fail: reject,
      });
    });
  }

  private start<T>(task: () => Promise<T>): Promise<T> {
    this.running = true;
    let result: Promise<T>;
    try {
      result = task();
    } catch (error) {
      result = Promise.reject(error);
    }
    return result.finally(() => this.next());
  }

  private next(): void {
    this.running = false;
    for (let entry = this.waiting.shift(); entry; entry = this.waiting.shift()) {
      if (this.now() - entry.queuedAt > this.options.maxWaitMs) {
        entry.fail(this.busy());
        continue;
      }
      entry.run();
      return;
    }
  }
}

/** The methods of a PGlite client that reach the database, each run through `queue`. */
const QUEUED = new Set(['query', 'exec', 'transaction', 'sql']);

export function queued<T extends object>(client: T, queue: QueryQueue): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && QUEUED.has(property)) {
        return (...args: unknown[]) => queue.run(() => value.apply(target, args));
      }
      return value.bind(target);
    },
  });
}
