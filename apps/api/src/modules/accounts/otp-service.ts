import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '@d3/shared/accounts/accounts-schemas';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { OtpRow, Transaction } from './accounts-repository.js';
import {
  claimOtpAttempt,
  clearThrottle,
  consumeOtp,
  findActiveOtp,
  insertOtp,
  lockOtpOwner,
  type OtpOwner,
  otpCooldownSeconds,
  recentOtps,
  recordThrottleFailure,
  retireActiveOtps,
  throttleWaitSeconds,
} from './codes-and-throttle-repository.js';
import { tooManyRequests } from './throttle.js';

export type OtpPurpose = 'phone_verification' | 'password_reset';
export type OtpAccountType = 'customer' | 'merchant';

export const OTP_LIMITS = {
  ttlSeconds: OTP_TTL_MINUTES * 60,
  resendSeconds: OTP_RESEND_SECONDS,
  maxAttempts: OTP_MAX_ATTEMPTS,
  perDestinationPerHour: 5,
  perIpPerHour: 20,
  /**
   * Wrong codes (issue 14): per destination (the account's e-mail for a reset, the phone for a
   * verification) across every code and client, and per client IP across destinations, in an
   * hour; reaching either answers 429 with Retry-After until the hour is over.
   */
  wrongPerDestinationPerHour: 10,
  wrongPerIpPerHour: 60,
} as const;

const HOUR = 60 * 60;

export interface OtpTarget {
  purpose: OtpPurpose;
  accountType: OtpAccountType;
  /** undefined when no account matches: a decoy code is recorded so limits and answers match. */
  accountId: string | undefined;
  /** E.164 phone (phone verification) or lower-cased e-mail (password reset). */
  destination: string;
}

/**
 * One-time codes: six random digits, only an HMAC kept (keyed with a pepper derived from the
 * JWT secret and bound to purpose and account), single use, 10-minute life, five tries,
 * 60 s between codes per account, caps per destination and per IP per hour.
 */
export class OtpService {
  private readonly pepper: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly perIpPerHour: number = OTP_LIMITS.perIpPerHour,
  ) {
    this.pepper = createHash('sha256').update(`d3-otp-pepper:${secret}`).digest();
  }

  private ownerOf(target: OtpTarget): OtpOwner {
    if (target.accountId)
      return { purpose: target.purpose, accountType: target.accountType, accountId: target.accountId };
    // Unknown destinations get a stable pseudo-account, so cooldowns and caps behave the same.
    const digest = createHash('sha256')
      .update(`${target.accountType}:${target.purpose}:${target.destination}`)
      .digest('hex');
    const accountId = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-8${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
    return { purpose: target.purpose, accountType: `none:${target.accountType}`, accountId };
  }

  private hash(owner: OtpOwner, code: string): string {
    return createHmac('sha256', this.pepper)
      .update(`${owner.purpose}:${owner.accountType}:${owner.accountId}:${code}`)
      .digest('hex');
  }

  /**
   * Records a new code (retiring the previous one) and returns it for sending; for an unknown
   * account it records a decoy nobody can match and returns undefined. 429 with Retry-After
   * inside the resend cooldown or over a cap.
   */
  async issue(target: OtpTarget, ip: string): Promise<string | undefined> {
    const owner = this.ownerOf(target);
    const code = randomInt(0, 10 ** OTP_LENGTH)
      .toString()
      .padStart(OTP_LENGTH, '0');
    const codeHash = target.accountId
      ? this.hash(owner, code)
      : this.hash(owner, randomBytes(16).toString('hex'));
    await this.db.transaction(async (tx) => {
      await lockOtpOwner(tx, owner);
      const cooldown = await otpCooldownSeconds(tx, owner, OTP_LIMITS.resendSeconds);
      if (cooldown > 0) throw tooManyRequests(cooldown);
      const perDestination = await recentOtps(tx, { destination: target.destination }, HOUR);
      if (perDestination.count >= OTP_LIMITS.perDestinationPerHour)
        throw tooManyRequests(perDestination.freesInSeconds);
      const perIp = await recentOtps(tx, { requestedIp: ip }, HOUR);
      if (perIp.count >= this.perIpPerHour) throw tooManyRequests(perIp.freesInSeconds);
      await retireActiveOtps(tx, owner);
      await insertOtp(tx, {
        ...owner,
        destination: target.destination,
        codeHash,
        requestedIp: ip,
        ttlSeconds: OTP_LIMITS.ttlSeconds,
      });
    });
    return target.accountId ? code : undefined;
  }

  /**
   * Checks a code sent to `destination` and, in the same transaction that uses it up, applies
   * `effect` (mark the phone verified, set the password). Wrong, expired, used or unknown:
   * 400 'Invalid OTP. Please try again.'; after five tries the code is dead. Every wrong code
   * counts against the destination and the client IP (429 + Retry-After over the hourly caps),
   * and all of it happens before `prepare` (the argon2 hash of a new password) runs: a guess
   * costs a few indexed reads, never a memory-hard hash.
   */
  async redeem<T = undefined>(
    where: { purpose: OtpPurpose; accountType: OtpAccountType; destination: string; accountId?: string },
    code: string,
    ip: string,
    effect: (tx: Transaction, otp: OtpRow, prepared: T) => Promise<void>,
    prepare?: () => Promise<T>,
  ): Promise<OtpRow> {
    const destinationKey = `otp:${where.purpose}:${where.accountType}:${where.destination.toLowerCase()}`;
    const ipKey = `otp-ip:${ip}`;
    const wait = await throttleWaitSeconds(this.db, [destinationKey, ipKey]);
    if (wait > 0) throw tooManyRequests(wait);
    const wrong = async (error: AppError): Promise<never> => {
      await recordThrottleFailure(this.db, destinationKey, OTP_LIMITS.wrongPerDestinationPerHour, HOUR);
      await recordThrottleFailure(this.db, ipKey, OTP_LIMITS.wrongPerIpPerHour, HOUR);
      throw error;
    };

    const otp = await findActiveOtp(this.db, {
      purpose: where.purpose,
      destination: where.destination,
      accountTypes: [where.accountType, `none:${where.accountType}`],
      ...(where.accountId ? { accountId: where.accountId } : {}),
    });
    if (!otp || otp.expired) return wrong(new AppError('OTP_INVALID'));
    const attempt = await claimOtpAttempt(this.db, otp.id, OTP_LIMITS.maxAttempts);
    if (attempt === undefined) return wrong(new AppError('OTP_ATTEMPTS_EXCEEDED'));
    const expected = Buffer.from(otp.codeHash, 'hex');
    const actual = Buffer.from(this.hash(otp, code), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      return wrong(new AppError('OTP_INVALID'));
    }
    const prepared = (prepare ? await prepare() : undefined) as T;
    await this.db.transaction(async (tx) => {
      if (!(await consumeOtp(tx, otp.id))) throw new AppError('OTP_INVALID');
      await effect(tx, otp, prepared);
    });
    await clearThrottle(this.db, destinationKey);
    return otp;
  }
}
