import type {
  TCreateBranchRequest,
  TCreateStaffRequest,
  TUpdateBranchRequest,
  TUpdateStaffRequest,
} from '@d3/shared/catalogue/catalogue-requests';
import type { TBranch, TStaff } from '@d3/shared/catalogue/catalogue-schemas';
import type { Db } from '../../db/client.js';
import type { staff } from '../../db/schema/stores.js';
import { AppError } from '../../errors/app-error.js';
import * as repository from './branch-staff-repository.js';
import { assertStoreOwner, ownedByMerchant, toBranch } from './stores-service.js';

/** A merchant's branches and staff (issue 13): create, change and delete, each checked against the store's owner. */

// --- branches -----------------------------------------------------------------------------

const BRANCH_NOT_FOUND = 'Branch not found';

function branchValues(body: TUpdateBranchRequest): Partial<repository.BranchInsert> {
  const values: Partial<repository.BranchInsert> = {};
  for (const key of [
    'name',
    'address',
    'phone',
    'email',
    'status',
    'openingTime',
    'closingTime',
    'workingDays',
    'isMainBranch',
    'manager',
    'latitude',
    'longitude',
  ] as const) {
    if (body[key] !== undefined) Object.assign(values, { [key]: body[key] });
  }
  return values;
}

function assertBranchHours(opening: string, closing: string) {
  if (closing <= opening) {
    throw new AppError('VALIDATION_ERROR', 'Closing time must be after opening time', {
      closingTime: 'Closing time must be after opening time',
    });
  }
}

export async function createBranch(
  db: Db,
  merchantId: string,
  storeId: string,
  body: TCreateBranchRequest,
): Promise<TBranch> {
  await assertStoreOwner(db, storeId, merchantId);
  assertBranchHours(body.openingTime, body.closingTime);
  return toBranch(storeId, await repository.saveBranch(db, storeId, branchValues(body)));
}

async function ownedBranch(db: Db, merchantId: string, branchId: string) {
  const found = await repository.findBranch(db, branchId);
  return ownedByMerchant(found, merchantId, BRANCH_NOT_FOUND, 'BRANCH_NOT_FOUND').branch;
}

export async function updateBranch(
  db: Db,
  merchantId: string,
  branchId: string,
  body: TUpdateBranchRequest,
): Promise<TBranch> {
  const branch = await ownedBranch(db, merchantId, branchId);
  assertBranchHours(body.openingTime ?? branch.openingTime, body.closingTime ?? branch.closingTime);
  return toBranch(
    branch.storeId,
    await repository.saveBranch(db, branch.storeId, branchValues(body), branchId),
  );
}

export async function deleteBranch(db: Db, merchantId: string, branchId: string) {
  await ownedBranch(db, merchantId, branchId);
  await repository.deleteBranch(db, branchId);
}

// --- staff --------------------------------------------------------------------------------

const STAFF_NOT_FOUND = 'Staff member not found';

function toStaff(row: typeof staff.$inferSelect, serviceIds: string[]): TStaff {
  return {
    id: row.id,
    storeId: row.storeId,
    branchId: row.branchId,
    name: row.name,
    role: row.role,
    status: row.status,
    serviceIds: [...serviceIds].sort(),
  };
}

/** The branch and services named must be this store's own. */
async function assertStaffLinks(db: Db, storeId: string, body: TUpdateStaffRequest) {
  if (body.branchId && (await repository.countStoreBranches(db, storeId, body.branchId)) === 0) {
    throw new AppError('VALIDATION_ERROR', 'Branch does not belong to this store', {
      branchId: 'Branch does not belong to this store',
    });
  }
  if (body.serviceIds?.length) {
    const unique = [...new Set(body.serviceIds)];
    const owned = await repository.storeServiceIds(db, storeId, unique);
    if (owned.size !== unique.length) {
      throw new AppError('VALIDATION_ERROR', 'Every service must belong to this store', {
        serviceIds: 'Every service must belong to this store',
      });
    }
    body.serviceIds = unique;
  }
}

function staffValues(body: TUpdateStaffRequest): Partial<repository.StaffInsert> {
  const values: Partial<repository.StaffInsert> = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.role !== undefined) values.role = body.role;
  if (body.status !== undefined) values.status = body.status;
  if (body.branchId !== undefined) values.branchId = body.branchId;
  return values;
}

export async function createStaff(
  db: Db,
  merchantId: string,
  storeId: string,
  body: TCreateStaffRequest,
): Promise<TStaff> {
  await assertStoreOwner(db, storeId, merchantId);
  await assertStaffLinks(db, storeId, body);
  const row = await repository.saveStaff(db, storeId, staffValues(body), body.serviceIds);
  return toStaff(row, body.serviceIds);
}

async function ownedStaff(db: Db, merchantId: string, staffId: string) {
  return ownedByMerchant(await repository.findStaff(db, staffId), merchantId, STAFF_NOT_FOUND).staff;
}

export async function updateStaff(
  db: Db,
  merchantId: string,
  staffId: string,
  body: TUpdateStaffRequest,
): Promise<TStaff> {
  const member = await ownedStaff(db, merchantId, staffId);
  await assertStaffLinks(db, member.storeId, body);
  const row = await repository.saveStaff(db, member.storeId, staffValues(body), body.serviceIds, staffId);
  return toStaff(row, body.serviceIds ?? (await repository.staffServiceIds(db, staffId)));
}

export async function deleteStaff(db: Db, merchantId: string, staffId: string) {
  await ownedStaff(db, merchantId, staffId);
  await repository.deleteStaff(db, staffId);
}

/** A store's staff for its merchant (403 for another merchant's store). */
export async function listStoreStaff(db: Db, merchantId: string, storeId: string): Promise<TStaff[]> {
  await assertStoreOwner(db, storeId, merchantId);
  return (await repository.storeStaff(db, storeId)).map(({ row, serviceIds }) => toStaff(row, serviceIds));
}
