import { servicesRoutes } from '@d3/shared/api/routes';
import { readById } from './read-by-id';

export const serviceQueryKey = (serviceId: string) => ['services', serviceId] as const;

/** GET /services/{id} (400 bad id, 404 unknown). */
const serviceRead = readById(servicesRoutes.get, serviceQueryKey);

export const getService = serviceRead.get;
export const serviceQuery = serviceRead.query;

export function useService(serviceId: string) {
  return serviceRead.useRead(serviceId);
}
