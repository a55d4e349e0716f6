import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { merchants, otpCodes, users } from '../../db/schema/accounts.js';
import { locations } from '../../db/schema/locations.js';
import { stores } from '../../db/schema/stores.js';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query runs on the pool or inside a transaction alike. */
export type Executor = Db | Transaction;

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchant = typeof merchants.$inferInsert;
export type OtpRow = typeof otpCodes.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids reach queries from tokens and paths: a non-UUID would make PostgreSQL throw. */
export const isUuid = (value: string) => UUID.test(value);

/** Seconds as an SQL interval (a bound integer, never interpolated text). */
export const seconds = (value: number) => sql`(${value}::int * interval '1 second')`;

// ---- users ----

/** The account (not erased) that `condition` picks. */
async function findLiveUser(db: Executor, condition: SQL): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(condition, isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return isUuid(id) ? findLiveUser(db, eq(users.id, id)) : undefined;
}

/** `email` is already lower-cased by the shared schema; the unique index is on lower(email). */
export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return findLiveUser(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

export function findUserByGoogleSub(db: Executor, googleSub: string): Promise<UserRow | undefined> {
  return findLiveUser(db, eq(users.googleSub, googleSub));
}

/** The newest account still waiting to verify this phone number (numbers are not unique). */
export async function findUnverifiedUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phone), eq(users.isPhoneVerified, false), isNull(users.deletedAt)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(1);
  return row;
}

export async function findUserIdByReferralSlug(db: Executor, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.referralSlug}) = ${slug.toLowerCase()}`, isNull(users.deletedAt)));
  return row?.id;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export type UserPatch = Partial<
  Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'phoneNumber'
    | 'isPhoneVerified'
    | 'isEmailVerified'
    | 'avatar'
    | 'locale'
    | 'darkMode'
  >
> & { googleSub?: string | null };

/** Changes a live (not erased) account; undefined when there is none. */
export async function updateUser(db: Executor, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(patch)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Another live account has this phone verified (issue 31 finding 5: one verified phone, one account). */
export async function phoneVerifiedByAnother(db: Executor, phone: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phoneNumber, phone),
        eq(users.isPhoneVerified, true),
        isNull(users.deletedAt),
        ne(users.id, id),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks the phone verified only while the account still has that number. */
export async function markPhoneVerified(db: Executor, id: string, phone: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isPhoneVerified: true })
    .where(and(eq(users.id, id), eq(users.phoneNumber, phone), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Customers and merchants: the same password and token-version columns. */
type AccountTable = typeof users | typeof merchants;

/** New password and a new token version: every token issued before stops working. */
async function setPassword(db: Executor, table: AccountTable, id: string, passwordHash: string) {
  await db
    .update(table)
    .set({ passwordHash, tokenVersion: sql`${table.tokenVersion} + 1` })
    .where(eq(table.id, id));
}

/** Logout: every token of this version (and older) stops working; false when already moved on. */
async function bumpTokenVersion(db: Executor, table: AccountTable, id: string, fromVersion: number) {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(table)
    .set({ tokenVersion: sql`${table.tokenVersion} + 1` })
    .where(and(eq(table.id, id), eq(table.tokenVersion, fromVersion)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export const setUserPassword = (db: Executor, id: string, passwordHash: string): Promise<void> =>
  setPassword(db, users, id, passwordHash);

/**
 * Read for every signed-in request (the session check), many accounts at once: the token versions
 * of `ids` in their order (undefined: no such account, or deleted). One named, prepared statement
 * (db/prepared.ts) answers every request that arrived in the same turn (AccountsService batches).
 */
export async function userTokenVersions(db: Db, ids: readonly string[]): Promise<(number | undefined)[]> {
  const statement = preparedStatement(db, 'user_token_versions', (name) =>
    db
      .select({ id: users.id, tokenVersion: users.tokenVersion })
      .from(users)
      .where(and(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(users.deletedAt)))
      .prepare(name),
  );
  return versionsInOrder(ids, await statement.execute({ ids: ids.filter(isUuid) }));
}

/** `rows` (id, version) put back in the order of `ids`; an id without a row is undefined. */
function versionsInOrder(ids: readonly string[], rows: { id: string; tokenVersion: number }[]) {
  const byId = new Map(rows.map((row) => [row.id, row.tokenVersion]));
  return ids.map((id) => byId.get(id.toLowerCase()));
}

export const bumpUserTokenVersion = (db: Executor, id: string, fromVersion: number): Promise<boolean> =>
  bumpTokenVersion(db, users, id, fromVersion);

// ---- merchants ----

export async function findMerchantById(db: Executor, id: string): Promise<MerchantRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
  return row;
}

export async function findMerchantByEmail(db: Executor, email: string): Promise<MerchantRow | undefined> {
  const [row] = await db
    .select()
    .from(merchants)
    .where(sql`lower(${merchants.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function insertMerchant(db: Executor, values: NewMerchant): Promise<MerchantRow> {
  const [row] = await db.insert(merchants).values(values).returning();
  return row!;
}

export const setMerchantPassword = (db: Executor, id: string, passwordHash: string): Promise<void> =>
  setPassword(db, merchants, id, passwordHash);

export type MerchantPatch = Partial<
  Pick<NewMerchant, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'locale'>
>;

export async function updateMerchant(
  db: Executor,
  id: string,
  patch: MerchantPatch,
): Promise<MerchantRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.update(merchants).set(patch).where(eq(merchants.id, id)).returning();
  return row;
}

/** New password and the next token version, only if the version is still `fromVersion`. */
export async function replaceMerchantPassword(
  db: Executor,
  id: string,
  passwordHash: string,
  fromVersion: number,
): Promise<MerchantRow | undefined> {
  const [row] = await db
    .update(merchants)
    .set({ passwordHash, tokenVersion: sql`${merchants.tokenVersion} + 1` })
    .where(and(eq(merchants.id, id), eq(merchants.tokenVersion, fromVersion)))
    .returning();
  return row;
}

/** The merchants' side of userTokenVersions (merchant accounts have no soft delete). */
export async function merchantTokenVersions(db: Db, ids: readonly string[]): Promise<(number | undefined)[]> {
  const statement = preparedStatement(db, 'merchant_token_versions', (name) =>
    db
      .select({ id: merchants.id, tokenVersion: merchants.tokenVersion })
      .from(merchants)
      .where(sql`${merchants.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  );
  return versionsInOrder(ids, await statement.execute({ ids: ids.filter(isUuid) }));
}

export const bumpMerchantTokenVersion = (db: Executor, id: string, fromVersion: number): Promise<boolean> =>
  bumpTokenVersion(db, merchants, id, fromVersion);

/** Read-only view of the merchant's stores for its profile (the stores module owns writes). */
export async function listMerchantStores(db: Executor, merchantId: string) {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      category: stores.category,
      location: locations.name,
      logoUrl: stores.logoUrl,
    })
    .from(stores)
    .innerJoin(locations, eq(locations.id, stores.locationId))
    .where(eq(stores.merchantId, merchantId))
    .orderBy(asc(stores.createdAt), asc(stores.id));
}

// ---- engagement hooks (profile settings, password change, account erasure) ----

/** Names of these users, deleted accounts included (their names are already erased). */
export async function findUserNames(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      isPhoneVerified: users.isPhoneVerified,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** New hash and token version in one statement; returns the row with its new version. */
export async function replaceUserPassword(db: Executor, id: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/**
 * Right to erasure: the row stays (ids other records point at) but nothing identifies the
 * person. The e-mail becomes a unique placeholder so the address can register again; the token
 * version moves on so every issued token stops working.
 */
export async function eraseUser(db: Executor, id: string, placeholder: string): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({
      firstName: 'Deleted',
      lastName: 'Deleted',
      email: `${placeholder}@deleted.invalid`,
      phoneNumber: null,
      passwordHash: null,
      avatar: null,
      googleSub: null,
      isEmailVerified: false,
      isPhoneVerified: false,
      isKycVerified: false,
      darkMode: null,
      referralSlug: placeholder,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      deletedAt: new Date(),
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id, email: users.email });
  if (!row) return false;
  // One-time codes carry the phone or e-mail they went to.
  await db.delete(otpCodes).where(and(eq(otpCodes.accountType, 'customer'), eq(otpCodes.accountId, id)));
  return true;
}

/** The live user row, locked until the transaction ends. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** Referral hooks: who referred this customer, and this customer's slug and referral count. */
export async function findReferrer(db: Executor, id: string): Promise<string | null | undefined> {
  const [row] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, id));
  return row ? row.referredBy : undefined;
}

export async function referralSummary(db: Executor, id: string) {
  const [row] = await db
    .select({
      referralSlug: users.referralSlug,
      referralCount: sql<number>`(select count(*)::int from ${users} r where r.referred_by = "users"."id" and r.deleted_at is null)`,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function referredCustomerIds(db: Executor, referrerId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.referredBy, referrerId));
  return rows.map((row) => row.id);
}

/** The `locale` of these customers and merchants (unknown ids are left out). */
export async function accountLocales(
  db: Executor,
  customerIds: readonly string[],
  merchantIds: readonly string[],
): Promise<{
  customers: Array<{ id: string; locale: string }>;
  merchants: Array<{ id: string; locale: string }>;
}> {
  const customerRows = customerIds.length
    ? await db
        .select({ id: users.id, locale: users.locale })
        .from(users)
        .where(inArray(users.id, customerIds.filter(isUuid)))
    : [];
  const merchantRows = merchantIds.length
    ? await db
        .select({ id: merchants.id, locale: merchants.locale })
        .from(merchants)
        .where(inArray(merchants.id, merchantIds.filter(isUuid)))
    : [];
  return { customers: customerRows, merchants: merchantRows };
}

/** The locale of the live customer account holding this number (its verified holder first). */
export async function localeOfPhone(db: Executor, phoneNumber: string): Promise<string | undefined> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), isNull(users.deletedAt)))
    .orderBy(desc(users.isPhoneVerified), asc(users.createdAt))
    .limit(1);
  return row?.locale;
}
