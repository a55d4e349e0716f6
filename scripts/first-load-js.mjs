#!/usr/bin/env node
// Home first-load JS of a built apps/web/dist (gzip -9 per file): index.html's scripts and module
// preloads, the home route's preloads, and the catalogue chunks the page imports at start (the
// shell's English catalogue, and the home area's English catalogue when there is one).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2];
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[\w.-]+\.js)"/g)].map((m) => m[1]));
const routes = JSON.parse(readFileSync(path.join(dist, 'route-preloads.json'), 'utf8'));
for (const f of routes.find((r) => r.pattern === '^/$').files) files.add(f.replace(/^\//, ''));
const assets = readdirSync(path.join(dist, 'assets'));
const catalogue = (needle) =>
  assets
    .filter((a) => /^en\.messages\.json-[\w-]+\.js$/.test(a))
    .find((a) => readFileSync(path.join(dist, 'assets', a), 'utf8').includes(needle));
const extra = [catalogue('"nav.home"'), catalogue('"home.title"')].filter(Boolean);
for (const e of extra) files.add(`assets/${e}`);
let total = 0;
const rows = [];
for (const f of files) {
  const size = gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  total += size;
  rows.push([size, f]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [size, f] of rows)
  if (/locale|messages|i18n|home-page|index-|site-i18n|deal-texts|rich-text/.test(f)) console.log(size, f);
console.log('files', files.size, 'total gzip', total);
