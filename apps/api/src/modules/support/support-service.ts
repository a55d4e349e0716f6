import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/support.js';

export { insertContactMessage, subscribeToNewsletter } from './support-repository.js';

/** The newest 50 outbox messages (all, or to one address): the developer inbox of the SMS/e-mail simulators. */
export function recentOutboxMessages(db: Db, to?: string) {
  return db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.to, to) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(50);
}
