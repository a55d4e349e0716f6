import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test/temp-dirs.js';
import { openDatabase } from './client.js';
import { DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.js';

/**
 * Issue 14 finding 7: two processes could open the same PGlite data directory and corrupt it.
 * The open takes `<DATA_DIR>/d3-api.lock` (our PID) and a second open refuses with a clear message.
 */
const tempDir = useTempDirs('d3-lock-');

describe('PGlite data directory lock', () => {
  it('a second open of the same data directory refuses with a clear message; after close it opens again', async () => {
    const dataDir = await tempDir();
    const first = await openDatabase({ dataDir });
    const lock = JSON.parse(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8'));
    expect(lock.pid).toBe(process.pid);

    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      `The PGlite data directory ${dataDir} is already in use by process ${process.pid} ` +
        `(lock file ${path.join(dataDir, LOCK_FILE_NAME)}). PGlite allows one process per data ` +
        'directory: stop that process, or give this one another DATA_DIR (or a DATABASE_URL).',
    );
    // The refused open changed nothing: the first still works and still holds the lock.
    await first.ping();
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).token).toBe(lock.token);

    await first.close();
    await expect(readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).rejects.toMatchObject({
      code: 'ENOENT',
    });
    const reopened = await openDatabase({ dataDir });
    await reopened.ping();
    await reopened.close();
  }, 60_000);

  it('refuses while another live process holds the lock', async () => {
    const dataDir = await tempDir();
    // The parent of this test process is alive for as long as the test runs.
    await writeFile(path.join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, token: 'x' }));
    await expect(openDatabase({ dataDir })).rejects.toThrow(`already in use by process ${process.ppid}`);
  });

  it('takes over a stale lock left by a dead process (kill -9) or naming this PID without being held', async () => {
    const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    const deadPid = child.pid!;
    for (const pid of [deadPid, process.pid]) {
      const dataDir = await tempDir();
      const file = path.join(dataDir, LOCK_FILE_NAME);
      await writeFile(file, JSON.stringify({ pid, token: 'stale' }));
      const database = await openDatabase({ dataDir });
      await database.ping();
      const lock = JSON.parse(await readFile(file, 'utf8'));
      expect(lock.pid).toBe(process.pid);
      expect(lock.token).not.toBe('stale');
      await database.close();
    }
  }, 60_000);
});
