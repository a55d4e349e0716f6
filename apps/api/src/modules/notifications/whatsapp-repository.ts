import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { insertRow, rowById } from '../../db/rows.js';
import { whatsappMessages, whatsappPace } from '../../db/schema/notifications.js';

/** A query runs on the pool or inside a transaction alike. */
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;
export type WhatsAppMessageInsert = Pick<
  typeof whatsappMessages.$inferInsert,
  'userId' | 'phone' | 'template' | 'language' | 'parameters' | 'smsText'
>;

export const insertMessage = (db: Executor, values: WhatsAppMessageInsert) =>
  insertRow(db, whatsappMessages, values);
export const findMessage = (db: Db, id: string) => rowById(db, whatsappMessages, id);

/**
 * The time this message to `phone` may leave: now when the number has had nothing for `paceMs`,
 * else `paceMs` after the slot last given. One upsert (the row is locked while it runs), so two
 * processes never give the same slot twice.
 */
export async function reservePaceSlot(db: Executor, phone: string, now: Date, paceMs: number): Promise<Date> {
  const interval = sql`(${paceMs} * interval '1 millisecond')`;
  const start = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(whatsappPace)
    .values({ phone, nextAt: sql`${start} + ${interval}` })
    .onConflictDoUpdate({
      target: whatsappPace.phone,
      set: { nextAt: sql`greatest(${whatsappPace.nextAt}, ${start}) + ${interval}` },
    })
    .returning({ nextAt: whatsappPace.nextAt });
  return new Date(row!.nextAt.getTime() - paceMs);
}

export async function markAccepted(db: Db, id: string, wamid: string): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ status: 'accepted', wamid })
    .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'queued')));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(whatsappMessages)
    .set({ status: 'failed', error: error.slice(0, 500) })
    .where(eq(whatsappMessages.id, id));
}

/** Which statuses a webhook status may move a message from: forward only; 'failed' before delivery. */
const MOVES_FROM: Record<string, readonly string[]> = {
  sent: ['queued', 'accepted'],
  delivered: ['queued', 'accepted', 'sent'],
  read: ['queued', 'accepted', 'sent', 'delivered'],
  failed: ['queued', 'accepted', 'sent'],
};

/** Applies a status Meta reported for `wamid`; answers the row when it moved (none for a repeat). */
export async function applyStatus(
  db: Db,
  wamid: string,
  status: string,
  error: string | null,
): Promise<WhatsAppMessageRow | undefined> {
  const from = MOVES_FROM[status];
  if (!from) return undefined;
  const [row] = await db
    .update(whatsappMessages)
    .set({ status, ...(error ? { error: error.slice(0, 500) } : {}) })
    .where(and(eq(whatsappMessages.wamid, wamid), inArray(whatsappMessages.status, [...from])))
    .returning();
  return row;
}

/** Takes the SMS fallback of a failed message for this worker (once); undefined when taken or not failed. */
export async function claimFallback(db: Db, id: string, now: Date): Promise<WhatsAppMessageRow | undefined> {
  const [row] = await db
    .update(whatsappMessages)
    .set({ fellBackAt: now })
    .where(
      and(
        eq(whatsappMessages.id, id),
        eq(whatsappMessages.status, 'failed'),
        isNull(whatsappMessages.fellBackAt),
      ),
    )
    .returning();
  return row;
}

/** The fallback SMS could not be sent: it may be taken again (the job retries). */
export async function releaseFallback(db: Db, id: string): Promise<void> {
  await db.update(whatsappMessages).set({ fellBackAt: null }).where(eq(whatsappMessages.id, id));
}

/** An erased customer (account.deleted): their WhatsApp messages go, and the pace of their numbers. */
export async function deleteMessagesOf(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(whatsappMessages)
      .where(eq(whatsappMessages.userId, userId))
      .returning({ phone: whatsappMessages.phone });
    const phones = [...new Set(gone.map((row) => row.phone))];
    if (phones.length) await tx.delete(whatsappPace).where(inArray(whatsappPace.phone, phones));
    return gone.length;
  });
}
