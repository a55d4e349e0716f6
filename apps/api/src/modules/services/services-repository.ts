import type { TServiceListQuery } from '@d3/shared/catalogue/catalogue-schemas';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { locations } from '../../db/schema/locations.js';
import { services } from '../../db/schema/services.js';
import { staffServices, storeSummaryColumns, stores } from '../../db/schema/stores.js';
import { categoryMatches, containsPattern } from '../../db/search-sql.js';

function selectServices(db: Db) {
  return db
    .select({ service: services, ...storeSummaryColumns })
    .from(services)
    .innerJoin(stores, eq(stores.id, services.storeId))
    .innerJoin(locations, eq(locations.id, stores.locationId));
}

function selectServicesWithTotal(db: Db) {
  return db
    .select({
      service: services,
      ...storeSummaryColumns,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(services)
    .innerJoin(stores, eq(stores.id, services.storeId))
    .innerJoin(locations, eq(locations.id, stores.locationId));
}

export type ServiceRow = Awaited<ReturnType<typeof findService>> & object;

function conditions({
  storeId,
  search,
  category,
}: Omit<TServiceListQuery, 'page' | 'limit'>): SQL | undefined {
  const list: SQL[] = [];
  if (storeId) list.push(eq(services.storeId, storeId));
  if (search) {
    const pattern = containsPattern(search);
    list.push(sql`(${services.name} ilike ${pattern} or ${services.description} ilike ${pattern})`);
  }
  if (category) list.push(categoryMatches(services.category, category));
  return list.length ? and(...list) : undefined;
}

export async function listServices(db: Db, query: TServiceListQuery) {
  return selectServicesWithTotal(db)
    .where(conditions(query))
    .orderBy(desc(services.featured), asc(services.name), asc(services.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

export async function countServices(db: Db, query: TServiceListQuery): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(services)
    .where(conditions(query));
  return row?.total ?? 0;
}

export async function findService(db: Db, serviceId: string) {
  const [row] = await selectServices(db).where(eq(services.id, serviceId));
  return row;
}

export async function findServiceOwner(db: Db, serviceId: string) {
  const [row] = await db
    .select({
      id: services.id,
      storeId: services.storeId,
      type: services.type,
      price: services.price,
      merchantId: stores.merchantId,
    })
    .from(services)
    .innerJoin(stores, eq(stores.id, services.storeId))
    .where(eq(services.id, serviceId));
  return row;
}

export type ServiceInsert = typeof services.$inferInsert;

export async function insertService(db: Db, values: ServiceInsert): Promise<string> {
  const [row] = await db.insert(services).values(values).returning({ id: services.id });
  return row!.id;
}

export async function updateService(db: Db, serviceId: string, values: Partial<ServiceInsert>) {
  if (Object.keys(values).length) await db.update(services).set(values).where(eq(services.id, serviceId));
}

/** staff_services has no foreign key to services: its rows go in the same transaction. */
export async function deleteService(db: Db, serviceId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(staffServices).where(eq(staffServices.serviceId, serviceId));
    await tx.delete(services).where(eq(services.id, serviceId));
  });
}
