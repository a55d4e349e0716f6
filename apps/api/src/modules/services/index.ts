import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import {
  ZCreateServiceRequest,
  ZServiceIdParams,
  ZServiceListQuery,
  ZServiceListResponse,
  ZServiceResponse,
  ZStoreIdPathParams,
  ZUpdateServiceRequest,
} from '@d3/shared/catalogue/catalogue-schemas';
import type { FastifyInstance } from 'fastify';
import { routeKit } from '../../plugins/route-kit.js';
import * as service from './services-service.js';

/** Services (seed 000 §2 "Service detail", store profile's Services tab; seed 001 §7). */
export default async function servicesRoutes(app: FastifyInstance) {
  const { routes, open, merchantOnly, subOf } = routeKit(app, 'services');

  routes.get(
    '/services',
    open({ querystring: ZServiceListQuery, response: { 200: ZServiceListResponse } }),
    async (request) => {
      const { services, pagination } = await service.listServices(app.db, request.query);
      return { success: true as const, services, data: services, pagination };
    },
  );

  routes.get(
    '/services/store/:storeId',
    open({
      params: ZStoreIdPathParams,
      querystring: ZServiceListQuery.omit({ storeId: true }),
      response: { 200: ZServiceListResponse },
    }),
    async (request) => {
      const { services, pagination } = await service.listServices(app.db, {
        ...request.query,
        storeId: request.params.storeId,
      });
      return { success: true as const, services, data: services, pagination };
    },
  );

  routes.get(
    '/services/:id',
    open({ params: ZServiceIdParams, response: { 200: ZServiceResponse } }),
    async (request) => ({
      success: true as const,
      service: await service.getService(app.db, request.params.id),
    }),
  );

  routes.post(
    '/services',
    merchantOnly({ body: ZCreateServiceRequest, response: { 201: ZServiceResponse } }),
    async (request, reply) => {
      const created = await service.createService(app.db, subOf(request), request.body);
      return reply.status(201).send({ success: true as const, service: created });
    },
  );

  routes.put(
    '/services/:id',
    merchantOnly({
      params: ZServiceIdParams,
      body: ZUpdateServiceRequest,
      response: { 200: ZServiceResponse },
    }),
    async (request) => ({
      success: true as const,
      service: await service.updateService(app.db, subOf(request), request.params.id, request.body),
    }),
  );

  routes.delete(
    '/services/:id',
    merchantOnly({ params: ZServiceIdParams, response: { 200: ZMessageResponse } }),
    async (request) => {
      await service.deleteService(app.db, subOf(request), request.params.id);
      return { success: true as const, message: 'Service deleted successfully' };
    },
  );
}
