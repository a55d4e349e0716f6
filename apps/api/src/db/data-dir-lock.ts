import { randomUUID } from 'node:crypto';
import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE_NAME = 'd3-api.lock';

/** A second process (or a second open in this one) reached a PGlite data directory in use. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The PGlite data directory ${dataDir} is already in use by process ${holderPid} ` +
        `(lock file ${path.join(dataDir, LOCK_FILE_NAME)}). PGlite allows one process per data ` +
        'directory: stop that process, or give this one another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files this process holds now: a file naming our own PID that is not here is stale. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<{ pid: number; token: string } | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { pid?: unknown; token?: unknown };
    return { pid: Number(parsed.pid), token: String(parsed.token ?? '') };
  } catch {
    return undefined;
  }
}

/**
 * Takes `<dir>/d3-api.lock` (created exclusively, holding our PID) for as long as the database is
 * open; resolves to the release function. A lock of a live process refuses with
 * DataDirLockedError; a lock left by a dead process (kill -9, power loss) — or naming our own PID
 * without being ours (a restarted container reuses PIDs) — is stale and taken over.
 */
export async function acquireDataDirLock(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE_NAME);
  const token = randomUUID();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(`${JSON.stringify({ pid: process.pid, token, startedAt: new Date() })}\n`);
      } finally {
        await handle.close();
      }
      held.add(file);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        held.delete(file);
        // Only our own lock: never a file another process took over after us.
        if ((await readHolder(file))?.token === token) await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    const pid = holder?.pid ?? Number.NaN;
    const ours = pid === process.pid && held.has(file);
    if (ours || (pid !== process.pid && isAlive(pid))) throw new DataDirLockedError(dir, pid);
    // Stale: remove it and try once more (a racing process may win; then we refuse above).
    await unlink(file).catch(() => undefined);
  }
  const holder = await readHolder(file);
  throw new DataDirLockedError(dir, holder?.pid ?? Number.NaN);
}
