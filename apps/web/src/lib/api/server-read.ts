import type { QueryFunction, QueryKey } from '@tanstack/react-query';

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
