// First: on an older Node.js the process ends here, with one line saying what to do.
import './node-version.mjs';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type OperatorId, OperatorId as OperatorIdSchema } from '@portal/contract';
import { isIsoDate } from '@portal/domain';
import { clockFromConfig } from './clock.ts';
import { ConfigError, invocationDirectory, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { describeFailure } from './modules/import/source.ts';
import { takeDueDebits } from './modules/payments/sepa/debit-run.ts';
import { painDirectDebitXml } from './sepa-file.ts';

/**
 * `npm run sepa:export -- --operator de --date YYYY-MM-DD [--out file.xml]`: the debits due
 * on that date as a pain.008.001.02 file for the operator's bank (docs/payments.md, "SEPA
 * direct debit"). Each debit is taken once: a second run on the same date finds nothing.
 */
const USAGE = 'usage: npm run sepa:export -- --operator de|at --date YYYY-MM-DD [--out file.xml]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { operator: { type: 'string' }, date: { type: 'string' }, out: { type: 'string' } },
  });
  const operator = OperatorIdSchema.safeParse(values.operator);
  if (!operator.success || !values.date || !isIsoDate(values.date)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const op: OperatorId = operator.data;
  const config = loadConfig();
  const creditor = config.sepa[op];
  if (!creditor) {
    process.stderr.write(
      `${op} has no SEPA creditor (SEPA_CREDITOR_ID_${op.toUpperCase()}), or no direct debit\n`,
    );
    return 1;
  }
  const clock = clockFromConfig(config.portalClock);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, max: 2 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const run = await takeDueDebits(database.db, clock, op, values.date);
    // A pain.008 file holds at least one debit: with none due there is no file to hand in.
    if (run.debits.length === 0) {
      process.stdout.write(`No debits of ${op} are due on ${values.date}: no file written.\n`);
      return 0;
    }
    const file = path.resolve(invocationDirectory(), values.out ?? `sepa-${op}-${values.date}.xml`);
    writeFileSync(file, painDirectDebitXml(run, creditor, clock.now()));
    const total = run.debits.reduce((sum, d) => sum + d.amount, 0);
    process.stdout.write(
      `${file}: ${run.debits.length} debits, ${(total / 100).toFixed(2)} in all (${run.messageId})\n`,
    );
    return 0;
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
