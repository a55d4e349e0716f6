import { ERROR_CODES } from '@d3/shared/api/error-codes';
import {
  ENGAGEMENT_MESSAGES,
  NOTIFICATION_CENTRE_DEFAULTS,
  type TAccountNotificationSettings,
  type TNotificationSettings,
  type TServiceStatistics,
} from '@d3/shared/engagement/engagement-schemas';
import type { Locale } from '@d3/shared/i18n/locale';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import {
  assertCustomerPassword,
  changeCustomerPassword,
  customerVerifiedPhone,
  eraseCustomer,
  setCustomerPreferences,
} from '../accounts/accounts-service.js';
import { countCustomerBookings, eraseCustomerBookings } from '../bookings/bookings-service.js';
import { eraseCustomerPayments } from '../payments/payments-service.js';
import { referralPoints } from '../referrals/referrals-service.js';
import { eraseCustomerRequests } from '../service-requests/service-requests-service.js';
import { lockStore } from '../stores/stores-service.js';
import type { NotificationSettingsPatch, NotificationSettingsRow } from './engagement-repository.js';
import * as repository from './engagement-repository.js';
import { refreshFollowers } from './follows-service.js';
import { refreshStoreFigures } from './reviews-service.js';

export async function serviceStatistics(db: Db, userId: string): Promise<TServiceStatistics> {
  const [totalBookings, totalFavorites, followedStores, rewardPoints] = await Promise.all([
    countCustomerBookings(db, userId),
    repository.countFavorites(db, userId),
    repository.countFollowedStores(db, userId),
    referralPoints(db, userId),
  ]);
  return { totalBookings, totalFavorites, followedStores, rewardPoints };
}

/** The referral ledger's total in KSH (issue 12): the profile tile and the Point Collector achievement. */
export function rewardPoints(db: Db, userId: string): Promise<number> {
  return referralPoints(db, userId);
}

// ---- notification settings: one row, two views (API-CONTRACT decision 3) ----

/** Without a row every setting has its default (the column defaults in schema/engagement.ts). */
const DEFAULTS: Omit<NotificationSettingsRow, 'userId' | 'updatedAt'> = {
  ...NOTIFICATION_CENTRE_DEFAULTS,
  emailUpdates: false,
  smsAlerts: true,
  whatsapp: false,
};

type Settings = typeof DEFAULTS;

/** The account form: `notifications` is the push / in-app switch (the `push` column). */
export function toAccountView(row: Settings): TAccountNotificationSettings {
  return {
    notifications: row.push,
    emailUpdates: row.emailUpdates,
    smsAlerts: row.smsAlerts,
    whatsapp: row.whatsapp,
  };
}

export function toCentreView(row: Settings): TNotificationSettings {
  return {
    email: row.email,
    push: row.push,
    messages: row.messages,
    bookings: row.bookings,
    offers: row.offers,
    storeUpdates: row.storeUpdates,
  };
}

export async function notificationSettings(db: Db, userId: string): Promise<Settings> {
  return (await repository.findNotificationSettings(db, userId)) ?? DEFAULTS;
}

/**
 * The account form's switches. WhatsApp (issue 36) is turned on only with a verified number: the
 * messages go to it (400 WHATSAPP_PHONE_NOT_VERIFIED otherwise); turning it off always works.
 */
export async function saveAccountSettings(
  db: Db,
  userId: string,
  input: Partial<TAccountNotificationSettings>,
) {
  const patch: NotificationSettingsPatch = {};
  if (input.notifications !== undefined) patch.push = input.notifications;
  if (input.emailUpdates !== undefined) patch.emailUpdates = input.emailUpdates;
  if (input.smsAlerts !== undefined) patch.smsAlerts = input.smsAlerts;
  if (input.whatsapp !== undefined) {
    if (input.whatsapp && !(await customerVerifiedPhone(db, userId))) {
      throw new AppError('WHATSAPP_PHONE_NOT_VERIFIED', undefined, {
        whatsapp: ERROR_CODES.WHATSAPP_PHONE_NOT_VERIFIED.message,
      });
    }
    patch.whatsapp = input.whatsapp;
  }
  return repository.saveNotificationSettings(db, userId, patch);
}

/** Of these customers, the ones who opted in to WhatsApp (one read for a batch of events). */
export function customersOnWhatsApp(db: Db, userIds: string[]): Promise<string[]> {
  return repository.whatsappOptedIn(db, [...new Set(userIds)]);
}

/** A 'STOP' sent on WhatsApp (issue 36): the account's WhatsApp switch goes off. */
export async function optOutOfWhatsApp(db: Db, userId: string): Promise<void> {
  await repository.saveNotificationSettings(db, userId, { whatsapp: false });
}

export function saveCentreSettings(db: Db, userId: string, input: Partial<TNotificationSettings>) {
  const patch: NotificationSettingsPatch = {};
  for (const key of ['email', 'push', 'messages', 'bookings', 'offers', 'storeUpdates'] as const) {
    if (input[key] !== undefined) patch[key] = input[key];
  }
  return repository.saveNotificationSettings(db, userId, patch);
}

/** Whose settings: a customer's row or a merchant's (issue 13: the merchant site's switches). */
export interface SettingsOwner {
  role: 'customer' | 'merchant';
  id: string;
}

const CENTRE_KEYS = ['email', 'push', 'messages', 'bookings', 'offers', 'storeUpdates'] as const;

/**
 * Every switch of a customer or a merchant (no row: every default). A merchant has only the
 * centre's six; the account form's two (emailUpdates, smsAlerts) keep their defaults and are unused.
 */
export async function notificationSettingsOf(db: Db, owner: SettingsOwner): Promise<Settings> {
  if (owner.role === 'customer') return notificationSettings(db, owner.id);
  return { ...DEFAULTS, ...(await repository.findMerchantNotificationSettings(db, owner.id)) };
}

/** notificationSettingsOf for several owners in two queries; keyed `${role}:${id}`. */
export async function notificationSettingsOfMany(
  db: Db,
  owners: SettingsOwner[],
): Promise<Map<string, Settings>> {
  const ids = (role: SettingsOwner['role']) => [
    ...new Set(owners.filter((o) => o.role === role).map((o) => o.id)),
  ];
  const [customerRows, merchantRows] = await Promise.all([
    repository.findNotificationSettingsOfMany(db, ids('customer')),
    repository.findMerchantNotificationSettingsOfMany(db, ids('merchant')),
  ]);
  const customers = new Map(customerRows.map((row) => [row.userId, row]));
  const merchants = new Map(merchantRows.map((row) => [row.merchantId, row]));
  return new Map(
    owners.map((owner): [string, Settings] => [
      `${owner.role}:${owner.id}`,
      owner.role === 'customer'
        ? (customers.get(owner.id) ?? DEFAULTS)
        : { ...DEFAULTS, ...merchants.get(owner.id) },
    ]),
  );
}

/** The notification centre's switches of a customer or a merchant. */
export async function centreSettingsOf(db: Db, owner: SettingsOwner): Promise<TNotificationSettings> {
  return toCentreView(await notificationSettingsOf(db, owner));
}

export async function saveCentreSettingsOf(
  db: Db,
  owner: SettingsOwner,
  input: Partial<TNotificationSettings>,
): Promise<TNotificationSettings> {
  if (owner.role === 'customer') return toCentreView(await saveCentreSettings(db, owner.id, input));
  const patch: repository.MerchantNotificationSettingsPatch = {};
  for (const key of CENTRE_KEYS) {
    if (input[key] !== undefined) patch[key] = input[key];
  }
  return toCentreView({
    ...DEFAULTS,
    ...(await repository.saveMerchantNotificationSettings(db, owner.id, patch)),
  });
}

// ---- account ----

/** Dark mode and/or the language (issue 33); an absent one stays as it is. */
export function setPreferences(
  db: Db,
  userId: string,
  preferences: { darkMode?: boolean | null; locale?: Locale },
) {
  return setCustomerPreferences(db, userId, preferences);
}

export async function changePassword(db: Db, userId: string, currentPassword: string, newPassword: string) {
  if (currentPassword === newPassword) {
    throw new AppError('VALIDATION_ERROR', ENGAGEMENT_MESSAGES.samePassword, {
      newPassword: ENGAGEMENT_MESSAGES.samePassword,
    });
  }
  return changeCustomerPassword(db, userId, currentPassword, newPassword, {
    incorrect: ENGAGEMENT_MESSAGES.currentPasswordIncorrect,
    noPassword: ENGAGEMENT_MESSAGES.currentPasswordIncorrect,
    field: 'currentPassword',
  });
}

/**
 * Right to erasure (Kenya Data Protection Act 2019 s.40): after the password check, one
 * transaction deletes the customer's favourites, follows, reviews and settings, recomputes the
 * counters of every store they touched (locked in id order), anonymises their bookings and
 * payments, cancels and blanks their service requests, and erases the account row. Returns the
 * booking and service-request events to publish after commit.
 */
export async function deleteAccount(db: Db, userId: string, password: string) {
  await assertCustomerPassword(db, userId, password, {
    incorrect: ENGAGEMENT_MESSAGES.deletePasswordIncorrect,
    noPassword: ENGAGEMENT_MESSAGES.deleteNeedsPassword,
    field: 'password',
  });
  return db.transaction(async (tx) => {
    const storeIds = await repository.storesTouchedBy(tx, userId);
    for (const storeId of storeIds) await lockStore(tx, storeId);
    await repository.deleteCustomerEngagement(tx, userId);
    for (const storeId of storeIds) {
      await refreshFollowers(tx, storeId);
      await refreshStoreFigures(tx, storeId);
    }
    // Bookings stay (a store's history is kept) with the customer's details blanked; future ones
    // are cancelled. The returned booking events are published by the route after commit.
    const bookingEvents = await eraseCustomerBookings(tx, userId);
    // Refunds and split shares keep no number of theirs (the payments module's tables).
    await eraseCustomerPayments(tx, userId);
    // Open service requests are cancelled (pending quotes rejected) and their text blanked (issue 12).
    const requestEvents = await eraseCustomerRequests(tx, userId);
    await eraseCustomer(tx, userId);
    return { bookingEvents, requestEvents };
  });
}
