import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

/**
 * Writes the OpenAPI document the server generates from the contracts (issue 37) to the path given,
 * for `npm run lint:openapi` (Redocly's recommended rules, offline). Nothing listens and no row is
 * read: the app is built on an empty in-memory PGlite and only asked for its document.
 */
const out = process.argv[2];
if (!out) throw new Error('usage: write-openapi.ts <out.json>');
const dataDir = await mkdtemp(path.join(tmpdir(), 'd3-openapi-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  API_KEYS: 'openapi-key',
  JWT_SECRET: 'x'.repeat(64),
  WEB_DIST: path.join(dataDir, 'no-web'),
  MERCHANT_DIST: path.join(dataDir, 'no-merchant'),
});
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config, database });
await app.ready();
// A fresh clone has no dist/ yet (lint runs before any build).
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
