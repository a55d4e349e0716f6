import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { backup, RestoreRefusedError, restore } from './db/backup.js';
import { databaseOptions, openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

/**
 * `npm run backup -- --out FILE` and `npm run restore -- --in FILE [--force]` (issue 35) on the
 * database DATABASE_URL names (else PGlite in DATA_DIR: stop the server first, PGlite is
 * single-process), uploads included. See docs/operations.md.
 */
async function main(): Promise<number> {
  const command = process.argv[2];
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      out: { type: 'string' },
      in: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const config = loadConfig();
  if (command === 'backup') {
    if (!values.out) {
      console.error('usage: npm run backup -- --out FILE');
      return 2;
    }
    const database = await openDatabase(databaseOptions(config));
    try {
      const manifest = await backup(
        { database, databaseUrl: config.databaseUrl, dataDir: config.dataDir },
        values.out,
      );
      console.log(
        `backup of ${manifest.kind}${manifest.uploads ? ' and uploads' : ''} written to ${values.out}`,
      );
      return 0;
    } finally {
      await database.close();
    }
  }
  if (command === 'restore') {
    if (!values.in) {
      console.error('usage: npm run restore -- --in FILE [--force]');
      return 2;
    }
    const manifest = await restore(
      { databaseUrl: config.databaseUrl, dataDir: config.dataDir, force: values.force },
      values.in,
    );
    console.log(
      `restored ${manifest.kind} backup of ${manifest.createdAt}${manifest.uploads ? ' and uploads' : ''}`,
    );
    return 0;
  }
  console.error('usage: backup-cli.js backup --out FILE | restore --in FILE [--force]');
  return 2;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof RestoreRefusedError
    )
      console.error(error.message);
    else console.error('failed:', error);
    process.exit(1);
  });
