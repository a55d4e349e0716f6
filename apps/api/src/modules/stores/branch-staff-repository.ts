import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { services } from '../../db/schema/services.js';
import { branches, staff, staffServices, stores } from '../../db/schema/stores.js';

/** A store's branches and staff (merchant writes, issue 13): rows, links to services, ownership. */

// --- branches ------------------------------------------------------------------------------

export type BranchInsert = typeof branches.$inferInsert;

export async function findBranch(db: Db, branchId: string) {
  const [row] = await db
    .select({ branch: branches, merchantId: stores.merchantId })
    .from(branches)
    .innerJoin(stores, eq(stores.id, branches.storeId))
    .where(eq(branches.id, branchId));
  return row;
}

/** Saves a branch; a new main branch demotes the store's previous one in the same transaction. */
export async function saveBranch(db: Db, storeId: string, values: Partial<BranchInsert>, branchId?: string) {
  return db.transaction(async (tx) => {
    if (values.isMainBranch) {
      await tx
        .update(branches)
        .set({ isMainBranch: false })
        .where(and(eq(branches.storeId, storeId), eq(branches.isMainBranch, true)));
    }
    if (branchId) {
      const [row] = await tx.update(branches).set(values).where(eq(branches.id, branchId)).returning();
      return row!;
    }
    const [row] = await tx
      .insert(branches)
      .values({ name: '', ...values, storeId })
      .returning();
    return row!;
  });
}

export async function deleteBranch(db: Db, branchId: string): Promise<void> {
  await db.delete(branches).where(eq(branches.id, branchId));
}

// --- staff ---------------------------------------------------------------------------------

export type StaffInsert = typeof staff.$inferInsert;

export async function findStaff(db: Db, staffId: string) {
  const [row] = await db
    .select({ staff, merchantId: stores.merchantId })
    .from(staff)
    .innerJoin(stores, eq(stores.id, staff.storeId))
    .where(eq(staff.id, staffId));
  return row;
}

export async function staffServiceIds(db: Db, staffId: string): Promise<string[]> {
  const rows = await db
    .select({ serviceId: staffServices.serviceId })
    .from(staffServices)
    .where(eq(staffServices.staffId, staffId))
    .orderBy(asc(staffServices.serviceId));
  return rows.map((row) => row.serviceId);
}

/** How many of `branchId` / `serviceIds` belong to the store (to refuse other stores' ids). */
export async function countStoreBranches(db: Db, storeId: string, branchId: string): Promise<number> {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.storeId, storeId)));
  return rows.length;
}

export async function storeServiceIds(db: Db, storeId: string, serviceIds: string[]): Promise<Set<string>> {
  if (!serviceIds.length) return new Set();
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.storeId, storeId), sql`${services.id} in ${serviceIds}`));
  return new Set(rows.map((row) => row.id));
}

export async function saveStaff(
  db: Db,
  storeId: string,
  values: Partial<StaffInsert>,
  serviceIds: string[] | undefined,
  staffId?: string,
) {
  return db.transaction(async (tx) => {
    let row: typeof staff.$inferSelect;
    if (staffId) {
      const updated = Object.keys(values).length
        ? await tx.update(staff).set(values).where(eq(staff.id, staffId)).returning()
        : await tx.select().from(staff).where(eq(staff.id, staffId));
      row = updated[0]!;
    } else {
      const [inserted] = await tx
        .insert(staff)
        .values({ name: '', ...values, storeId })
        .returning();
      row = inserted!;
    }
    if (serviceIds) {
      await tx.delete(staffServices).where(eq(staffServices.staffId, row.id));
      if (serviceIds.length) {
        await tx
          .insert(staffServices)
          .values(serviceIds.map((serviceId) => ({ staffId: row.id, serviceId })));
      }
    }
    return row;
  });
}

export async function deleteStaff(db: Db, staffId: string): Promise<void> {
  await db.delete(staff).where(eq(staff.id, staffId));
}

/** Every staff member of one store (any status) with their service ids (merchant site, issue 13). */
export async function storeStaff(db: Db, storeId: string) {
  const rows = await db
    .select()
    .from(staff)
    .where(eq(staff.storeId, storeId))
    .orderBy(asc(staff.name), asc(staff.id));
  if (!rows.length) return [];
  const links = await db
    .select({ staffId: staffServices.staffId, serviceId: staffServices.serviceId })
    .from(staffServices)
    .where(
      inArray(
        staffServices.staffId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    row,
    serviceIds: links.filter((link) => link.staffId === row.id).map((link) => link.serviceId),
  }));
}
