import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. The local adapter writes under DATA_DIR; an object store can replace it. */
export interface FileStorage {
  /** Stores the bytes under a relative key (folders allowed, no `..`). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; nothing stored under the key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

function resolveKey(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return path.join(root, key);
}

/** Files under `<dataDir>/uploads`, written to a temporary name first and renamed (never half a file). */
export function localFileStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'uploads');
  return {
    async put(key, bytes) {
      const target = resolveKey(root, key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return await readFile(resolveKey(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolveKey(root, key), { force: true });
    },
  };
}
