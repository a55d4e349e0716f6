import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { compiledCatalogs } from '../../packages/ui/build/compiled-catalogs';
import { routePreloads } from './build/route-preloads';

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
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: isSsrBuild
    ? [compiledCatalogs(), react()]
    : [compiledCatalogs(), react(), tailwindcss(), routePreloads()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // `vite build --ssr src/entry-server.tsx` (npm run build): the first view the API renders (issue 16),
  // one self-contained bundle in dist-server, beside (never inside) the public dist.
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
}));
