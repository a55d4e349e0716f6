import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';

/**
 * The live customer account whose verified number this is (issue 36: a 'STOP' sent on WhatsApp
 * from a number turns that account's WhatsApp switch off). A verified number belongs to one
 * account at most (issue 31: PHONE_IN_USE).
 */
export async function customerOfVerifiedPhone(db: Db, phone: string): Promise<string | null> {
  const e164 = `+${phone.replace(/^\+/, '')}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, e164), eq(users.isPhoneVerified, true), isNull(users.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}
