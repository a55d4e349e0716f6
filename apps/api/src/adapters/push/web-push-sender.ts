import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import {
  guardedLookup,
  isAllowedPushEndpoint,
  type PushEndpointPolicy,
  PushEndpointRefused,
} from './push-endpoint-policy.js';
import type { PushSender, PushTarget } from './push-sender.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else a pair generated once into
 * DATA_DIR/vapid-keys.json (the first process writes it; the others read it).
 */
export function loadVapidKeys(dataDir: string, configured?: Partial<VapidKeys>): VapidKeys {
  if (configured?.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = () => JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  try {
    return read();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return keys;
    } catch {
      return read();
    }
  }
}

/** How long one push may take before it counts as a failure (a push service answers in well under 1 s). */
export const PUSH_TIMEOUT_MS = 5000;

/**
 * Web Push through `web-push`: the payload is encrypted (aes128gcm) for the subscription's keys
 * and POSTed to its endpoint with a VAPID Authorization header. 404/410 from the push service
 * mean the subscription is gone. The connection goes only to a public address (or the local
 * simulator outside production): push-endpoint-policy.ts.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  readonly #details: { subject: string; publicKey: string; privateKey: string };
  readonly #policy: PushEndpointPolicy;
  readonly #timeoutMs: number;

  constructor(keys: VapidKeys, subject: string, policy: PushEndpointPolicy, timeoutMs = PUSH_TIMEOUT_MS) {
    this.publicKey = keys.publicKey;
    this.#details = { subject, ...keys };
    this.#policy = policy;
    this.#timeoutMs = timeoutMs;
  }

  /** `web-push` builds the request (aes128gcm body, VAPID header, TTL); node's http(s) sends it. */
  async send(target: PushTarget, payload: string): Promise<'sent' | 'gone'> {
    if (!isAllowedPushEndpoint(target.endpoint, this.#policy)) {
      throw new PushEndpointRefused('not a known push service');
    }
    const details = webpush.generateRequestDetails(target, payload, {
      vapidDetails: this.#details,
      TTL: 24 * 60 * 60,
    });
    const url = new URL(details.endpoint);
    const status = await new Promise<number>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: details.method,
          headers: details.headers as Record<string, string>,
          lookup: guardedLookup(url, this.#policy),
        },
        (response) => {
          clearTimeout(deadline);
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      // One deadline for the whole exchange: connect, send, first byte of the answer.
      const deadline = setTimeout(
        () => request.destroy(new Error(`push service did not answer in ${this.#timeoutMs} ms`)),
        this.#timeoutMs,
      );
      request.on('error', (error) => {
        clearTimeout(deadline);
        reject(error);
      });
      request.end(details.body ?? undefined);
    });
    if (status === 404 || status === 410) return 'gone';
    if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
    return 'sent';
  }
}
