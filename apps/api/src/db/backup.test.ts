import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { databaseUrlFor } from '../test/database-url.js';
import { createCustomer } from '../test/factories.js';
import { backup, RestoreRefusedError, restore } from './backup.js';
import { type Database, openDatabase } from './client.js';

/**
 * Issue 35: a backup taken while the product writes restores elsewhere into the same data: every
 * table's row count and a checksum of its rows match (the table being written holds the rows
 * committed before the snapshot: between its count before and after, each row identical to the
 * source's). Uploads come back too. A restore refuses a non-empty database unless forced.
 */
type Summary = Map<string, { count: number; sum: string }>;

async function tables(db: Database['db']): Promise<string[]> {
  const result = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return result.rows.map((row) => row.name);
}

async function summary(
  db: Database['db'],
  names: string[],
  only?: { table: string; ids: string[] },
): Promise<Summary> {
  const out: Summary = new Map();
  for (const name of names) {
    const filter =
      only && only.table === name
        ? sql` where t.id::text = any(string_to_array(${only.ids.join(',')}, ','))`
        : sql``;
    const result = await db.execute<{ count: number; sum: string | null }>(
      sql`select count(*)::int as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${sql.identifier(name)} t${filter}`,
    );
    out.set(name, { count: Number(result.rows[0]?.count), sum: result.rows[0]?.sum ?? '' });
  }
  return out;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'd3-backup-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp();
    for (let i = 0; i < 5; i++) await createCustomer(ctx.app.db);
    await mkdir(path.join(ctx.config.dataDir, 'uploads', 'stores'), { recursive: true });
    await writeFile(path.join(ctx.config.dataDir, 'uploads', 'stores', 'logo.webp'), 'image bytes \u0000 1');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  // A dump and a restore of every table while writes go on: generous, so a loaded host is not a failure.
  it('a backup under writes restores elsewhere with every table equal (counts and row checksums)', async () => {
    const names = await tables(ctx.app.db);
    expect(names).toContain('users');
    const usersBefore = (await summary(ctx.app.db, ['users'])).get('users')!.count;
    // Writes keep going while the backup runs.
    let writing = true;
    const writes = (async () => {
      while (writing) await createCustomer(ctx.app.db);
    })();
    const file = path.join(dir, `backup-${ctx.database.kind}.d3backup`);
    const manifest = await backup(
      { database: ctx.database, databaseUrl: ctx.databaseUrl, dataDir: ctx.config.dataDir },
      file,
    );
    writing = false;
    await writes;
    expect(manifest).toMatchObject({ format: 'd3-backup-1', kind: ctx.database.kind, uploads: true });
    const usersAfter = (await summary(ctx.app.db, ['users'])).get('users')!.count;
    expect(usersAfter).toBeGreaterThan(usersBefore);

    // Elsewhere: a new PostgreSQL database, or a new DATA_DIR for PGlite.
    const elsewhere = path.join(dir, `restored-${ctx.database.kind}`);
    let restoredUrl: string | undefined;
    let admin: pg.Client | undefined;
    if (ctx.databaseUrl) {
      const name = `d3_ops_restore_${process.pid}`;
      admin = new pg.Client({ connectionString: ctx.databaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      restoredUrl = databaseUrlFor(ctx.databaseUrl, name);
    }
    try {
      await restore({ databaseUrl: restoredUrl, dataDir: elsewhere, force: false }, file);
      const restored = await openDatabase({ databaseUrl: restoredUrl, dataDir: elsewhere, poolSize: 2 });
      try {
        expect(await tables(restored.db)).toEqual(names);
        const restoredSummary = await summary(restored.db, names);
        const userIds = (await restored.db.execute<{ id: string }>(sql`select id from users`)).rows.map(
          (r) => r.id,
        );
        const source = await summary(ctx.app.db, names, { table: 'users', ids: userIds });
        for (const name of names) {
          const mine = source.get(name);
          const theirs = restoredSummary.get(name);
          // Tables nobody wrote during the backup: the same rows. Users: each restored row as in the source.
          expect({ table: name, ...theirs }).toEqual({ table: name, ...mine });
        }
        const restoredUsers = restoredSummary.get('users')!.count;
        expect(restoredUsers).toBeGreaterThanOrEqual(usersBefore);
        expect(restoredUsers).toBeLessThanOrEqual(usersAfter);
        expect(await readFile(path.join(elsewhere, 'uploads', 'stores', 'logo.webp'), 'utf8')).toBe(
          'image bytes \u0000 1',
        );
      } finally {
        await restored.close();
      }

      // The restored place now holds data: a second restore is refused, then forced.
      await expect(
        restore({ databaseUrl: restoredUrl, dataDir: elsewhere, force: false }, file),
      ).rejects.toThrow(RestoreRefusedError);
      await restore({ databaseUrl: restoredUrl, dataDir: elsewhere, force: true }, file);
      const again = await openDatabase({ databaseUrl: restoredUrl, dataDir: elsewhere, poolSize: 2 });
      try {
        const users = (await summary(again.db, ['users'])).get('users')!.count;
        expect(users).toBeGreaterThanOrEqual(usersBefore);
      } finally {
        await again.close();
      }
    } finally {
      if (admin && restoredUrl) {
        await admin.query(`drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
        await admin.end();
      }
    }
  }, 120_000);
});
