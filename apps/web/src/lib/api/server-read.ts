import { hashKey, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';

/**
 * A read a server-rendered page makes, as its hook asks it (the same key and function). The server
 * asks a page's reads before it renders the page (issue 38), so the page is rendered once: it was
 * rendered a first time only to find out what it reads (half the CPU of a render). `next` names the
 * reads that need this one's answer (an offer's service). A read left out here is still found by
 * that first render, at the cost of the extra pass.
 */
export interface ServerRead {
  queryKey: QueryKey;
  // biome-ignore lint/suspicious/noExplicitAny: each read's own answer type
  queryFn: QueryFunction<any>;
  // biome-ignore lint/suspicious/noExplicitAny: the answer of this read
  next?: (data: any) => ServerRead[];
}

/** A page's reads for its address, as an anonymous visitor in all locations sees it (the server's view). */
export type PageReads = (page: {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}) => ServerRead[];

/**
 * The page's own reads (its module's `serverReads`), asked before its first render, and the reads
 * that follow from their answers: the render then finds its data and is the only one (issue 38).
 * A read that fails is left for the browser, as entry-server.tsx leaves those its render finds.
 */
export async function readFirst(client: QueryClient, tried: Set<string>, reads: ServerRead[]): Promise<void> {
  const ask = (list: ServerRead[]): Promise<unknown> =>
    Promise.all(
      list.map(async ({ next, ...read }) => {
        tried.add(hashKey(read.queryKey));
        await client.prefetchQuery(read);
        const data = client.getQueryData(read.queryKey);
        if (next && data !== undefined) await ask(next(data));
      }),
    );
  // Failures are dropped once every read has settled (not while a sibling is still on its way).
  await ask(reads);
  forgetFailed(client);
}

/** A read that failed renders as loading, as in the browser, which then asks again itself. */
export function forgetFailed(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.state.status !== 'success' });
}
