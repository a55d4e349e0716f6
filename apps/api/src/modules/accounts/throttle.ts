import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import { clearThrottle, recordThrottleFailure, throttleWaitSeconds } from './accounts-repository.js';

/** Failed sign-ins allowed per account (e-mail) and per IP address in one window. */
export const LOGIN_THROTTLE = {
  accountMax: 5,
  ipMax: 20,
  windowSeconds: 15 * 60,
} as const;

export type AccountKind = 'customer' | 'merchant';

const accountKey = (kind: AccountKind, email: string) => `account:${kind}:${email.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', `Too many requests. Please try again in ${wait} seconds.`, undefined, {
    'retry-after': String(wait),
  });
}

/**
 * Sign-in throttle kept in the `auth_throttle` table so every instance shares it: five failures
 * for one e-mail or twenty from one IP within 15 minutes lock that key for 15 minutes
 * (429 with Retry-After), whatever password comes next.
 */
export class LoginThrottle {
  constructor(private readonly db: Db) {}

  async assertAllowed(kind: AccountKind, email: string, ip: string): Promise<void> {
    const wait = await throttleWaitSeconds(this.db, [accountKey(kind, email), ipKey(ip)]);
    if (wait > 0) throw tooManyRequests(wait);
  }

  async recordFailure(kind: AccountKind, email: string, ip: string): Promise<void> {
    const { accountMax, ipMax, windowSeconds } = LOGIN_THROTTLE;
    await recordThrottleFailure(this.db, accountKey(kind, email), accountMax, windowSeconds);
    await recordThrottleFailure(this.db, ipKey(ip), ipMax, windowSeconds);
  }

  /** A successful sign-in or password reset forgives the account's failures (not the IP's). */
  async reset(kind: AccountKind, email: string): Promise<void> {
    await clearThrottle(this.db, accountKey(kind, email));
  }
}
