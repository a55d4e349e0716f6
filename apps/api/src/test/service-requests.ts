import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { serviceRequestQuotes, serviceRequests } from '../db/schema/service-requests.js';

export { validQuote, validServiceRequest } from './service-request-samples.js';

/** The stored status of a service request or of a quote; undefined when no row has this id. */
export async function storedStatus(
  db: Db,
  table: typeof serviceRequests | typeof serviceRequestQuotes,
  id: string,
) {
  const [row] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row?.status;
}
