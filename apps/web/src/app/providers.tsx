import { QUERY_DEFAULTS } from '@d3/api-client';
import { type I18n, LocaleProvider } from '@d3/ui';
import { type DehydratedState, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToasterHost } from '../components/toaster-host';
import { getToken } from '../lib/auth-token';
import { siteI18nOrDefault } from '../lib/locale';
import { useSession } from '../lib/use-session';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
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

/**
 * The query cache the server rendered the page from (entry-server.tsx): the first render shows the
 * same data, so hydration matches. Those are anonymous answers: a signed-in reader's copy is marked
 * stale, so each query re-reads with the session once it mounts.
 */
export function clientFrom(state: DehydratedState | undefined): QueryClient {
  const client = createQueryClient();
  if (state) {
    hydrate(client, state);
    if (getToken() !== null) void client.invalidateQueries({ refetchType: 'none' });
  }
  return client;
}

export function Providers({
  children,
  client,
  dehydratedState,
  i18n,
}: {
  children: ReactNode;
  /** The page's language and its catalogue (main.tsx loads it; the server render makes its own). */
  i18n?: I18n;
  /** A client made beforehand: the server render's own (entry-server.tsx), or main.tsx's from the server's cache. */
  client?: QueryClient;
  dehydratedState?: DehydratedState;
}) {
  const [queryClient] = useState(() => client ?? clientFrom(dehydratedState));
  const [pageI18n] = useState(() => i18n ?? siteI18nOrDefault());
  useStoresFollowTheSession(queryClient);
  return (
    <LocaleProvider i18n={pageI18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToasterHost />
      </QueryClientProvider>
    </LocaleProvider>
  );
}
