/**
 * What the fault test's traffic shares (`npm run test:faults`, issue 35): the API through the proxy,
 * every answer as a sample (when, what kind, its status), and whether traffic still runs.
 */
import { performance } from 'node:perf_hooks';
import { API_KEY } from './load.js';

export const FAULTS_PORT = Number(process.env.FAULTS_PORT ?? 4260);
export const base = `http://127.0.0.1:${FAULTS_PORT}`;

export interface Sample {
  at: number;
  kind: 'booking' | 'chat' | 'payment' | 'callback' | 'read' | 'page';
  status: number;
  retryAfter: string | null;
}
export const samples: Sample[] = [];
export const traffic = { running: true };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer<T> {
  status: number;
  json: T | undefined;
  retryAfter: string | null;
}

type CallOptions = { body?: unknown; token?: string; headers?: Record<string, string> };

/**
 * One call through the proxy; no answer (refused, reset, 15 s without one) is status 0. Raced with a
 * timer of our own: a fetch whose body stalls was seen to ignore its abort signal and hang.
 */
export async function api<T>(
  method: string,
  url: string,
  { kind, ...options }: CallOptions & { kind?: Sample['kind'] } = {},
): Promise<Answer<T>> {
  const answer = await Promise.race([
    call<T>(method, url, options),
    sleep(16_000).then((): Answer<T> => ({ status: 0, json: undefined, retryAfter: null })),
  ]);
  if (kind)
    samples.push({ at: performance.now(), kind, status: answer.status, retryAfter: answer.retryAfter });
  return answer;
}

async function call<T>(
  method: string,
  url: string,
  { body, token, headers }: CallOptions,
): Promise<Answer<T>> {
  // A timer of our own, not AbortSignal.timeout(): a signal nothing else holds can be collected
  // while the body is still being read, and its time-out then never fires.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        'x-api-key': API_KEY,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await response.text();
    let json: T | undefined;
    try {
      json = JSON.parse(text) as T;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, json: undefined, retryAfter: null };
  } finally {
    clearTimeout(timer);
  }
}

/** GET of a page (HTML), read to its end, with the same limits. */
export function page(url: string): Promise<{ status: number; retryAfter: string | null }> {
  return Promise.race([readPage(url), sleep(16_000).then(() => ({ status: 0, retryAfter: null }))]);
}

async function readPage(url: string): Promise<{ status: number; retryAfter: string | null }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    const response = await fetch(`${base}${url}`, { signal: controller.signal });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, retryAfter: null };
  } finally {
    clearTimeout(timer);
  }
}

/** A send that got no answer, a 5xx or a 429 may have failed in flight: the client sends it again. */
export const retryable = (status: number) => status === 0 || status === 429 || status >= 500;
