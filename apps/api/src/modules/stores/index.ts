import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import {
  ZBranchIdParams,
  ZBranchListResponse,
  ZBranchResponse,
  ZCategoryCountsResponse,
  ZCreateBranchRequest,
  ZCreateStaffRequest,
  ZCreateStoreRequest,
  ZSocialsResponse,
  ZStaffIdParams,
  ZStaffResponse,
  ZStoreIdParams,
  ZStoreListQuery,
  ZStoreListResponse,
  ZStoreResponse,
  ZStoresResponse,
  ZUpdateBranchRequest,
  ZUpdateStaffRequest,
  ZUpdateStoreRequest,
} from '@d3/shared/catalogue/catalogue-schemas';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_MESSAGES,
  ZImageUploadResponse,
} from '@d3/shared/merchant/image-schemas';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../../adapters/images/multipart-upload.js';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { routeKit } from '../../plugins/route-kit.js';
import * as service from './stores-service.js';

const ZRandomQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).catch(21).default(21),
});
const ZStoreLocationsResponse = z.object({
  success: z.literal(true),
  locations: z.array(
    z.object({ id: z.string(), name: z.string(), area: z.string(), storeCount: z.number().int() }),
  ),
});

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
  const { routes, open, openWithSession, merchantOnly, subOf: merchantOf } = routeKit(app, 'stores');

  routes.get(
    '/stores',
    open({ querystring: ZStoreListQuery, response: { 200: ZStoreListResponse } }),
    async (request) => {
      const { stores, pagination } = await service.listStores(app.db, request.query);
      return { success: true as const, stores, data: stores, pagination };
    },
  );

  routes.get(
    '/stores/random',
    open({ querystring: ZRandomQuery, response: { 200: ZStoresResponse } }),
    async (request) => {
      const stores = await service.randomStores(app.db, request.query.limit);
      return { success: true as const, stores, data: stores };
    },
  );

  routes.get('/stores/categories', open({ response: { 200: ZCategoryCountsResponse } }), async () => ({
    success: true as const,
    categories: await service.storeCategories(app.db),
  }));

  routes.get('/stores/locations', open({ response: { 200: ZStoreLocationsResponse } }), async () => {
    const rows = await service.locationsWithCounts(app.db);
    return {
      success: true as const,
      locations: rows.map(({ id, name, area, storeCount }) => ({ id, name, area, storeCount })),
    };
  });

  // Registered before the GET so Fastify does not derive a HEAD from the full profile query.
  routes.head('/stores/:id', open({ params: ZStoreIdParams }), async (request, reply) => {
    const found = await service.storeExists(app.db, request.params.id);
    return reply.status(found ? 200 : 404).send();
  });

  routes.get(
    '/stores/:id',
    {
      ...openWithSession({ params: ZStoreIdParams, response: { 200: ZStoreResponse } }),
      config: { publicCache: true },
    },
    async (request) => {
      const store = await service.getStore(app.db, request.params.id);
      // `following` is the signed-in customer's; null when signed out (or a merchant).
      const session = request.session;
      if (session?.role === 'customer') {
        store.following = await options.isFollowingStore(app.db, session.sub, store.id);
      }
      return { success: true as const, store };
    },
  );

  for (const path of ['/stores/:id/branches', '/branches/store/:id']) {
    routes.get(
      path,
      open({ params: ZStoreIdParams, response: { 200: ZBranchListResponse } }),
      async (request) => {
        const branches = await service.storeBranches(app.db, request.params.id);
        return { success: true as const, branches, data: branches };
      },
    );
  }

  routes.get(
    '/socials/store/:id',
    open({ params: ZStoreIdParams, response: { 200: ZSocialsResponse } }),
    async (request) => ({
      success: true as const,
      socials: await service.storeSocials(app.db, request.params.id),
    }),
  );

  // --- merchant writes --------------------------------------------------------------------

  routes.post(
    '/stores',
    merchantOnly({ body: ZCreateStoreRequest, response: { 201: ZStoreResponse } }),
    async (request, reply) => {
      const store = await service.createStore(app.db, merchantOf(request), request.body);
      return reply.status(201).send({ success: true as const, store });
    },
  );

  routes.put(
    '/stores/:id',
    merchantOnly({ params: ZStoreIdParams, body: ZUpdateStoreRequest, response: { 200: ZStoreResponse } }),
    async (request) => ({
      success: true as const,
      store: await service.updateStore(app.db, merchantOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/stores/:id',
    merchantOnly({ params: ZStoreIdParams, response: { 200: ZMessageResponse } }),
    async (request) => {
      await service.deleteStore(app.db, merchantOf(request), request.params.id);
      return { success: true as const, message: 'Store deleted successfully' };
    },
  );

  // Logo upload (issue 13): multipart/form-data with one image file, on its own context so only
  // this route parses multipart. The file's limit is the upload cap, not the 1 MiB JSON limit.
  const storage = localFileStorage(app.config.dataDir);
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1 } });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/stores/:id/logo',
      merchantOnly({
        summary: 'Upload a store logo (multipart/form-data, field "file"; JPEG, PNG, WebP or GIF, max 5 MB)',
        consumes: ['multipart/form-data'],
        params: ZStoreIdParams,
        response: { 200: ZImageUploadResponse },
      }),
      async (request) => ({
        success: true as const,
        message: IMAGE_UPLOAD_MESSAGES.logoUpdated,
        image: await service.uploadStoreLogo(app.db, storage, merchantOf(request), request.params.id, () =>
          readUploadedFile(request, IMAGE_UPLOAD_MAX_BYTES),
        ),
      }),
    );
  });

  routes.post(
    '/stores/:id/branches',
    merchantOnly({ params: ZStoreIdParams, body: ZCreateBranchRequest, response: { 201: ZBranchResponse } }),
    async (request, reply) => {
      const branch = await service.createBranch(app.db, merchantOf(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, branch });
    },
  );

  routes.put(
    '/branches/:id',
    merchantOnly({ params: ZBranchIdParams, body: ZUpdateBranchRequest, response: { 200: ZBranchResponse } }),
    async (request) => ({
      success: true as const,
      branch: await service.updateBranch(app.db, merchantOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/branches/:id',
    merchantOnly({ params: ZBranchIdParams, response: { 200: ZMessageResponse } }),
    async (request) => {
      await service.deleteBranch(app.db, merchantOf(request), request.params.id);
      return { success: true as const, message: 'Branch deleted successfully' };
    },
  );

  routes.post(
    '/stores/:id/staff',
    merchantOnly({ params: ZStoreIdParams, body: ZCreateStaffRequest, response: { 201: ZStaffResponse } }),
    async (request, reply) => {
      const staff = await service.createStaff(app.db, merchantOf(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, staff });
    },
  );

  routes.get(
    '/stores/:id/staff',
    merchantOnly({
      params: ZStoreIdParams,
      response: { 200: z.object({ success: z.literal(true), staff: z.array(ZStaffResponse.shape.staff) }) },
    }),
    async (request) => ({
      success: true as const,
      staff: await service.listStoreStaff(app.db, merchantOf(request), request.params.id),
    }),
  );

  routes.put(
    '/staff/:id',
    merchantOnly({ params: ZStaffIdParams, body: ZUpdateStaffRequest, response: { 200: ZStaffResponse } }),
    async (request) => ({
      success: true as const,
      staff: await service.updateStaff(app.db, merchantOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/staff/:id',
    merchantOnly({ params: ZStaffIdParams, response: { 200: ZMessageResponse } }),
    async (request) => {
      await service.deleteStaff(app.db, merchantOf(request), request.params.id);
      return { success: true as const, message: 'Staff member deleted successfully' };
    },
  );
}
