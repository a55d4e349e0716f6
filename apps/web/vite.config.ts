import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compiledCatalogs } from '../../packages/ui/build/compiled-catalogs';
import { appShellOnly } from './build/app-shell';
import { iconSprite } from './build/icon-sprite';
import { routePreloads } from './build/route-preloads';

/**
 * React Router's production build. Its package exports name only `dist/development` (the same code
 * with `ENABLE_DEV_WARNINGS = true`: warnings a production bundle cannot drop), ~0.6 kB gzip more in
 * every page's first script (the server bundle takes it too). Resolved from the package, so it is the one copy whatever imports it.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const apiOrigin = process.env.D3_API_ORIGIN ?? 'http://127.0.0.1:3000';

// The API process serves these paths; in development Vite forwards them so the site and the API share one origin.
const proxy = {
  '/api': { target: apiOrigin, changeOrigin: true },
  // The Host header stays the page's own: the API refuses a socket whose Origin is not its Host (issue 31).
  '/socket.io': { target: apiOrigin, changeOrigin: false, ws: true },
  '/media': { target: apiOrigin, changeOrigin: true },
  '/health': { target: apiOrigin, changeOrigin: true },
};

/** Libraries every page needs go in one long-cached chunk; everything else follows the lazy page that uses it. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(id))
    return 'react';
  if (/node_modules\/@tanstack\//.test(id)) return 'query';
  if (/node_modules\/lucide-react\//.test(id)) return 'icons';
  return undefined;
}

/**
 * The web app manifest and the site's one service worker (issue 32): src/sw/sw.ts, built by Workbox's
 * injectManifest with the app shell as its precache list (build/app-shell.ts). The page registers it
 * itself (src/lib/service-worker.ts), after the first load, and offers the reload when a new build waits.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    includeAssets: [],
    manifest: {
      id: '/',
      name: 'D3 Deals — Deals & services in Kenya',
      short_name: 'D3 Deals',
      description:
        'Discounted offers and services from stores across Kenya. Find a deal, book it, and pay the discounted price at the store.',
      lang: 'en-KE',
      start_url: '/?source=home-screen',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#ea580c',
      background_color: '#ffffff',
      categories: ['shopping', 'lifestyle'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,png,svg,webmanifest}'],
      // icons.svg is the server's source of the symbols it sends with a page; no page fetches it (decision 0824).
      globIgnores: ['sw.js', 'push-sw.js', 'icons.svg', '**/*.br', '**/*.gz'],
      manifestTransforms: [appShellOnly],
    },
  });

/**
 * A build is a production build whatever NODE_ENV the shell has (issue 38): with NODE_ENV=development
 * set, Vite would otherwise emit React's development JSX runtime (`jsxDEV`), and a server started with
 * NODE_ENV=production then failed every render with `jsxDEV is not a function`. Set here, before Vite
 * reads it (its documented place for NODE_ENV). `vite` (dev server) and Vitest are left as they are.
 */
function pinBuildMode(command: string): void {
  if (command === 'build') process.env.NODE_ENV = 'production';
}

export default defineConfig(({ command, isSsrBuild }) => {
  pinBuildMode(command);
  return {
    base: '/',
    plugins: isSsrBuild
      ? [compiledCatalogs(), iconSprite({ writeSprite: false }), react()]
      : [
          compiledCatalogs(),
          iconSprite({ writeSprite: true }),
          react(),
          tailwindcss(),
          routePreloads(),
          pwa(),
        ],
    resolve: {
      conditions: ['source', ...defaultClientConditions],
      // Builds only: the dev server keeps the warnings.
      alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
    },
    // `vite build --ssr src/entry-server.tsx` (npm run build): the first view the API renders (issue 16),
    // one self-contained bundle in dist-server, beside (never inside) the public dist. React's production
    // build is chosen at build time: the bundle no longer asks process.env.NODE_ENV when it runs, so a
    // server started without NODE_ENV (the README's `npm start`) renders as fast as a production start.
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    ssr: {
      noExternal: true,
      resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['node'] },
    },
    server: { proxy },
    preview: { proxy },
    build: isSsrBuild
      ? { target: 'node22', outDir: 'dist-server', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
      : {
          target: 'es2022',
          sourcemap: false,
          rollupOptions: { output: { manualChunks: vendorChunk } },
        },
  };
});
