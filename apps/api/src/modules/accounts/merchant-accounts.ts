import { ACCOUNT_MESSAGES, MERCHANT_SETTINGS_MESSAGES } from '@d3/shared/accounts/accounts-schemas';
import { DEFAULT_LOCALE, type Locale } from '@d3/shared/i18n/locale';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import {
  findMerchantByEmail,
  findMerchantById,
  insertMerchant,
  listMerchantStores,
  type MerchantRow,
  replaceMerchantPassword,
  updateMerchant,
} from './accounts-repository.js';
import { type AccountsContext, type RegisterInput, sessionsRevoked, signIn } from './accounts-service.js';
import { hashPassword, verifyPassword } from './password.js';
import { CurrentPasswordThrottle } from './throttle.js';

/** Merchant accounts (issue 13): sign-up, sign-in, profile and e-mail changes, password changes. */

export async function registerMerchant(ctx: AccountsContext, input: RegisterInput): Promise<MerchantRow> {
  if (await findMerchantByEmail(ctx.db, input.email)) throw new AppError('USER_EXISTS');
  try {
    return await insertMerchant(ctx.db, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber,
      passwordHash: await hashPassword(input.password),
      locale: input.locale ?? DEFAULT_LOCALE,
    });
  } catch (error) {
    if (uniqueViolation(error)?.includes('email')) throw new AppError('USER_EXISTS');
    throw error;
  }
}

export async function loginMerchant(
  ctx: AccountsContext,
  email: string,
  password: string,
  ip: string,
): Promise<MerchantRow> {
  return signIn(ctx, 'merchant', email, password, ip, () => findMerchantByEmail(ctx.db, email));
}

/** Name and phone; a new e-mail only with the current password (and still unique). */
export async function updateMerchantProfile(
  ctx: AccountsContext,
  id: string,
  input: {
    firstName: string;
    lastName: string;
    phoneNumber: string;
    email?: string;
    currentPassword?: string;
    locale?: Locale;
  },
): Promise<MerchantRow> {
  const current = await findMerchantById(ctx.db, id);
  if (!current) throw new AppError('USER_NOT_FOUND', 'Merchant not found');
  const emailChanges = input.email !== undefined && input.email !== current.email.toLowerCase();
  if (emailChanges) {
    if (!input.currentPassword) {
      const message = MERCHANT_SETTINGS_MESSAGES.emailChangeNeedsPassword;
      throw new AppError('CURRENT_PASSWORD_INCORRECT', message, { currentPassword: message });
    }
    await assertMerchantPassword(ctx, current, input.currentPassword);
  }
  try {
    const updated = await updateMerchant(ctx.db, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      ...(emailChanges ? { email: input.email } : {}),
      ...(input.locale ? { locale: input.locale } : {}),
    });
    if (!updated) throw new AppError('USER_NOT_FOUND', 'Merchant not found');
    return updated;
  } catch (error) {
    if (uniqueViolation(error)?.includes('email')) {
      throw new AppError('USER_EXISTS', ACCOUNT_MESSAGES.userExists, {
        email: ACCOUNT_MESSAGES.userExists,
      });
    }
    throw error;
  }
}

/**
 * Verifies the current password, stores the new one and moves the token version on, so every
 * token issued before (other browsers, other devices) stops working, as logout does.
 */
export async function changeMerchantPassword(
  ctx: AccountsContext,
  id: string,
  currentPassword: string,
  newPassword: string,
): Promise<MerchantRow> {
  const current = await findMerchantById(ctx.db, id);
  if (!current) throw new AppError('USER_NOT_FOUND', 'Merchant not found');
  await assertMerchantPassword(ctx, current, currentPassword);
  if (currentPassword === newPassword) {
    const message = MERCHANT_SETTINGS_MESSAGES.samePassword;
    throw new AppError('VALIDATION_ERROR', message, { newPassword: message });
  }
  const updated = await replaceMerchantPassword(
    ctx.db,
    id,
    await hashPassword(newPassword),
    current.tokenVersion,
  );
  // Another change or a logout moved the version first: this session is no longer current.
  if (!updated) throw new AppError('SESSION_EXPIRED');
  sessionsRevoked(ctx, 'merchant', id, updated.tokenVersion);
  return updated;
}

async function assertMerchantPassword(
  ctx: AccountsContext,
  merchant: MerchantRow,
  password: string,
): Promise<void> {
  const throttle = new CurrentPasswordThrottle(ctx.db);
  if (
    !(await throttle.check('merchant', merchant.id, () => verifyPassword(merchant.passwordHash, password)))
  ) {
    const message = MERCHANT_SETTINGS_MESSAGES.currentPasswordIncorrect;
    throw new AppError('CURRENT_PASSWORD_INCORRECT', message, { currentPassword: message });
  }
}

export async function merchantProfile(ctx: AccountsContext, id: string) {
  const merchant = await findMerchantById(ctx.db, id);
  if (!merchant) throw new AppError('USER_NOT_FOUND', 'Merchant not found');
  const stores = await listMerchantStores(ctx.db, id);
  return { merchant, stores };
}
