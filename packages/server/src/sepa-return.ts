// First: on an older Node.js the process ends here, with one line saying what to do.
import './node-version.mjs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OperatorId } from '@portal/contract';
import { clockFromConfig } from './clock.ts';
import { ConfigError, invocationDirectory, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { describeFailure } from './modules/import/source.ts';
import { importBankReturns } from './modules/payments/sepa/debit-run.ts';
import { parseBankReturns } from './sepa-file.ts';

/**
 * `npm run sepa:return -- --operator de <returns.xml|returns.csv>`: the bank's returned
 * debits (pain.002 or camt.054 XML, or CSV `end_to_end_id;reason`) make their invoices
 * declined again (docs/payments.md, "SEPA direct debit").
 */
const USAGE = 'usage: npm run sepa:return -- --operator de|at <returns.xml|returns.csv>';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { operator: { type: 'string' } },
  });
  const operator = OperatorId.safeParse(values.operator);
  if (!operator.success || positionals.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const returns = parseBankReturns(
    readFileSync(path.resolve(invocationDirectory(), positionals[0]!), 'utf8'),
  );
  const config = loadConfig();
  const clock = clockFromConfig(config.portalClock);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, max: 2 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const outcomes = await importBankReturns(database.db, clock, operator.data, returns);
    for (const o of outcomes) process.stdout.write(`${o.endToEndId}: ${o.outcome}\n`);
    return outcomes.some((o) => o.outcome === 'unknown') ? 1 : 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : describeFailure(error)}\n`);
  process.exitCode = 1;
}
