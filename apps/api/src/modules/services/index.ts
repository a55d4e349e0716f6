import { servicesContract as c } from '@d3/shared/catalogue/services-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import * as service from './services-service.js';

/** Services (seed 000 §2 "Service detail", store profile's Services tab; seed 001 §7). */
export default async function servicesRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  route(c.list, async (request) => {
    const { services, pagination } = await service.listServices(app.db, request.query);
    return { success: true as const, services, data: services, pagination };
  });
  route(c.ofStore, async (request) => {
    const { services, pagination } = await service.listServices(app.db, {
      ...request.query,
      storeId: request.params.storeId,
    });
    return { success: true as const, services, data: services, pagination };
  });
  route(c.get, async (request) => ({
    success: true as const,
    service: await service.getService(app.db, request.params.id),
  }));
  route(c.create, async (request, reply) => {
    const created = await service.createService(app.db, subOf(request), request.body);
    return reply.status(201).send({ success: true as const, service: created });
  });
  route(c.update, async (request) => ({
    success: true as const,
    service: await service.updateService(app.db, subOf(request), request.params.id, request.body),
  }));
  route(c.remove, async (request) => {
    await service.deleteService(app.db, subOf(request), request.params.id);
    return { success: true as const, message: 'Service deleted successfully' };
  });
}
