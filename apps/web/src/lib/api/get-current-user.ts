import type { TUser } from '@d3/shared/accounts/accounts-schemas';
import { accountsRoutes } from '@d3/shared/api/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';

/** Keyed by the token, so signing in as someone else never shows the previous person's name. */
export const currentUserQueryKey = (token: string | null) => ['users', 'current', token] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<TUser> {
  const response = await call(accountsRoutes.current, {}, { signal });
  return response.data.user;
}

/** The signed-in customer (the navbar's source of truth); idle while there is no token. */
export function useCurrentUser(token: string | null) {
  return useQuery({
    queryKey: currentUserQueryKey(token),
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}
