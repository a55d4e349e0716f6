import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { useTempDirs } from '../test/temp-dirs.js';
import { databaseOptions, openDatabase } from './client.js';

const tempDir = useTempDirs('d3-client-');

async function sharedBuffers(env: Record<string, string>): Promise<string> {
  const dataDir = await tempDir();
  const database = await openDatabase(databaseOptions(loadConfig({ DATA_DIR: dataDir, ...env })));
  try {
    const result = await database.db.$client.query<{ shared_buffers: string }>('show shared_buffers');
    return result.rows[0]?.shared_buffers ?? '';
  } finally {
    await database.close();
  }
}

describe('PGlite page cache (issue 16: the embedded process’s memory)', () => {
  // Two PGlite databases made from scratch (initdb each): ~20 s alone, more on a loaded machine.
  it('is 32 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise (PGlite alone would take 128 MB of the process)', {
    timeout: 180_000,
  }, async () => {
    expect(await sharedBuffers({})).toBe('32MB');
    expect(await sharedBuffers({ PGLITE_SHARED_BUFFERS_MB: '48' })).toBe('48MB');
  });
});
