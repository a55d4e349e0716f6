import type { TService } from '@d3/shared/catalogue/catalogue-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/** GET /services/{id} (400 bad id, 404 unknown). */
export function getService(serviceId: string, signal?: AbortSignal): Promise<{ service: TService }> {
  return apiFetch<{ service: TService }>(`/services/${encodeURIComponent(serviceId)}`, { signal });
}

export const serviceQueryKey = (serviceId: string) => ['services', serviceId] as const;

export function useService(serviceId: string) {
  return useQuery({
    queryKey: serviceQueryKey(serviceId),
    queryFn: ({ signal }) => getService(serviceId, signal),
    enabled: serviceId !== '',
  });
}
