import { randomBytes, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { pageAddress } from '@d3/shared/site/page-address';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD_BYTES, type TCompressedEncoding } from './compression.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes that change public data say so here; the page cache empties (issue 31 finding 6). */
    publicData: PublicDataSignal;
  }
}

const FRESH_READ_HEADER = 'x-d3-fresh-read';

/**
 * "Public data changed": the public API cache's writes raise it, the page cache listens. Its
 * `generation` counts the changes: something computed from reads that began before a change is
 * not kept (issue 38: a render in flight while a merchant renamed the store was stored after the
 * cache was emptied, and served the old name for a whole lifetime).
 */
export class PublicDataSignal {
  readonly #listeners = new Set<() => void>();
  readonly #freshReadToken = randomBytes(24).toString('base64url');
  #generation = 0;
  get generation(): number {
    return this.#generation;
  }
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }
  changed(): void {
    this.#generation += 1;
    for (const listener of this.#listeners) listener();
  }
  /**
   * Headers of this process's own reads for a page it will keep (server render, boot data): the
   * public API cache answers them from the database, never from a copy already part-way through its
   * lifetime, so a kept page is never older than PUBLIC_CACHE_TTL_MS. The token is this process's
   * secret: a visitor cannot send it to skip the cache.
   */
  get freshReadHeaders(): Record<string, string> {
    return { [FRESH_READ_HEADER]: this.#freshReadToken };
  }
  isFreshRead(request: FastifyRequest): boolean {
    const sent = request.headers[FRESH_READ_HEADER];
    if (typeof sent !== 'string' || sent.length !== this.#freshReadToken.length) return false;
    return timingSafeEqual(Buffer.from(sent), Buffer.from(this.#freshReadToken));
  }
}

/** How long a reader waits for the same page already being rendered, at most. */
const MISS_WAIT_MS = 5_000;

/**
 * What a kept page depends on besides its data (issue 38): its address (path and the query
 * parameters a page reads, pageAddress: a location or tab chosen in the address is part of it, a
 * campaign's `utm_source` is not, decision 0817) and the language it is drawn in. The
 * render is always an anonymous visitor's: the location a visitor picked lives in their browser
 * and is applied after hydration (the server draws "All Locations"), and the language
 * (English or Kiswahili, page-locale.ts pageLocale) joins the key here (`lang`, issue 33).
 */
export function pageKey(url: string, lang = 'en'): string {
  return `${lang} ${pageAddress(url)}`;
}

/**
 * A kept page: its HTML, and its brotli and gzip copies, each made the first time a reader asks for
 * it and then kept with the page (issue 38). Browsers always ask for a compressed page, and
 * compressing a store page's ~170 KB of HTML again for each reader cost more CPU than sending it.
 */
export class KeptPage {
  readonly #compressed = new Map<TCompressedEncoding, Buffer>();

  constructor(readonly html: Buffer) {}

  /**
   * The page for a reader who takes `accepted` (acceptedEncoding): its bytes, and the encoding they
   * are in (null: as they are; a page under the compression threshold always is).
   */
  encoded(accepted: TCompressedEncoding | null): { encoding: TCompressedEncoding | null; body: Buffer } {
    if (accepted === null || this.html.length < COMPRESS_THRESHOLD_BYTES)
      return { encoding: null, body: this.html };
    let body = this.#compressed.get(accepted);
    if (!body) {
      body = accepted === 'br' ? brotliCompressSync(this.html, BROTLI_OPTIONS) : gzipSync(this.html);
      this.#compressed.set(accepted, body);
    }
    return { encoding: accepted, body };
  }
}

/**
 * Server-rendered pages (issue 31 finding 6): a page is rendered as an anonymous visitor whoever
 * asks, so its HTML is the same for everyone for a given key (pageKey). Kept at most `ttlMs`
 * (PUBLIC_CACHE_TTL_MS) counted from when its reads began (they are fresh reads, see
 * PublicDataSignal.freshReadHeaders), emptied by the same writes as the public API cache (and a
 * render that began before such a write is not kept), and N readers of a page not yet cached wait
 * for one render instead of starting N.
 */
export class PageCache {
  readonly #pages: LRUCache<string, KeptPage> | undefined;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #ttlMs: number;
  readonly #signal: PublicDataSignal;

  constructor(ttlMs: number, signal: PublicDataSignal, maxEntries = 1000) {
    this.#ttlMs = ttlMs;
    this.#signal = signal;
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
  ): Promise<{ page: KeptPage } | { page: null; store(html: Buffer): void; release(): void }> {
    const pages = this.#pages;
    const miss = (): { page: null; store(html: Buffer): void; release(): void } => {
      const startedAt = performance.now();
      const generation = this.#signal.generation;
      let done = () => {};
      this.#inFlight.set(key, new Promise<void>((resolve) => (done = resolve)));
      const release = () => {
        if (this.#inFlight.get(key)) this.#inFlight.delete(key);
        done();
      };
      return {
        page: null,
        store: (html) => {
          // Its lifetime counts from its first read; a page whose data changed meanwhile is not kept.
          const left = Math.floor(this.#ttlMs - (performance.now() - startedAt));
          if (left > 0 && generation === this.#signal.generation)
            pages?.set(key, new KeptPage(html), { ttl: left });
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
