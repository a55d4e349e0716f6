import { randomBytes } from 'node:crypto';
import type {
  ZGoogleSignInRequest,
  ZRegisterRequest,
  ZUpdateProfileRequest,
} from '@d3/shared/accounts/accounts-schemas';
import { OTP_TTL_MINUTES } from '@d3/shared/accounts/accounts-schemas';
import { DEFAULT_LOCALE, type Locale } from '@d3/shared/i18n/locale';
import { smsText } from '@d3/shared/i18n/server-texts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { GoogleVerifier } from '../../adapters/google/google-verifier.js';
import type { MessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import type { Db } from '../../db/client.js';
import { freshBatchLoader } from '../../db/fresh-batch.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Session } from '../../plugins/auth.js';
import {
  accountLocales,
  bumpMerchantTokenVersion,
  bumpUserTokenVersion,
  type Executor,
  eraseUser,
  findReferrer,
  findUnverifiedUserByPhone,
  findUserByEmail,
  findUserById,
  findUserIdByReferralSlug,
  findUserNames,
  insertUser,
  localeOfPhone,
  lockUser,
  markPhoneVerified,
  merchantTokenVersions,
  type NewUser,
  phoneVerifiedByAnother,
  referralSummary,
  referredCustomerIds,
  replaceUserPassword,
  type UserPatch,
  type UserRow,
  updateUser,
  userTokenVersions,
} from './accounts-repository.js';
import { clearThrottle } from './codes-and-throttle-repository.js';
import { OtpService } from './otp-service.js';
import { hashPassword, verifyPassword } from './password.js';
import { type AccountKind, CurrentPasswordThrottle, LoginThrottle } from './throttle.js';
import { toLocale } from './user-view.js';

/** Published for other modules (they never import this module's internals). */
export { toLocale, toUserView } from './user-view.js';

export type RegisterInput = z.output<typeof ZRegisterRequest>;
type ProfileInput = z.output<typeof ZUpdateProfileRequest>;
export type GoogleInput = z.output<typeof ZGoogleSignInRequest>;

export interface AccountsDependencies {
  db: Db;
  /** The JWT secret: OTP hashes are keyed with a pepper derived from it. */
  secret: string;
  /** OTP_IP_HOURLY_MAX (default OTP_LIMITS.perIpPerHour). */
  otpIpHourlyMax?: number;
  /** Failed sign-ins one IP may make in 15 minutes (config LOGIN_IP_MAX). */
  loginIpMax?: number;
  senders: MessageSenders;
  google: GoogleVerifier;
  log: FastifyBaseLogger;
  /** Where `account.sessions_revoked` goes after a logout, reset or password change. */
  events?: Pick<EventBus, 'publish'>;
}

/** 'Amina', 'Njeri' -> 'amina-njeri-3f9a1c': readable, unique thanks to the random tail. */
export function referralSlugFor(firstName: string, lastName: string): string {
  const base =
    `${firstName}-${lastName}`
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'member';
  return `${base}-${randomBytes(3).toString('hex')}`;
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown e-mail costs as long as a wrong password. */
async function spendPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

export const otpMessage = (code: string, purpose: 'verification' | 'passwordReset', locale: Locale) =>
  smsText(locale, purpose === 'verification' ? 'otpVerification' : 'otpPasswordReset', {
    code,
    minutes: OTP_TTL_MINUTES,
  });

/**
 * The session validator of both roles (issue 14: a logout or password reset moves the token version
 * on): the account exists (not deleted) and the token is of its current version. Batched (issue 16):
 * every check that arrives in one turn of the event loop is answered by one statement per role
 * instead of one each, and while one is out the checks that arrive share the next (db/fresh-batch.ts);
 * nothing is kept, and each check reads after it arrived, so a logout counts from the very next request.
 */
export function sessionCheck(db: Db): (session: Session) => Promise<boolean> {
  const versions = {
    customer: freshBatchLoader((ids: readonly string[]) => userTokenVersions(db, ids)),
    merchant: freshBatchLoader((ids: readonly string[]) => merchantTokenVersions(db, ids)),
  };
  return async (session) => {
    const version = await versions[session.role].load(session.sub);
    return version !== undefined && version === session.tv;
  };
}

/** What the accounts use cases work with: the dependencies, and the one-time codes and sign-in throttle built on them. */
export interface AccountsContext extends AccountsDependencies {
  otp: OtpService;
  throttle: LoginThrottle;
}

/** Built once per app (accounts-setup.ts). */
export function createAccountsContext(deps: AccountsDependencies): AccountsContext {
  return {
    ...deps,
    otp: new OtpService(deps.db, deps.secret, deps.otpIpHourlyMax),
    throttle: new LoginThrottle(deps.db, deps.loginIpMax),
  };
}

// Customer and merchant accounts: sign-up, sign-in, phone verification, reset, Google.
/**
 * Logout (issue 14): moves the account's token version on, so this token and every other
 * token issued to the account stop working on their next request.
 */
export async function revokeSessions(ctx: AccountsContext, session: Session): Promise<void> {
  const moved =
    session.role === 'customer'
      ? await bumpUserTokenVersion(ctx.db, session.sub, session.tv)
      : await bumpMerchantTokenVersion(ctx.db, session.sub, session.tv);
  if (moved) sessionsRevoked(ctx, session.role, session.sub, session.tv + 1);
}

/** Tells the rest of the app (open sockets) that sessions older than `tokenVersion` ended. */
export function sessionsRevoked(
  ctx: AccountsContext,
  role: AccountKind,
  accountId: string,
  tokenVersion?: number,
) {
  ctx.events?.publish('account.sessions_revoked', { role, accountId, tokenVersion, at: new Date() });
}

// ---- customers ----

export async function registerCustomer(
  ctx: AccountsContext,
  input: RegisterInput,
  ip: string,
): Promise<UserRow> {
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('USER_EXISTS');
  const referredBy = input.referralSlug
    ? await findUserIdByReferralSlug(ctx.db, input.referralSlug)
    : undefined;
  const user = await createUser(ctx, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumber: input.phoneNumber,
    passwordHash: await hashPassword(input.password),
    referredBy: referredBy ?? null,
    locale: input.locale ?? DEFAULT_LOCALE,
  });
  await sendPhoneCode(ctx, user, ip).catch((error: unknown) => {
    // The account exists either way; the OTP page can ask for another code.
    ctx.log.warn({ err: error, userId: user.id }, 'phone verification code not sent at sign-up');
  });
  return user;
}

/** Inserts with a fresh referral slug; the unique indexes decide races (409 on e-mail). */
export async function createUser(
  ctx: AccountsContext,
  values: Omit<NewUser, 'referralSlug'>,
): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(ctx.db, {
        ...values,
        referralSlug: referralSlugFor(values.firstName, values.lastName),
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('referral_slug') && attempt < 3) continue;
      if (constraint?.includes('email')) throw new AppError('USER_EXISTS');
      if (constraint?.includes('google_sub')) throw new AppError('GOOGLE_ACCOUNT_IN_USE');
      throw error;
    }
  }
}

export async function loginCustomer(
  ctx: AccountsContext,
  email: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  return signIn(ctx, 'customer', email, password, ip, () => findUserByEmail(ctx.db, email));
}

/**
 * E-mail and password sign-in of either kind, throttled per e-mail and address: `find` reads the
 * account once the throttle allows the attempt; an unknown e-mail costs as long as a wrong password.
 */
export async function signIn<Account extends { passwordHash: string | null }>(
  ctx: AccountsContext,
  kind: AccountKind,
  email: string,
  password: string,
  ip: string,
  find: () => Promise<Account | undefined>,
): Promise<Account> {
  await ctx.throttle.assertAllowed(kind, email, ip);
  const account = await find();
  const ok = account?.passwordHash
    ? await verifyPassword(account.passwordHash, password)
    : await spendPasswordCheck(password);
  if (!account || !ok) {
    await ctx.throttle.recordFailure(kind, email, ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.throttle.reset(kind, email, ip);
  return account;
}

export async function getUser(ctx: AccountsContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** Only names and phone change; a new phone number must be verified again. */
export async function updateProfile(ctx: AccountsContext, id: string, input: ProfileInput): Promise<UserRow> {
  const current = await getUser(ctx, id);
  const patch: UserPatch = { firstName: input.firstName, lastName: input.lastName };
  if (input.locale) patch.locale = input.locale;
  if (input.phoneNumber !== undefined && input.phoneNumber !== current.phoneNumber) {
    patch.phoneNumber = input.phoneNumber;
    patch.isPhoneVerified = false;
  }
  const updated = await updateUser(ctx.db, id, patch);
  if (!updated) throw new AppError('USER_NOT_FOUND');
  return updated;
}

async function sendPhoneCode(ctx: AccountsContext, user: UserRow, ip: string): Promise<void> {
  if (!user.phoneNumber) return;
  const code = await ctx.otp.issue(
    {
      purpose: 'phone_verification',
      accountType: 'customer',
      accountId: user.id,
      destination: user.phoneNumber,
    },
    ip,
  );
  if (code)
    await ctx.senders.sms.send(user.phoneNumber, otpMessage(code, 'verification', toLocale(user.locale)));
}

/** Same 200 whether or not an account waits on this number (decoy codes keep limits equal). */
export async function resendPhoneCode(
  ctx: AccountsContext,
  phone: string,
  ip: string,
  /** The caller's language, for a number no account waits on (the decoy code). */
  fallbackLocale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const user = await findUnverifiedUserByPhone(ctx.db, phone);
  const code = await ctx.otp.issue(
    { purpose: 'phone_verification', accountType: 'customer', accountId: user?.id, destination: phone },
    ip,
  );
  const locale = user ? toLocale(user.locale) : fallbackLocale;
  if (code) await ctx.senders.sms.send(phone, otpMessage(code, 'verification', locale));
}

export async function verifyPhone(
  ctx: AccountsContext,
  phone: string,
  code: string,
  ip: string,
): Promise<void> {
  // A verified phone belongs to one live account (issue 31 finding 5): a number verified on another
  // account is refused with PHONE_IN_USE (409) once the code proves the caller holds the phone; the
  // unique index users_verified_phone_key settles two verifications racing.
  try {
    await ctx.otp.redeem(
      { purpose: 'phone_verification', accountType: 'customer', destination: phone },
      code,
      ip,
      async (tx, otp) => {
        if (await phoneVerifiedByAnother(tx, phone, otp.accountId)) throw new AppError('PHONE_IN_USE');
        // The number changed since the code was sent: the code proves nothing any more.
        if (!(await markPhoneVerified(tx, otp.accountId, phone))) throw new AppError('OTP_INVALID');
      },
    );
  } catch (error) {
    if (uniqueViolation(error)?.includes('users_verified_phone')) throw new AppError('PHONE_IN_USE');
    throw error;
  }
}

// ---- engagement hooks: functions the engagement module calls (it never reads these tables) ----

/** A customer's name parts by id; deleted accounts are flagged (their names are erased). */
export async function customerNames(
  db: Db,
  ids: string[],
): Promise<Map<string, { firstName: string; lastName: string; deleted: boolean; phoneVerified: boolean }>> {
  const rows = await findUserNames(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        firstName: row.firstName,
        lastName: row.lastName,
        deleted: row.deletedAt !== null,
        phoneVerified: row.isPhoneVerified,
      },
    ]),
  );
}

// ---- referral hooks (issue 12): the referrals module never reads the users table ----

/** Who referred this customer (null: nobody; undefined: no such customer). */
export function customerReferrer(db: Executor, id: string): Promise<string | null | undefined> {
  return findReferrer(db, id);
}

/** The customer's referral slug and how many customers signed up through it. */
export async function customerReferralSummary(
  db: Db,
  id: string,
): Promise<{ referralSlug: string; referralCount: number }> {
  const row = await referralSummary(db, id);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return { referralSlug: row.referralSlug, referralCount: Number(row.referralCount) };
}

/** Ids of the customers this customer referred. */
export function customersReferredBy(db: Db, id: string): Promise<string[]> {
  return referredCustomerIds(db, id);
}

/** The customer's phone number when it is verified, else null (payments: whose phone a push may go to freely). */
export async function customerVerifiedPhone(db: Db, id: string): Promise<string | null> {
  const user = await findUserById(db, id);
  return user?.isPhoneVerified && user.phoneNumber ? user.phoneNumber : null;
}

export async function setCustomerPreferences(
  db: Db,
  id: string,
  preferences: { darkMode?: boolean | null; locale?: Locale },
): Promise<UserRow> {
  const user = await updateUser(db, id, preferences);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

export interface PasswordCheckMessages {
  incorrect: string;
  noPassword: string;
  /** The request field the error names. */
  field: string;
}

/** 400 with `message` unless `password` is the customer's current one (Google-only: no password). */
export async function assertCustomerPassword(
  db: Db,
  id: string,
  password: string,
  messages: PasswordCheckMessages,
): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!user.passwordHash) {
    throw new AppError('BAD_REQUEST', messages.noPassword, { [messages.field]: messages.noPassword });
  }
  const hash = user.passwordHash;
  if (!(await new CurrentPasswordThrottle(db).check('customer', id, () => verifyPassword(hash, password)))) {
    throw new AppError('BAD_REQUEST', messages.incorrect, { [messages.field]: messages.incorrect });
  }
  return user;
}

/**
 * Verifies the current password, stores the new one and bumps the token version: every token
 * issued before stops working. Returns the row with its new version (the caller signs a token).
 */
export async function changeCustomerPassword(
  db: Db,
  id: string,
  currentPassword: string,
  newPassword: string,
  messages: PasswordCheckMessages,
): Promise<UserRow> {
  await assertCustomerPassword(db, id, currentPassword, messages);
  const updated = await replaceUserPassword(db, id, await hashPassword(newPassword));
  if (!updated) throw new AppError('USER_NOT_FOUND');
  return updated;
}

/**
 * Erases the customer's personal data inside the caller's transaction (the engagement module
 * deletes its own rows in the same transaction): names, e-mail, phone, avatar, Google link,
 * password, one-time codes and sign-in throttle entries. Tokens stop working.
 */
export async function eraseCustomer(tx: Executor, id: string): Promise<void> {
  const user = await lockUser(tx, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  await eraseUser(tx, id, `deleted-${randomBytes(8).toString('hex')}`);
  await clearThrottle(tx, `account:customer:${user.email.toLowerCase()}`);
}

/**
 * The language each recipient reads (issue 33), keyed `customer:{id}` / `merchant:{id}`; an
 * unknown account reads English.
 */
export async function recipientLocales(
  db: Db,
  recipients: ReadonlyArray<{ role: AccountKind; id: string }>,
): Promise<(recipient: { role: AccountKind; id: string }) => Locale> {
  const ids = (role: AccountKind) => [...new Set(recipients.filter((r) => r.role === role).map((r) => r.id))];
  const found = await accountLocales(db, ids('customer'), ids('merchant'));
  const locales = new Map<string, Locale>([
    ...found.customers.map((row) => [`customer:${row.id}`, toLocale(row.locale)] as const),
    ...found.merchants.map((row) => [`merchant:${row.id}`, toLocale(row.locale)] as const),
  ]);
  return (recipient) => locales.get(`${recipient.role}:${recipient.id}`) ?? DEFAULT_LOCALE;
}

/**
 * The language of an SMS to a number: the account holding it, else the given account's (the
 * organiser of a split booking, for a friend without an account), else English. `phone` is E.164
 * with or without '+'.
 */
export async function phoneLocale(db: Db, phone: string, otherwise?: string | null): Promise<Locale> {
  const e164 = `+${phone.replace(/^\+/, '')}`;
  const own = await localeOfPhone(db, e164);
  if (own) return toLocale(own);
  if (!otherwise) return DEFAULT_LOCALE;
  return (await recipientLocales(db, [{ role: 'customer', id: otherwise }]))({
    role: 'customer',
    id: otherwise,
  });
}
