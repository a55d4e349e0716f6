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

/** One call through the proxy; no answer (refused, reset, 15 s without one) is status 0. */
export async function api<T>(
  method: string,
  url: string,
  {
    body,
    token,
    kind,
    headers,
  }: { body?: unknown; token?: string; kind?: Sample['kind']; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  let answer: Answer<T>;
  // A timer of our own, not AbortSignal.timeout(): a signal nothing else holds can be collected
  // while the body is still being read, and its time-out never fires (the read then hangs).
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
    answer = { status: response.status, json, retryAfter: response.headers.get('retry-after') };
  } catch {
    answer = { status: 0, json: undefined, retryAfter: null };
  } finally {
    clearTimeout(timer);
  }
  if (kind)
    samples.push({ at: performance.now(), kind, status: answer.status, retryAfter: answer.retryAfter });
  return answer;
}

/** A send that got no answer, a 5xx or a 429 may have failed in flight: the client sends it again. */
/** GET of a page (HTML), read to its end, with the same 15 s limit. */
export async function page(url: string): Promise<{ status: number; retryAfter: string | null }> {
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

export const retryable = (status: number) => status === 0 || status === 429 || status >= 500;
