import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from '../db/client.js';
import { databaseUrlFor } from './database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file holding a dump of a migrated database. */
    pgliteTemplate: string;
    /** PostgreSQL: name of a migrated template database (when TEST_DATABASE_URL is set). */
    pgTemplate: string;
  }
}

/** Migrates once per run; every test file then starts from a copy of this template. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'd3-test-'));
  const cleanups: Array<() => Promise<void>> = [() => rm(dir, { recursive: true, force: true })];

  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `d3_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(url, template),
      dataDir: dir,
      poolSize: 1,
    });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', template);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    });
  } else {
    project.provide('pgTemplate', '');
  }

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
