/**
 * The customer site's first view, rendered by the API process (issue 16: on a mid-range phone the
 * page was blank until React booted). Built by `vite build --ssr` into apps/web/dist-server and
 * loaded by apps/api (modules/home-boot/server-render.ts) for the site's entry pages; the browser
 * then hydrates the same markup (main.tsx) from the query cache sent beside it.
 *
 * The server renders the anonymous view: the session lives in the browser (useSession's server
 * snapshot is null there too, so hydration matches and the signed-in view follows after it).
 */

import type { Locale } from '@d3/shared/i18n/locale';
import { routePaths } from '@d3/shared/site/site-routes';
import { createI18n, type I18n, type Messages } from '@d3/ui';
import {
  type DehydratedState,
  defaultShouldDehydrateQuery,
  dehydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createQueryClient, Providers } from './app/providers';
import { type PageHandle, routes } from './app/router';
import { forgetFailed, readFirst } from './lib/api/server-read';
import { setServerReads } from './lib/boot-data';
import { setServerRenderI18n } from './lib/site-i18n';
import en from './locales/en.messages.json';
import sw from './locales/sw.messages.json';

/** Every area's messages (issue 33): the server renders any page, so it holds the whole catalogue. */
const AREAS = import.meta.glob<Messages>('./locales/*/{en,sw}.messages.json', {
  eager: true,
  import: 'default',
});
const areaMessages = (locale: Locale): Messages =>
  Object.assign(
    {},
    ...Object.entries(AREAS)
      .filter(([file]) => file.endsWith(`/${locale}.messages.json`))
      .map(([, messages]) => messages),
  );
const MESSAGES: Record<Locale, Messages> = {
  en: { ...en, ...areaMessages('en') },
  sw: { ...sw, ...areaMessages('sw') },
};

export { setServerReads };

type RenderStore = { run<R>(i18n: I18n, render: () => R): R; getStore(): I18n | undefined };
/** Node's AsyncLocalStorage (the site's types are the browser's): each render's i18n, across its awaits. */
const asyncHooks = 'node:async_hooks';
const { AsyncLocalStorage } = (await import(/* @vite-ignore */ asyncHooks)) as {
  AsyncLocalStorage: new () => RenderStore;
};
const renderI18n = new AsyncLocalStorage();
setServerRenderI18n(() => renderI18n.getStore());

export interface ServerRender {
  /** The markup inside <div id="root">. */
  html: string;
  /** The query cache the markup was rendered from, for main.tsx to hydrate. */
  state: DehydratedState;
  /** How many times the page was rendered: 1 when its reads were all asked before (issue 38). */
  passes: number;
}

/** Renders beyond this many passes leave the remaining (dependent) reads to the browser. */
const MAX_PASSES = 3;

/** Markup of `node` once every lazy page under it has loaded; any error fails the render. */
async function markup(node: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(node, {
    // Every boundary inline, complete: never React's inline swap scripts (the CSP allows no inline script).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      errors.push(error);
    },
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  if (html.includes('<script')) throw new Error('the render left a boundary to an inline script');
  return html;
}

type Enabled = boolean | ((query: Query) => boolean) | undefined;

/**
 * Records, per query, the `enabled` of every useQuery that asked for it: two hooks may share a
 * query, one of them disabled (the query itself keeps only the last one's options, and on the
 * server no observer is attached to it to ask). A query no hook asked for has no entry.
 */
function watchEnabled(client: QueryClient): {
  isEnabled: (query: Query) => boolean;
  asked: (query: Query) => boolean;
} {
  const asked = new Map<string, Enabled[]>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted._optimisticResults !== undefined) {
      const list = asked.get(defaulted.queryHash) ?? [];
      list.push(defaulted.enabled as Enabled);
      asked.set(defaulted.queryHash, list);
    }
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return {
    isEnabled: (query) =>
      (asked.get(query.queryHash) ?? []).some((enabled) =>
        typeof enabled === 'function' ? enabled(query) !== false : enabled !== false,
      ),
    asked: (query) => asked.has(query.queryHash),
  };
}

/** Reads the render asked for and were not tried yet (`tried`: query hashes); true when there were any. */
async function readPending(
  client: QueryClient,
  tried: Set<string>,
  isEnabled: (query: Query) => boolean,
): Promise<boolean> {
  const pending = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle')
    .filter((query) => !tried.has(query.queryHash) && isEnabled(query));
  if (pending.length === 0) return false;
  for (const query of pending) tried.add(query.queryHash);
  await Promise.all(
    pending.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
  );
  forgetFailed(client);
  return true;
}

/**
 * The page at `url` (path and query), or null when the address redirects. Rendered, its reads
 * answered through setServerReads, and rendered again until nothing new is asked for.
 */
/** The route table made ready once per process (issue 38: rebuilt on every render it was ~2 % of one). */
let staticHandler: ReturnType<typeof createStaticHandler> | undefined;

export async function render(url: string, locale: Locale = 'en'): Promise<ServerRender | null> {
  staticHandler ??= createStaticHandler(routes);
  const handler = staticHandler;
  const address = new URL(url, 'http://localhost');
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const i18n = createI18n(locale, MESSAGES[locale]);
  const page = (
    <Providers client={client} i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>
  );
  const tried = new Set<string>();
  const { isEnabled, asked } = watchEnabled(client);
  const leaf = context.matches[context.matches.length - 1];
  const pageReads = await (leaf?.route.handle as PageHandle | undefined)?.reads();
  return renderI18n.run(i18n, async () => {
    if (pageReads && leaf)
      await readFirst(client, tried, pageReads({ params: leaf.params, search: address.searchParams }));
    let html = await markup(page);
    let passes = 1;
    while (passes < MAX_PASSES && (await readPending(client, tried, isEnabled))) {
      html = await markup(page);
      passes += 1;
    }
    // Only what the page asked for goes to the browser (a read asked first that it did not use stays here).
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && asked(query),
    });
    return { html, state, passes };
  });
}

/** The site's route table for the server (issue 36): scripts/site-routes.mjs writes it beside index.html. */
export function sitePaths(): string[] {
  return routePaths(routes);
}
