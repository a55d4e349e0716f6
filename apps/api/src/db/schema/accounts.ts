import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

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
    referralSlug: text('referral_slug').notNull(),
    referredBy: uuid('referred_by'),
    rewardPoints: numeric('reward_points', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Bumped on password change/reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_slug_key').on(t.referralSlug),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_phone_idx').on(t.phoneNumber),
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
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('merchants_email_lower_key').on(sql`lower(${t.email})`)],
);
