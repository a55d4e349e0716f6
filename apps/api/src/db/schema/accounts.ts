import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampTz, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    /** argon2id hash; null for accounts created through Google only. */
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    isKycVerified: boolean('is_kyc_verified').notNull().default(false),
    googleSub: text('google_sub'),
    /** null follows the system preference. */
    darkMode: boolean('dark_mode'),
    /** 'en' | 'sw': the language of the site, SMS and notifications (issue 33). */
    locale: text('locale').notNull().default('en'),
    referralSlug: text('referral_slug').notNull(),
    referredBy: uuid('referred_by'),
    rewardPoints: numeric('reward_points', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Bumped on password change/reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestampTz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_slug_key').on(t.referralSlug),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_phone_idx').on(t.phoneNumber),
    /** A verified phone belongs to one live customer account at a time (issue 31 finding 5). */
    uniqueIndex('users_verified_phone_key')
      .on(t.phoneNumber)
      .where(sql`${t.isPhoneVerified} and ${t.deletedAt} is null`),
    check('users_locale_check', sql`${t.locale} in ('en', 'sw')`),
  ],
);

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    /** 'en' | 'sw' (issue 33). */
    locale: text('locale').notNull().default('en'),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_email_lower_key').on(sql`lower(${t.email})`),
    check('merchants_locale_check', sql`${t.locale} in ('en', 'sw')`),
  ],
);

/**
 * One-time codes for phone verification and password reset. Only a hash of the code is kept;
 * a code is single use, bound to its purpose and account, expires, and allows a few wrong tries.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    /** 'phone_verification' | 'password_reset' */
    purpose: text('purpose').notNull(),
    /** 'customer' | 'merchant' */
    accountType: text('account_type').notNull(),
    accountId: uuid('account_id').notNull(),
    /** E.164 phone or lower-cased e-mail the code was sent to. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    requestedIp: text('requested_ip'),
    expiresAt: timestampTz('expires_at').notNull(),
    consumedAt: timestampTz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_account_idx').on(t.accountType, t.accountId, t.purpose, t.createdAt),
    index('otp_codes_destination_idx').on(t.destination, t.createdAt),
    index('otp_codes_ip_idx').on(t.requestedIp, t.createdAt),
  ],
);

/**
 * Failed sign-in counters per key ('account:<email>' or 'ip:<address>') in a sliding window,
 * kept in the database so every API instance sees the same count.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestampTz('window_started_at').notNull().defaultNow(),
  lockedUntil: timestampTz('locked_until'),
});
