import { readRetryDelayMs, shouldRetryRead } from '@d3/api-client';
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Seed 001 §9: reads retry network and server failures 3 times after 1, 2 and 4 s; never a 4xx.
      retry: shouldRetryRead,
      retryDelay: readRetryDelayMs,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
