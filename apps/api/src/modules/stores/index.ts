import { storesContract as c } from '@d3/shared/catalogue/stores-contract';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MESSAGES } from '@d3/shared/merchant/image-schemas';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { readUploadedFile } from '../../adapters/images/multipart-upload.js';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as branchesAndStaff from './branch-staff-service.js';
import * as service from './stores-service.js';

/**
 * Stores, their branches, staff and social links (seed 000 §2 "Stores page", "Store profile";
 * seed 001 §7). Merchant writes: owner only. requireMerchant runs before validation so an
 * anonymous caller gets 401 whatever it sent.
 */
export interface StoresRoutesOptions {
  /**
   * Whether a customer follows a store: engagement owns follows and imports this module, so app.ts
   * passes its service function in rather than this module importing engagement (no module cycle).
   */
  isFollowingStore: (db: Db, userId: string, storeId: string) => Promise<boolean>;
}

export default async function storesRoutes(app: FastifyInstance, options: StoresRoutesOptions) {
  const route = contractRoutes(app);
  const merchantOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  route(c.list, async (request) => {
    const { stores, pagination } = await service.listStores(app.db, request.query);
    return { success: true as const, stores, data: stores, pagination };
  });
  route(c.random, async (request) => {
    const stores = await service.randomStores(app.db, request.query.limit);
    return { success: true as const, stores, data: stores };
  });
  route(c.categories, async () => ({
    success: true as const,
    categories: await service.storeCategories(app.db),
  }));
  route(c.locations, async () => {
    const rows = await service.locationsWithCounts(app.db);
    return {
      success: true as const,
      locations: rows.map(({ id, name, area, storeCount }) => ({ id, name, area, storeCount })),
    };
  });

  // Registered before the GET so Fastify does not derive a HEAD from the full profile query.
  route(c.exists, async (request, reply) => {
    const found = await service.storeExists(app.db, request.params.id);
    // 404 is an error status the contract documents, not a body the route's schema knows.
    return reply.status((found ? 200 : 404) as 200).send();
  });
  route(
    c.get,
    async (request) => {
      const store = await service.getStore(app.db, request.params.id);
      // `following` is the signed-in customer's; null when signed out (or a merchant).
      const session = request.session;
      if (session?.role === 'customer') {
        store.following = await options.isFollowingStore(app.db, session.sub, store.id);
      }
      return { success: true as const, store };
    },
    { config: { publicCache: true } },
  );
  route(c.branches, async (request) => {
    const branches = await service.storeBranches(app.db, request.params.id);
    return { success: true as const, branches, data: branches };
  });
  route(c.socials, async (request) => ({
    success: true as const,
    socials: await service.storeSocials(app.db, request.params.id),
  }));

  // --- merchant writes --------------------------------------------------------------------

  route(c.create, async (request, reply) => {
    const store = await service.createStore(app.db, merchantOf(request), request.body);
    return reply.status(201).send({ success: true as const, store });
  });
  route(c.update, async (request) => ({
    success: true as const,
    store: await service.updateStore(app.db, merchantOf(request), request.params.id, request.body),
  }));
  route(c.remove, async (request) => {
    await service.deleteStore(app.db, merchantOf(request), request.params.id);
    return { success: true as const, message: 'Store deleted successfully' };
  });

  // Logo upload (issue 13): multipart/form-data with one image file, on its own context so only
  // this route parses multipart. The file's limit is the upload cap, not the 1 MiB JSON limit.
  const storage = localFileStorage(app.config.dataDir);
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
    contractRoutes(upload)(c.uploadLogo, async (request) => ({
      success: true as const,
      message: IMAGE_UPLOAD_MESSAGES.logoUpdated,
      image: await service.uploadStoreLogo(app.db, storage, merchantOf(request), request.params.id, () =>
        readUploadedFile(request, IMAGE_UPLOAD_MAX_BYTES),
      ),
    }));
  });

  route(c.createBranch, async (request, reply) => {
    const branch = await branchesAndStaff.createBranch(
      app.db,
      merchantOf(request),
      request.params.id,
      request.body,
    );
    return reply.status(201).send({ success: true as const, branch });
  });
  route(c.updateBranch, async (request) => ({
    success: true as const,
    branch: await branchesAndStaff.updateBranch(app.db, merchantOf(request), request.params.id, request.body),
  }));
  route(c.removeBranch, async (request) => {
    await branchesAndStaff.deleteBranch(app.db, merchantOf(request), request.params.id);
    return { success: true as const, message: 'Branch deleted successfully' };
  });
  route(c.createStaff, async (request, reply) => {
    const staff = await branchesAndStaff.createStaff(
      app.db,
      merchantOf(request),
      request.params.id,
      request.body,
    );
    return reply.status(201).send({ success: true as const, staff });
  });
  route(c.staff, async (request) => ({
    success: true as const,
    staff: await branchesAndStaff.listStoreStaff(app.db, merchantOf(request), request.params.id),
  }));
  route(c.updateStaff, async (request) => ({
    success: true as const,
    staff: await branchesAndStaff.updateStaff(app.db, merchantOf(request), request.params.id, request.body),
  }));
  route(c.removeStaff, async (request) => {
    await branchesAndStaff.deleteStaff(app.db, merchantOf(request), request.params.id);
    return { success: true as const, message: 'Staff member deleted successfully' };
  });
}
