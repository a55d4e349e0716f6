import type { Plugin } from 'vite';

/**
 * The page modules of the busiest entry addresses (the router's lazy pages, see src/app/router.tsx),
 * by the address patterns that open them. Matched case-insensitively against the whole path.
 */
export const PRELOADED_ROUTES: { pattern: string; module: string; data?: string[] }[] = [
  // Its first reads come as the home boot data (apps/api modules/home-boot).
  { pattern: '^/$', module: 'src/features/home/pages/home-page.tsx' },
  {
    pattern: '^/(hotdeals|hot-deals)/?$',
    module: 'src/features/catalogue/pages/hot-deals-page.tsx',
    data: ['/api/v1/offers?status=active&limit=12&sortBy=latest&page=1'],
  },
  {
    pattern: '^/(stores|services|merchants|providers)/?$',
    module: 'src/features/catalogue/pages/stores-page.tsx',
    data: ['/api/v1/stores/categories', '/api/v1/stores?limit=20&sortBy=popular&page=1'],
  },
  {
    pattern: '^/store/(?<storeId>[^/]+)/?$',
    module: 'src/app/store-route.tsx',
    data: ['/api/v1/stores/:storeId', '/api/v1/offers/store/:storeId', '/api/v1/services/store/:storeId'],
  },
  {
    pattern: '^/(offer|offers|view-offer)/(?<offerId>[^/]+)/?$|^/store/[^/]+/offer/(?<storeOfferId>[^/]+)/?$',
    module: 'src/features/catalogue/pages/offer-detail-page.tsx',
    data: ['/api/v1/offers/:offerId', '/api/v1/offers/:storeOfferId'],
  },
  {
    pattern: '^/(service|services|view-service)/[^/]+/?$|^/store/[^/]+/services?/[^/]+/?$',
    module: 'src/features/catalogue/pages/service-detail-page.tsx',
  },
  {
    pattern: '^/service-requests/?$',
    module: 'src/features/service-requests/pages/service-requests-page.tsx',
    data: ['/api/v1/request-service?page=1&limit=6', '/api/v1/request-service/categories'],
  },
  { pattern: '^/search/?$', module: 'src/features/search/pages/search-page.tsx' },
];

/**
 * Account pages a customer needs with no signal (issue 32): the service worker precaches their code
 * (offline-pages.json, read by build/app-shell.ts), so My Bookings, every voucher and the chat open
 * offline even when they were never opened online on this phone.
 */
export const OFFLINE_PAGES = [
  'src/features/bookings/pages/my-bookings-page.tsx',
  'src/features/bookings/pages/booking-details-page.tsx',
  'src/features/chat/pages/chat-page.tsx',
];

/**
 * Writes route-preloads.json beside index.html: for each pattern above, the page's chunk and every
 * chunk it imports statically (the entry's own imports excluded: index.html preloads those). The
 * API serves index.html for such an address with these as <link rel="modulepreload">, so the page's
 * code downloads beside the main bundle instead of after it has run (issue 16). `data`: the API
 * reads the page makes first for a visitor, `:name` taken from the pattern's named group; the API
 * puts their answers into that index.html (lib/boot-data.ts reads them), so the first screen does
 * not wait for them either. A page whose reads change must change its line here too (a stale line
 * costs only the wasted read: the page then asks the API itself).
 */
export function routePreloads(): Plugin {
  return {
    name: 'd3-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const eager = new Set<string>();
      const collect = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) collect(imported, into);
      };
      if (entry) {
        collect(entry.fileName, eager);
        // index.html preloads main.tsx's start-up imports too (transformIndexHtml below).
        for (const started of entry.dynamicImports) collect(started, eager);
      }
      const routes = PRELOADED_ROUTES.flatMap(({ pattern, module, data }) => {
        const chunk = chunks.find((item) =>
          item.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`),
        );
        if (!chunk) {
          this.warn(`route-preloads: no chunk for ${module}`);
          return [];
        }
        const files = new Set<string>();
        collect(chunk.fileName, files);
        return [
          {
            pattern,
            data: data ?? [],
            files: [...files].filter((file) => !eager.has(file)).map((file) => `/${file}`),
          },
        ];
      });
      const offline = new Set<string>();
      for (const module of OFFLINE_PAGES) {
        const chunk = chunks.find((item) =>
          item.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`),
        );
        if (chunk) collect(chunk.fileName, offline);
        else this.warn(`route-preloads: no chunk for ${module}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'offline-pages.json',
        source: `${JSON.stringify(
          [...offline].map((file) => `/${file}`),
          null,
          2,
        )}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
    // main.tsx imports React and the app dynamically, to evaluate them in tasks of their own; their
    // chunks are still preloaded beside the entry, so that costs no extra round trip (issue 16).
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const entry = ctx.chunk;
        if (!ctx.bundle || !entry) return [];
        const byFile = new Map(
          Object.values(ctx.bundle)
            .filter((item) => item.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const collect = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) collect(imported, into);
        };
        const eager = new Set<string>();
        collect(entry.fileName, eager);
        const startUp = new Set<string>();
        for (const started of entry.dynamicImports) collect(started, startUp);
        return [...startUp]
          .filter((file) => !eager.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
