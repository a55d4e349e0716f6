import { randomBytes } from 'node:crypto';
import type {
  ZGoogleSignInRequest,
  ZRegisterRequest,
  ZUpdateProfileRequest,
} from '@d3/shared/accounts/accounts-schemas';
import {
  ACCOUNT_MESSAGES,
  MERCHANT_SETTINGS_MESSAGES,
  OTP_TTL_MINUTES,
} from '@d3/shared/accounts/accounts-schemas';
import { DEFAULT_LOCALE, type Locale } from '@d3/shared/i18n/locale';
import { smsText } from '@d3/shared/i18n/server-texts';
import DataLoader from 'dataloader';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { GoogleTokenError, type GoogleVerifier } from '../../adapters/google/google-verifier.js';
import type { MessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import type { Db } from '../../db/client.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Session } from '../../plugins/auth.js';
import {
  accountLocales,
  bumpMerchantTokenVersion,
  bumpUserTokenVersion,
  clearThrottle,
  type Executor,
  eraseUser,
  findMerchantByEmail,
  findMerchantById,
  findReferrer,
  findUnverifiedUserByPhone,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  findUserIdByReferralSlug,
  findUserNames,
  insertMerchant,
  insertUser,
  listMerchantStores,
  localeOfPhone,
  lockUser,
  type MerchantRow,
  markPhoneVerified,
  merchantTokenVersions,
  type NewUser,
  phoneVerifiedByAnother,
  referralSummary,
  referredCustomerIds,
  replaceMerchantPassword,
  replaceUserPassword,
  setMerchantPassword,
  setUserPassword,
  setUserPreferences,
  type UserPatch,
  type UserRow,
  updateMerchant,
  updateUser,
  userTokenVersions,
} from './accounts-repository.js';
import { OtpService } from './otp-service.js';
import { hashPassword, verifyPassword } from './password.js';
import { type AccountKind, CurrentPasswordThrottle, LoginThrottle } from './throttle.js';
import { toLocale } from './user-view.js';

/** Published for other modules (they never import this module's internals). */
export { toLocale, toUserView } from './user-view.js';

type RegisterInput = z.output<typeof ZRegisterRequest>;
type ProfileInput = z.output<typeof ZUpdateProfileRequest>;
type GoogleInput = z.output<typeof ZGoogleSignInRequest>;

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

const otpMessage = (code: string, purpose: 'verification' | 'passwordReset', locale: Locale) =>
  smsText(locale, purpose === 'verification' ? 'otpVerification' : 'otpPasswordReset', {
    code,
    minutes: OTP_TTL_MINUTES,
  });

/**
 * The session validator of both roles (issue 14: a logout or password reset moves the token version
 * on): the account exists (not deleted) and the token is of its current version. Batched (issue 16):
 * every check that arrives in one turn of the event loop is answered by one statement per role
 * instead of one each; nothing is kept between turns, so a logout counts from the very next turn.
 */
export function sessionCheck(db: Db): (session: Session) => Promise<boolean> {
  const loader = (load: (ids: readonly string[]) => Promise<(number | undefined)[]>) =>
    new DataLoader<string, number | undefined>(load, {
      cache: false,
      batchScheduleFn: (run) => setImmediate(run),
    });
  const versions = {
    customer: loader((ids) => userTokenVersions(db, ids)),
    merchant: loader((ids) => merchantTokenVersions(db, ids)),
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
function sessionsRevoked(ctx: AccountsContext, role: AccountKind, accountId: string, tokenVersion?: number) {
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
async function createUser(ctx: AccountsContext, values: Omit<NewUser, 'referralSlug'>): Promise<UserRow> {
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
async function signIn<Account extends { passwordHash: string | null }>(
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

// ---- password reset (customers and merchants) ----

/** Always resolves the same way: a code goes out only when the account exists. */
export async function requestPasswordReset(
  ctx: AccountsContext,
  kind: AccountKind,
  email: string,
  ip: string,
): Promise<void> {
  const account: UserRow | MerchantRow | undefined =
    kind === 'customer' ? await findUserByEmail(ctx.db, email) : await findMerchantByEmail(ctx.db, email);
  const code = await ctx.otp.issue(
    { purpose: 'password_reset', accountType: kind, accountId: account?.id, destination: email },
    ip,
  );
  if (!code || !account) return;
  const body = otpMessage(code, 'passwordReset', toLocale(account.locale));
  const deliveries = [ctx.senders.email.send(email, body)];
  if (account.phoneNumber) deliveries.push(ctx.senders.sms.send(account.phoneNumber, body));
  for (const result of await Promise.allSettled(deliveries)) {
    if (result.status === 'rejected')
      ctx.log.warn({ err: result.reason, kind, accountId: account.id }, 'password reset code not sent');
  }
}

/** The code is checked and counted first; only a matching code pays for the argon2 hash. */
export async function resetPassword(
  ctx: AccountsContext,
  kind: AccountKind,
  email: string,
  code: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const otp = await ctx.otp.redeem(
    { purpose: 'password_reset', accountType: kind, destination: email },
    code,
    ip,
    (tx, otp, passwordHash) =>
      kind === 'customer'
        ? setUserPassword(tx, otp.accountId, passwordHash)
        : setMerchantPassword(tx, otp.accountId, passwordHash),
    () => hashPassword(newPassword),
  );
  sessionsRevoked(ctx, kind, otp.accountId);
  await ctx.throttle.resetAccount(kind, email);
}

// ---- Google ----

async function verifyGoogle(ctx: AccountsContext, credential: string) {
  try {
    return await ctx.google.verify(credential);
  } catch (error) {
    if (error instanceof GoogleTokenError) {
      ctx.log.info({ reason: error.message }, 'Google credential rejected');
      throw new AppError('GOOGLE_AUTH_FAILED');
    }
    throw error;
  }
}

/** Finds by Google id, else links by a Google-verified e-mail, else creates the account. */
export async function googleSignIn(
  ctx: AccountsContext,
  input: GoogleInput,
): Promise<{ user: UserRow; isNewUser: boolean }> {
  const identity = await verifyGoogle(ctx, input.credential);
  const linked = await findUserByGoogleSub(ctx.db, identity.sub);
  if (linked) return { user: linked, isNewUser: false };

  const byEmail = await findUserByEmail(ctx.db, identity.email);
  if (byEmail) {
    // Only an address Google has verified may take over the account that owns it.
    if (!identity.emailVerified || byEmail.googleSub) throw new AppError('USER_EXISTS');
    const user = await updateUser(ctx.db, byEmail.id, {
      googleSub: identity.sub,
      isEmailVerified: true,
      ...(byEmail.avatar ? {} : { avatar: identity.picture ?? null }),
    });
    return { user: user ?? byEmail, isNewUser: false };
  }

  const referredBy = input.referralSlug
    ? await findUserIdByReferralSlug(ctx.db, input.referralSlug)
    : undefined;
  try {
    const user = await createUser(ctx, {
      firstName: identity.givenName?.trim() || identity.email.split('@')[0] || 'Member',
      lastName: identity.familyName?.trim() ?? '',
      email: identity.email,
      passwordHash: null,
      googleSub: identity.sub,
      isEmailVerified: identity.emailVerified,
      avatar: identity.picture ?? null,
      referredBy: referredBy ?? null,
      locale: input.locale ?? DEFAULT_LOCALE,
    });
    return { user, isNewUser: true };
  } catch (error) {
    // A concurrent sign-in with the same Google account created it first.
    const winner = await findUserByGoogleSub(ctx.db, identity.sub);
    if (winner) return { user: winner, isNewUser: false };
    throw error;
  }
}

export async function linkGoogle(ctx: AccountsContext, userId: string, credential: string): Promise<UserRow> {
  const identity = await verifyGoogle(ctx, credential);
  const owner = await findUserByGoogleSub(ctx.db, identity.sub);
  if (owner && owner.id !== userId) throw new AppError('GOOGLE_ACCOUNT_IN_USE');
  try {
    const user = await updateUser(ctx.db, userId, { googleSub: identity.sub });
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  } catch (error) {
    if (uniqueViolation(error)?.includes('google_sub')) throw new AppError('GOOGLE_ACCOUNT_IN_USE');
    throw error;
  }
}

export async function unlinkGoogle(ctx: AccountsContext, userId: string): Promise<UserRow> {
  const user = await getUser(ctx, userId);
  if (!user.passwordHash) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.googleUnlinkNeedsPassword);
  const updated = await updateUser(ctx.db, userId, { googleSub: null });
  if (!updated) throw new AppError('USER_NOT_FOUND');
  return updated;
}

// ---- merchants ----

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
  const user = await setUserPreferences(db, id, preferences);
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
