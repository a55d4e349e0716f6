import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes that change public data say so here; the page cache empties (issue 31 finding 6). */
    publicData: PublicDataSignal;
  }
}

/** "Public data changed": the public API cache's writes raise it, the page cache listens. */
export class PublicDataSignal {
  readonly #listeners = new Set<() => void>();
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }
  changed(): void {
    for (const listener of this.#listeners) listener();
  }
}

/** How long a reader waits for the same page already being rendered, at most. */
const MISS_WAIT_MS = 5_000;

/**
 * Server-rendered pages (issue 31 finding 6): a page is rendered as an anonymous visitor whoever
 * asks, so its HTML is the same for everyone for a given address (and, once the sites speak two
 * languages, locale — part of the key). Kept `ttlMs` (PUBLIC_CACHE_TTL_MS, as the public API
 * answers it is made from), emptied by the same writes, and N readers of a page not yet cached
 * wait for one render instead of starting N.
 */
export class PageCache {
  readonly #pages: LRUCache<string, Buffer> | undefined;
  readonly #inFlight = new Map<string, Promise<void>>();

  constructor(ttlMs: number, signal: PublicDataSignal, maxEntries = 1000) {
    this.#pages = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs }) : undefined;
    signal.onChange(() => this.#pages?.clear());
  }

  get enabled(): boolean {
    return this.#pages !== undefined;
  }

  /**
   * The cached page, or (after waiting for a render of the same key already under way) null with
   * `claim` set: the caller renders and calls `store` (or `release` when it cannot be cached).
   */
  async lookup(
    key: string,
  ): Promise<{ page: Buffer } | { page: null; store(html: Buffer): void; release(): void }> {
    const pages = this.#pages;
    const miss = (): { page: null; store(html: Buffer): void; release(): void } => {
      let done = () => {};
      this.#inFlight.set(key, new Promise<void>((resolve) => (done = resolve)));
      const release = () => {
        if (this.#inFlight.get(key)) this.#inFlight.delete(key);
        done();
      };
      return {
        page: null,
        store: (html) => {
          pages?.set(key, html);
          release();
        },
        release,
      };
    };
    if (!pages) return { page: null, store: () => undefined, release: () => undefined };
    const cached = pages.get(key);
    if (cached) return { page: cached };
    const pending = this.#inFlight.get(key);
    if (!pending) return miss();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pending, new Promise((resolve) => (timer = setTimeout(resolve, MISS_WAIT_MS)))]);
    clearTimeout(timer);
    const after = pages.get(key);
    return after ? { page: after } : miss();
  }
}
