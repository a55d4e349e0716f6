import { ConfigError, loadConfig } from './config.js';
import { databaseOptions, migrateDatabase, openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

/**
 * `node apps/api/dist/migrate-cli.js` (issue 35): applies the migrations to the database the
 * environment names (DATABASE_URL, else PGlite in DATA_DIR) and exits. `npm run cluster` runs it
 * once before starting its processes (each process's own start then finds nothing to do).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error('The migrations failed:', error);
    process.exit(1);
  });
