import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Database } from './client.js';

/**
 * Backups (issue 35): one tar file holding `manifest.json`, the database (`database.pgdump` from
 * `pg_dump -Fc` for PostgreSQL, `pglite.tar.gz` from PGlite's dumpDataDir) and `uploads/` (the
 * images under DATA_DIR/uploads). pg_dump reads one consistent snapshot while the product keeps
 * writing; PGlite dumps between two statements of its queue.
 */
export interface BackupManifest {
  format: 'd3-backup-1';
  kind: 'postgres' | 'pglite';
  createdAt: string;
  uploads: boolean;
}

export class RestoreRefusedError extends Error {}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { env, encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr.trim()}`);
}

/** Writes a backup of `database` (and `dataDir/uploads`) to `out`. */
export async function backup(
  options: { database: Database; databaseUrl?: string | undefined; dataDir: string },
  out: string,
): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(tmpdir(), 'd3-backup-'));
  try {
    if (options.database.kind === 'postgres') {
      if (!options.databaseUrl) throw new Error('a PostgreSQL backup needs its DATABASE_URL');
      run('pg_dump', [
        '-Fc',
        '--no-owner',
        '-d',
        options.databaseUrl,
        '-f',
        path.join(stage, 'database.pgdump'),
      ]);
    } else {
      if (!options.database.dumpDataDir) throw new Error('this database cannot dump its data directory');
      const dump = await options.database.dumpDataDir();
      await writeFile(path.join(stage, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    }
    const uploads = path.join(options.dataDir, 'uploads');
    const hasUploads = existsSync(uploads);
    if (hasUploads) await cp(uploads, path.join(stage, 'uploads'), { recursive: true });
    const manifest: BackupManifest = {
      format: 'd3-backup-1',
      kind: options.database.kind,
      createdAt: new Date().toISOString(),
      uploads: hasUploads,
    };
    await writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    run('tar', ['-cf', path.resolve(out), '-C', stage, '.']);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into the database `databaseUrl` names (else PGlite in `dataDir`) and
 * `dataDir/uploads`. Refuses a database that holds tables (or a PGlite directory that exists)
 * unless `force`, which replaces them. The product must not be running on it.
 */
export async function restore(
  options: { databaseUrl?: string | undefined; dataDir: string; force: boolean },
  file: string,
): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(tmpdir(), 'd3-restore-'));
  try {
    run('tar', ['-xf', path.resolve(file), '-C', stage]);
    const manifest = JSON.parse(await readFile(path.join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 'd3-backup-1') throw new Error('not a D3 Deals backup');
    const target = options.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== target) {
      throw new Error(`this backup is of ${manifest.kind}; DATABASE_URL/DATA_DIR name a ${target} database`);
    }
    if (target === 'postgres') {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
        );
        if ((rows[0]?.n ?? 0) > 0 && !options.force) {
          throw new RestoreRefusedError('the database is not empty; --force replaces what it holds');
        }
        if (options.force) {
          await client.query('drop schema if exists drizzle cascade');
          await client.query('drop schema if exists public cascade');
          await client.query('create schema public');
        }
      } finally {
        await client.end();
      }
      run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '-d',
        options.databaseUrl!,
        path.join(stage, 'database.pgdump'),
      ]);
    } else {
      const dir = path.join(options.dataDir, 'pglite');
      const present = existsSync(dir) && (await readdir(dir)).length > 0;
      if (present && !options.force) {
        throw new RestoreRefusedError(`${dir} is not empty; --force replaces it`);
      }
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      const dump = await readFile(path.join(stage, 'pglite.tar.gz'));
      const client = await PGlite.create({
        dataDir: dir,
        extensions: { pg_trgm },
        loadDataDir: new Blob([dump]),
      });
      await client.close();
    }
    const uploads = path.join(options.dataDir, 'uploads');
    if (manifest.uploads) {
      if (options.force) await rm(uploads, { recursive: true, force: true });
      await cp(path.join(stage, 'uploads'), uploads, { recursive: true, force: options.force });
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
