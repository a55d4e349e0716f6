import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRouter } from './router';

type TRouter = ComponentProps<typeof RouterProvider>['router'];

/**
 * The whole customer site as main.tsx mounts it. Deliberately not wrapped in <StrictMode>: in development
 * StrictMode mounts every component, unmounts it and mounts it again, and a query whose request honours
 * React Query's AbortSignal (ours do, so a visitor who leaves a page stops its downloads) is cancelled by
 * that unmount and sent again — every call on page load twice, the first aborted (issue 15, defect 3).
 * Production never double-mounts; without StrictMode development behaves the same: one request per query.
 */
export function AppRoot({
  router,
  client,
  dehydratedState,
}: {
  router?: TRouter;
  /** The query client, when main.tsx made it beforehand from the server's cache. */
  client?: QueryClient;
  /** The query cache the server rendered this page from (main.tsx hydrates it). */
  dehydratedState?: DehydratedState;
}) {
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <Providers client={client} dehydratedState={dehydratedState}>
      <RouterProvider router={appRouter} />
    </Providers>
  );
}
