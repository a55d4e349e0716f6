import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * PGlite answers one statement at a time (issue 16). Unbounded, 50 concurrent searches queued
 * for 7 s and clients timed out; this queue runs the database calls one after another as PGlite
 * would, but refuses a call at once when `maxWaiting` are already waiting, and drops a call that
 * waited longer than `maxWaitMs` before its turn, so callers get a quick 503 + Retry-After
 * instead of a timeout (plugins/error-handler.ts maps DatabaseBusyError).
 *
 * Calls are served by caller, not by statement: an HTTP request (asOneCaller, set by app.ts) keeps
 * the place its first call took, so a search's second and third statements go before requests
 * that have not started. Served statement by statement, 50 requests of 3-5 statements all
 * advanced together and all finished late (PGlite search p99 8 s, client timeouts); served by
 * request, each waits for the ones that came before it. Only a caller's first call can be refused:
 * a request half done is finished, not thrown away.
 */
interface Caller {
  /** The turn its first call took; undefined until then. */
  ticket?: number;
  /** Its first call was refused: so is every other, at once (the request is answering 503). */
  refused?: boolean;
}

const callers = new AsyncLocalStorage<Caller>();

/** Runs `work` as one caller: every database call made within it keeps the first call's place. */
export function asOneCaller<T>(caller: Caller, work: () => T): T {
  return callers.run(caller, work);
}

/** A new caller (one per HTTP request). */
export function newCaller(): Caller {
  return {};
}
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
  ticket: number;
  /** Its caller's first call was let in before it: never refused for waiting. */
  started: boolean;
  caller: Caller | undefined;
}

export class QueryQueue {
  private running = false;
  private tickets = 0;
  /** Ordered by ticket, then arrival. */
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
    const caller = callers.getStore();
    if (caller?.refused) return Promise.reject(this.busy());
    const started = caller?.ticket !== undefined;
    if (caller && caller.ticket === undefined) caller.ticket = this.tickets++;
    const ticket = caller?.ticket ?? this.tickets++;
    if (this.running && !started && this.waiting.length >= this.options.maxWaiting) {
      if (caller) caller.refused = true;
      return Promise.reject(this.busy());
    }
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        queuedAt: this.now(),
        ticket,
        started,
        caller,
        run: () => this.start(task).then(resolve, reject),
        fail: reject,
      };
      // Tickets mostly grow: look for the place from the end.
      let index = this.waiting.length;
      while (index > 0 && this.waiting[index - 1]!.ticket > ticket) index -= 1;
      this.waiting.splice(index, 0, entry);
      if (!this.running) {
        this.running = true;
        setImmediate(() => this.dispatch());
      }
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

  /**
   * The next call starts on the event loop's next turn, not in this call's promise chain: PGlite
   * runs a statement on this thread, so statements started back to back in microtasks held the loop
   * for the whole queue (~1-2 s at 50 searches), no request was read meanwhile, and which ones were
   * read first afterwards was up to the sockets (some waited 6-9 s). A turn between statements lets
   * the requests that arrived join the queue in arrival order. The queue stays "running" in the gap,
   * so nothing jumps ahead.
   */
  private next(): void {
    if (this.waiting.length === 0) {
      this.running = false;
      return;
    }
    setImmediate(() => this.dispatch());
  }

  private dispatch(): void {
    for (let entry = this.waiting.shift(); entry; entry = this.waiting.shift()) {
      if (entry.caller?.refused || (!entry.started && this.now() - entry.queuedAt > this.options.maxWaitMs)) {
        if (entry.caller) entry.caller.refused = true;
        entry.fail(this.busy());
        continue;
      }
      entry.run();
      return;
    }
    this.running = false;
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
