import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { PushServiceSimulator } from '../adapters/push/push-service-simulator.js';
import { type ApiTestApp, useApiTestApp } from './build-app.js';

/**
 * A test file's app whose Web Push goes to a push service simulator: the simulator starts before
 * the app is built (PUSH_SIMULATOR_URL, never set in production, makes its endpoints allowed) and
 * closes after the file. `base()` is the simulator's address once started.
 */
export function usePushServiceApp(): {
  ctx: ApiTestApp;
  pushService: PushServiceSimulator;
  base: () => string;
} {
  const pushService = new PushServiceSimulator();
  let base = '';
  const options = { env: {} as Record<string, string> };
  beforeAll(async () => {
    base = await pushService.start();
    options.env.PUSH_SIMULATOR_URL = base;
  });
  const ctx = useApiTestApp(options);
  afterAll(async () => {
    await pushService.close();
  });
  return { ctx, pushService, base: () => base };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the keys it sends. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}
