import type { TMerchant, TUser } from '@d3/shared/accounts/accounts-schemas';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@d3/shared/i18n/locale';
import type { MerchantRow, UserRow } from './accounts-repository.js';

/**
 * What the API says about a customer: camelCase plus the snake_case aliases the seed's client
 * reads. Built field by field, so a hash or token version can never slip out.
 */
export function toUserView(row: UserRow): TUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    phone: row.phoneNumber,
    avatar: row.avatar,
    isEmailVerified: row.isEmailVerified,
    isPhoneVerified: row.isPhoneVerified,
    isKYCVerified: row.isKycVerified,
    hasPassword: row.passwordHash !== null,
    googleLinked: row.googleSub !== null,
    dark_mode: row.darkMode,
    locale: toLocale(row.locale),
    referralSlug: row.referralSlug,
    user_type: 'customer',
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMerchantView(row: MerchantRow): TMerchant {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    locale: toLocale(row.locale),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The column's CHECK allows only 'en' and 'sw'; anything else reads as English. */
export function toLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
