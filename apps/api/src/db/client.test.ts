import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { databaseOptions, openDatabase } from './client.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function sharedBuffers(env: Record<string, string>): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'd3-client-'));
  dirs.push(dataDir);
  const database = await openDatabase(databaseOptions(loadConfig({ DATA_DIR: dataDir, ...env })));
  try {
    const result = await database.db.$client.query<{ shared_buffers: string }>('show shared_buffers');
    return result.rows[0]?.shared_buffers ?? '';
  } finally {
    await database.close();
  }
}

describe('PGlite page cache (issue 16: the embedded process’s memory)', () => {
  it('is 32 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise (PGlite alone would take 128 MB of the process)', async () => {
    expect(await sharedBuffers({})).toBe('32MB');
    expect(await sharedBuffers({ PGLITE_SHARED_BUFFERS_MB: '48' })).toBe('48MB');
  });
});
