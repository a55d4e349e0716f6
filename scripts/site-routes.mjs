// Writes the customer site's route table (site-routes.json, packages/shared site/site-routes.ts)
// beside its index.html, from the server bundle's `sitePaths()`: the API answers an address no route
// matches with HTTP 404 (issue 36). Run by apps/web's build after `vite build --ssr`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, dist] = process.argv.slice(2);
if (!entry || !dist) {
  console.error('usage: node scripts/site-routes.mjs <dist-server/entry-server.js> <dist>');
  process.exit(1);
}
const site = await import(pathToFileURL(path.resolve(entry)).href);
const paths = site.sitePaths();
writeFileSync(path.join(dist, 'site-routes.json'), `${JSON.stringify(paths)}\n`);
console.log(`site-routes.json: ${paths.length} paths`);
