import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import {
  clearThrottle,
  clearThrottlePrefix,
  recordBackoffFailure,
  recordThrottleFailure,
  throttleWaitSeconds,
} from './codes-and-throttle-repository.js';

/**
 * Sign-in throttle (issue 14). Per account AND client (the IP): 4 free failures, then a growing
 * wait of 15 s, 30 s, 60 s … at most 15 minutes, forgotten an hour after the last failure — a
 * stranger elsewhere cannot lock anyone out, and one source cannot guess fast. Per IP: `ipMax`
 * failures across accounts in 15 minutes pause that IP for 15 minutes; the default is high
 * because Kenyan carriers put many phones behind one address (config LOGIN_IP_MAX).
 */
export const LOGIN_THROTTLE = {
  backoff: { free: 4, baseSeconds: 15, maxSeconds: 15 * 60, forgetSeconds: 60 * 60 },
  ipMax: 100,
  windowSeconds: 15 * 60,
} as const;

export type AccountKind = 'customer' | 'merchant';

const accountPrefix = (kind: AccountKind, email: string) => `login:${kind}:${email.toLowerCase()}:`;
const accountClientKey = (kind: AccountKind, email: string, ip: string) =>
  `${accountPrefix(kind, email)}${ip}`;
const ipKey = (ip: string) => `ip:${ip}`;

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', `Too many requests. Please try again in ${wait} seconds.`, undefined, {
    'retry-after': String(wait),
  });
}

/** Kept in the `auth_throttle` table so every instance shares it. */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly ipMax: number = LOGIN_THROTTLE.ipMax,
  ) {}

  async assertAllowed(kind: AccountKind, email: string, ip: string): Promise<void> {
    const wait = await throttleWaitSeconds(this.db, [accountClientKey(kind, email, ip), ipKey(ip)]);
    if (wait > 0) throw tooManyRequests(wait);
  }

  async recordFailure(kind: AccountKind, email: string, ip: string): Promise<void> {
    await recordBackoffFailure(this.db, accountClientKey(kind, email, ip), LOGIN_THROTTLE.backoff);
    await recordThrottleFailure(this.db, ipKey(ip), this.ipMax, LOGIN_THROTTLE.windowSeconds);
  }

  /** A successful sign-in forgives this client's failures for the account (not the IP's). */
  async reset(kind: AccountKind, email: string, ip: string): Promise<void> {
    await clearThrottle(this.db, accountClientKey(kind, email, ip));
  }

  /** A password reset forgives the account's failures from every client. */
  async resetAccount(kind: AccountKind, email: string): Promise<void> {
    await clearThrottlePrefix(this.db, accountPrefix(kind, email));
  }
}

/**
 * Current-password checks (issue 31 finding 7: change password, merchant e-mail change, account
 * deletion): the sign-in back-off, per account. The caller already holds a session, so the key is
 * the account alone: a stolen session cannot guess the password from many addresses either.
 * Past the free tries even the right password waits (429 + Retry-After), as sign-in does.
 */
export class CurrentPasswordThrottle {
  constructor(private readonly db: Db) {}

  async check(kind: AccountKind, accountId: string, verify: () => Promise<boolean>): Promise<boolean> {
    const key = `current-password:${kind}:${accountId}`;
    const wait = await throttleWaitSeconds(this.db, [key]);
    if (wait > 0) throw tooManyRequests(wait);
    if (await verify()) {
      await clearThrottle(this.db, key);
      return true;
    }
    await recordBackoffFailure(this.db, key, LOGIN_THROTTLE.backoff);
    return false;
  }
}
