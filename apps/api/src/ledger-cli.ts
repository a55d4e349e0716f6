import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { databaseOptions, openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { formatLedger, ledgerReport, parseLedgerInstant } from './modules/payments/payments-service.js';

/**
 * `npm run ledger -- --from 2026-11-01 --to 2026-12-01 [--json]` (issue 34): the operator's ledger
 * of the database the environment names (DATABASE_URL, else the PGlite files in DATA_DIR — stop
 * the server first, PGlite is single-process; or ask the running server: GET
 * /api/v1/operator/ledger with OPERATOR_TOKEN). Exits 1 when the difference is not 0.
 */

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const from = values.from ? parseLedgerInstant(values.from) : new Date(0);
  const to = values.to ? parseLedgerInstant(values.to) : new Date();
  if (!from || !to) {
    console.error('--from and --to take a date (2026-11-01) or an ISO date-time');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(databaseOptions(config));
  try {
    const report = await ledgerReport(database.db, { from, to });
    console.log(values.json ? JSON.stringify(report, null, 2) : formatLedger(report));
    return report.difference === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error('The ledger failed:', error);
    process.exit(2);
  });
