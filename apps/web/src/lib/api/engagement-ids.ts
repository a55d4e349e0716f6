import { type QueryClient, useQuery } from '@tanstack/react-query';

/**
 * Every id the signed-in customer has marked (favourite offers, followed stores), read once and shared
 * by every heart or Follow button in the app; no read without a session.
 */
export function useEngagementIds(
  queryKey: readonly unknown[],
  token: string | null,
  getIds: (signal?: AbortSignal) => Promise<string[]>,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getIds(signal),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** Puts one id at the front of the cached list (`on`) or takes it out; leaves a list never loaded alone. */
export function patchEngagementIds(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  id: string,
  on: boolean,
) {
  queryClient.setQueryData<string[]>(queryKey, (old) => {
    if (old === undefined) return old;
    const without = old.filter((entry) => entry !== id);
    return on ? [id, ...without] : without;
  });
}
