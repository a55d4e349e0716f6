import type { TContactRequest } from '@d3/shared/support/support-schemas';
import type { Db } from '../../db/client.js';
import { contactMessages, newsletterSubscriptions } from '../../db/schema/support.js';

export async function insertContactMessage(db: Db, message: TContactRequest) {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!;
}

/** Idempotent: a second sign-up with the same address (any case) keeps the first row. */
export async function subscribeToNewsletter(db: Db, email: string): Promise<{ created: boolean }> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return { created: rows.length > 0 };
}
