import type { TService } from '@d3/shared/catalogue/catalogue-schemas';
import { readById } from './read-by-id';

export const serviceQueryKey = (serviceId: string) => ['services', serviceId] as const;

/** GET /services/{id} (400 bad id, 404 unknown). */
const serviceRead = readById<{ service: TService }>((id) => `/services/${id}`, serviceQueryKey);

export const getService = serviceRead.get;

export function useService(serviceId: string) {
  return serviceRead.useRead(serviceId);
}
