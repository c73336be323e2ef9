// First: on an older Node.js the process ends here, with one line saying what to do.
import './node-version.mjs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sandboxMailer } from './adapters/mail/sandbox.ts';
import { nodePasswordHasher } from './adapters/passwords/node.ts';
import { clockFromConfig } from './clock.ts';
import { ConfigError, invocationDirectory, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { type ImportReport, importSource } from './modules/import/service.ts';
import { readImportFile } from './import-file.ts';
import { describeFailure, formatIssue, ImportRefused } from './modules/import/source.ts';
import { parseSource } from './modules/import/validate.ts';
import { plural } from '@portal/domain';

/**
 * `npm run import -- <file> [<file> …] [--entity <name>] [--dry-run] [--no-invitations]`:
 * clubs, products, referral promotions and members (with their keys and freezes) from
 * JSON or CSV files into the database the server uses (DATABASE_URL, else PGlite in
 * DATA_DIR: stop the server first, PGlite takes one process). Each file is one
 * transaction; files go in the order given, and the first refused one stops the run.
 * Format and rules: docs/operations.md.
 */
const USAGE = `usage: npm run import -- <file.json|file.csv> [more files] [--entity clubs|products|promotions|members|keys|freezes|classes|class_sessions] [--dry-run] [--no-invitations]`;
const SHOWN_ISSUES = 50;

function summary(report: ImportReport): string[] {
  const lines = Object.entries(report.counts)
    .filter(([, c]) => c.created + c.updated + c.unchanged > 0)
    .map(
      ([entity, c]) =>
        `  ${entity.padEnd(11)}${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`,
    );
  const total = Object.values(report.counts).reduce(
    (sum, c) => ({
      created: sum.created + c.created,
      updated: sum.updated + c.updated,
      unchanged: sum.unchanged + c.unchanged,
    }),
    { created: 0, updated: 0, unchanged: 0 },
  );
  return [
    ...lines,
    `  total      ${total.created} created, ${total.updated} updated, ${total.unchanged} unchanged; ${plural(report.invited, 'en', { one: '1 invitation', other: `${report.invited} invitations` })} sent`,
  ];
}

async function main(): Promise<number> {
  const parse = () =>
    parseArgs({
      allowPositionals: true,
      options: {
        entity: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'no-invitations': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.values.help || args.positionals.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    return args.values.help ? 0 : 2;
  }

  const config = loadConfig();
  const clock = clockFromConfig(config.portalClock);
  // A relative name means where npm was run, not the repository root it runs scripts from.
  const base = invocationDirectory();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, max: 2 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const target = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    process.stdout.write(
      `Importing into ${target}${args.values['dry-run'] ? ' (dry run: nothing is kept)' : ''}\n`,
    );
    for (const name of args.positionals) {
      const file = path.resolve(base, name);
      const { source, issues } = await readImportFile(file, { entity: args.values.entity });
      try {
        // A file that cannot be read whole still has its rows checked, so one run shows every problem.
        if (issues.length) throw new ImportRefused([...issues, ...parseSource(source).issues]);
        const report = await importSource(database.db, source, {
          clock,
          passwords: nodePasswordHasher,
          invite: args.values['no-invitations'] ? null : { mailer: sandboxMailer(clock), config },
          dryRun: args.values['dry-run'],
        });
        process.stdout.write([`${name}:`, ...summary(report), ''].join('\n'));
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        const shown = error.issues.slice(0, SHOWN_ISSUES).map((i) => `  ${formatIssue(i)}`);
        const more = error.issues.length - shown.length;
        process.stderr.write(
          [
            `${name}: refused, nothing was imported (${plural(error.issues.length, 'en', { one: '1 problem', other: `${error.issues.length} problems` })}):`,
            ...shown,
            ...(more > 0 ? [`  … and ${more} more`] : []),
            '',
          ].join('\n'),
        );
        return 1;
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  // Never the error's message or stack: a failed query's message holds its parameters.
  process.stderr.write(`${error instanceof ConfigError ? error.message : describeFailure(error)}\n`);
  process.exitCode = 1;
}
