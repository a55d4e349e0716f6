import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@d3/shared/i18n/locale';
import {
  ICON_SPRITE_PATH,
  type IconSymbols,
  inlineIconSymbols,
  spriteSymbols,
} from '@d3/shared/site/icon-sprite';
import { pageAddress } from '@d3/shared/site/page-address';
import type { FastifyInstance } from 'fastify';
import { jsonForScript } from './home-head.js';

/** What apps/web/src/entry-server.tsx exports (built into apps/web/dist-server/entry-server.js). */
export interface ServerRenderModule {
  setServerReads(read: (url: string) => Promise<unknown>): void;
  render(url: string, locale?: Locale): Promise<{ html: string; state: unknown } | null>;
}

/** A read the page makes that the API did not answer with 200: the browser asks again itself. */
class ReadDeclined extends Error {}

/**
 * The customer site's first view rendered here (issue 16): `load` gives the site's server bundle
 * (imported once, on first use). Its reads are answered by this process (app.inject) as for an
 * anonymous visitor at the visitor's address, so they spend that visitor's rate-limit budget as
 * the browser's own reads would have. Answers the markup for <div id="root"> and the query cache
 * as a JSON data block (`d3-ssr`, read by the site's main.tsx; not executed, so the CSP allows it).
 * The icons the markup draws point at their symbols, sent inline after it (`icons`, the site's
 * sprite: packages/shared/src/site/icon-sprite.ts).
 */
export function createServerRender(
  app: FastifyInstance,
  load: () => Promise<ServerRenderModule>,
  icons: IconSymbols = new Map(),
): (url: string, ip: string, locale?: Locale) => Promise<{ root: string; data: string } | null> {
  const visitor = new AsyncLocalStorage<string>();
  let loaded: Promise<ServerRenderModule> | undefined;
  const module = () => {
    loaded ??= load().then((site) => {
      site.setServerReads(async (url) => {
        if (!url.startsWith('/api/')) throw new ReadDeclined(`not an API address: ${url}`);
        const response = await app.inject({
          method: 'GET',
          url,
          remoteAddress: visitor.getStore() ?? '127.0.0.1',
          headers: { 'x-api-key': app.config.apiKeys[0] ?? '', ...app.publicData.freshReadHeaders },
        });
        if (response.statusCode !== 200) throw new ReadDeclined(`${url} answered ${response.statusCode}`);
        return response.json();
      });
      return site;
    });
    return loaded;
  };
  return async (url, ip, locale = 'en') => {
    const site = await module();
    // Drawn at the address its page cache keeps it under (pageKey): a parameter no page reads is not in it.
    const rendered = await visitor.run(ip, () => site.render(pageAddress(url), locale));
    if (!rendered) return null;
    const { markup, symbols } = inlineIconSymbols(rendered.html, icons);
    return {
      root: markup,
      data: `${symbols}<script type="application/json" id="d3-ssr">${jsonForScript(rendered.state)}</script>`,
    };
  };
}

/** The bundle at `entry` (an absolute path). */
export const importServerBundle = (entry: string) => () =>
  import(pathToFileURL(entry).href) as Promise<ServerRenderModule>;

/** The symbols of the site's icon sprite in `webDist` (none when the build wrote no sprite). */
export function siteIconSymbols(webDist: string): IconSymbols {
  const file = path.join(webDist, ICON_SPRITE_PATH);
  return existsSync(file) ? spriteSymbols(readFileSync(file, 'utf8')) : new Map();
}
