import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
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

/**
 * Web Push through `web-push`: the payload is encrypted (aes128gcm) for the subscription's keys
 * and POSTed to its endpoint with a VAPID Authorization header. 404/410 from the push service
 * mean the subscription is gone.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  readonly #details: { subject: string; publicKey: string; privateKey: string };

  constructor(keys: VapidKeys, subject: string) {
    this.publicKey = keys.publicKey;
    this.#details = { subject, ...keys };
  }

  /**
   * `web-push` builds the request (aes128gcm body, VAPID header, TTL); fetch sends it, so the
   * same code reaches a real push service and the local simulator.
   */
  async send(target: PushTarget, payload: string): Promise<'sent' | 'gone'> {
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: this.#details,
      TTL: 24 * 60 * 60,
    });
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status < 200 || response.status >= 300) {
      throw new Error(`push service answered ${response.status}`);
    }
    return 'sent';
  }
}
