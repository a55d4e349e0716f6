import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToasterHost } from '../components/toaster-host';
import { isApiError } from '../lib/api-client';
import { useSession } from '../lib/use-session';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change on retry; network trouble and 5xx get two more tries.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Store answers depend on who asks (`following` for a signed-in customer): when the session changes
 * (sign-in, sign-out, another tab), cached stores are re-read instead of showing the old answer.
 */
function useStoresFollowTheSession(queryClient: QueryClient) {
  const token = useSession()?.token ?? null;
  const [seen, setSeen] = useState(token);
  useEffect(() => {
    if (token === seen) return;
    setSeen(token);
    void queryClient.invalidateQueries({ queryKey: ['stores'] });
  }, [token, seen, queryClient]);
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useStoresFollowTheSession(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
