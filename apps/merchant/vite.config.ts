import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { compiledCatalogs } from '../../packages/ui/build/compiled-catalogs';
import { MERCHANT_ROUTE_PATHS } from './src/app/route-paths';

/** Writes site-routes.json (the route table the API answers 404 outside of, issue 36). */
function siteRoutes(): Plugin {
  return {
    name: 'd3-site-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'site-routes.json',
        source: `${JSON.stringify(MERCHANT_ROUTE_PATHS)}\n`,
      });
    },
  };
}

// The merchant site is served by the API process under /merchant/ (the customer site owns /).
export default defineConfig(({ command }) => {
  // A build is a production build whatever NODE_ENV the shell has (issue 38; see apps/web/vite.config.ts).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/merchant/',
    // compiledCatalogs: locales/*.messages.json become Lingui's compiled messages, one chunk per language (issue 33).
    plugins: [compiledCatalogs(), react(), tailwindcss(), siteRoutes()],
    resolve: {
      // `source` points workspace packages (@d3/shared) at their TypeScript sources, so no prebuild is needed.
      conditions: ['source', ...defaultClientConditions],
    },
    server: {
      port: 5174,
      proxy: {
        '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true },
        '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
      },
    },
    preview: { port: 4174 },
    build: {
      target: 'es2022',
    },
  };
});
