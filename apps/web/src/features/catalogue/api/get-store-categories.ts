import { storesRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const storeCategoriesQueryKey = ['stores', 'categories'] as const;

/** GET /stores/categories: every store category with its count. */
export async function getStoreCategories(signal?: AbortSignal) {
  const response = await call(storesRoutes.categories, {}, { signal });
  return response.categories;
}

/** The categories' key and function (the hook's, and All Stores' server read). */
export const storeCategoriesQuery = {
  queryKey: storeCategoriesQueryKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getStoreCategories(signal),
};

export function useStoreCategories() {
  return useQuery({
    ...storeCategoriesQuery,
    staleTime: 5 * 60_000,
  });
}
