#!/usr/bin/env node
// `npm test`: every check of the project, in the order a failure is cheapest to find,
// then one closing line `N passed, N failed` totalled over all suites.
// Typecheck, lint, the bundle budget and the benchmark count as one check each; Vitest and
// Playwright count their tests. The benchmark prints its figures and fails only if it breaks.
// It runs on the project's Node.js (ADR 034), and says which at the start.
import '../packages/server/src/node-version.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

console.log(`Node.js ${process.version} (${process.execPath})`);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n── ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `── ${name} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${result.status})`,
  );
  return result.status === 0;
}

function check(name, cmd, args) {
  if (run(name, cmd, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(name);
  }
}

/** Adds a JSON report's counts; a suite that exits non-zero without failed tests still counts as one failure. */
function countReport(name, ok, file, read, { mayAllSkip = false } = {}) {
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) counts = read(JSON.parse(readFileSync(file, 'utf8')));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (!ok && counts.failed === 0) {
    totals.failed += 1;
    failures.push(`${name} (exited non-zero)`);
  } else if (counts.failed > 0) failures.push(`${name} (${counts.failed} failed)`);
  if (ok && counts.passed === 0 && !(mayAllSkip && counts.skipped > 0)) {
    totals.failed += 1;
    failures.push(`${name} (ran no test)`);
  }
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);

const vitestReport = join(out, 'vitest.json');
const vitestLog = join(out, 'vitest.log');
// Also kept in a file: when Vitest fails, what it said about it is printed again at the end,
// next to the closing line, where a CI summary that shows only the end of the output has it.
const vitestOk = run('unit and server tests', 'bash', [
  '-o',
  'pipefail',
  '-c',
  `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestReport} 2>&1 | tee ${vitestLog}`,
]);
countReport('vitest', vitestOk, vitestReport, (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));

// Three compiled instances behind nginx on PostgreSQL and Redis (packages/server/cluster):
// skipped, with the reason, when nginx or PostgreSQL is missing (.ci/run installs nginx).
const clusterReport = join(out, 'cluster.json');
const clusterOk = run('cluster tests', 'npx', [
  'vitest',
  'run',
  '--config',
  'packages/server/vitest.cluster.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${clusterReport}`,
]);
countReport(
  'cluster',
  clusterOk,
  clusterReport,
  (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }),
  { mayAllSkip: true },
);

// The web app's JavaScript per screen against its limits (packages/web/scripts/bundle-budget.mjs).
// Built through scripts/build.mjs, which stamps the build: the browser tests' `npm start`
// then finds it up to date instead of building it a second time.
check('bundle budget', 'sh', ['-c', 'node scripts/build.mjs web && npm run --silent budget -w packages/web']);
// The demo build (docs/demo.md), and nothing of it in the production build just made:
// no MSW, no @portal/demo, no demo texts (packages/web/scripts/no-demo-code.mjs).
check('demo build, none of it in production', 'sh', [
  '-c',
  'npm run --silent build:demo && npm run --silent no-demo-code -w packages/web',
]);
// The read model's speed against a bare Fastify route: a figure, not a pass/fail timing
// (scripts/bench.mjs; on PostgreSQL when DATABASE_URL is set).
check('benchmark', 'npm', ['run', '--silent', 'bench']);

const e2eReport = join(out, 'e2e.json');
const e2eOk = run('browser tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
countReport('playwright', e2eOk, e2eReport, (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));

// The demo in the browser: the static demo build under a sub-path, no server (e2e/tests/demo).
const demoReport = join(out, 'e2e-demo.json');
const demoOk = run(
  'demo browser tests',
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.demo.config.ts'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: demoReport,
  },
);
countReport('playwright (demo)', demoOk, demoReport, (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));

if (!vitestOk) printVitestFailures();
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);

/**
 * Vitest's own account of a failed run, from where it starts (failed tests, a failed hook, an
 * unhandled error): at most 80 lines, without colours.
 */
function printVitestFailures() {
  if (!existsSync(vitestLog)) return;
  const lines = stripVTControlCharacters(readFileSync(vitestLog, 'utf8')).split('\n');
  const start = lines.findIndex((line) => /⎯ (Failed|Unhandled)|Unhandled (Error|Rejection)/.test(line));
  if (start < 0) return;
  console.log('\n── what Vitest reported as failed:');
  console.log(lines.slice(start, start + 80).join('\n'));
}
