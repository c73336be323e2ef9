#!/usr/bin/env node
// `npm run bench`: the read model's speed against a bare Fastify route in the same run.
// A child process (packages/server/bench/serve.ts) serves the portal's app as `npm start`
// builds it, on PostgreSQL when DATABASE_URL is set (a database of its own) or else an
// in-memory PGlite, and a bare Fastify route beside it; this process loads each in turn
// with autocannon (64 connections) and prints requests per second, p99 latency and the
// ratio to the bare route. The machine is shared and its load moves, so the targets take
// turns over a few rounds and each figure is the median of its rounds (the ratio of each
// round, then their median). A measurement, not a test: it fails only when something breaks
// (a request that does not answer 200). docs/performance.md keeps the figures.
// `npm run bench -- --cluster` measures through nginx instead (scripts/bench-cluster.mjs).
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { median, measure, settings } from './bench-load.mjs';

if (process.argv.includes('--cluster')) {
  const { benchCluster } = await import('./bench-cluster.mjs');
  await benchCluster();
  process.exit(0);
}

const root = new URL('..', import.meta.url).pathname;
const { seconds, rounds, warmup, connections } = settings;

const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/bench/serve.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  // As `npm start` runs (NODE_ENV unset unless the caller sets it): the same logging level as
  // production, without needing production's secrets.
  env: process.env,
});
const ready = await new Promise((resolve, reject) => {
  child.on('message', (message) => message?.ready && resolve(message.ready));
  child.on('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
});

const [load1] = loadavg();
console.log(
  `Bench: ${connections} connections, ${rounds} rounds of ${seconds} s per target after ${warmup} s warm-up; ` +
    `${ready.database}; ${cpus().length} cores, load average ${load1.toFixed(2)} at start`,
);
const auth = { authorization: `Bearer ${ready.token}` };
// The server's CPU time, asked over IPC; the load generator runs in this process, not there.
const cpuTime = () =>
  new Promise((resolve) => {
    const onMessage = (message) => {
      if (typeof message?.cpu !== 'number') return;
      child.off('message', onMessage);
      resolve(message.cpu);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
const targets = [
  ['bare Fastify route', `http://127.0.0.1:${ready.bare}/`, {}],
  ['GET /api/health', `http://127.0.0.1:${ready.app}/api/health`, {}],
  ['GET /api/v2/membership', `http://127.0.0.1:${ready.app}/api/v2/membership`, auth],
];
const runs = targets.map(() => []);
try {
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, url, headers]] of targets.entries())
      runs[i].push(await measure(name, url, headers, cpuTime));
  }
} finally {
  child.send('stop');
}
const rows = targets.map(([name], i) => ({
  name,
  rps: median(runs[i].map((r) => r.rps)),
  p99: median(runs[i].map((r) => r.p99)),
  ratio: median(runs[i].map((r, round) => r.rps / runs[0][round].rps)),
  cpuUs: median(runs[i].map((r) => r.cpuUs)),
  cpuRatio: median(runs[i].map((r, round) => runs[0][round].cpuUs / r.cpuUs)),
}));
console.log('');
console.log(
  `${'target'.padEnd(24)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'of bare'.padStart(10)}` +
    `${'CPU µs/req'.padStart(12)}${'bare CPU/CPU'.padStart(14)}`,
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(24)}${r.rps.toFixed(0).padStart(10)}${String(r.p99).padStart(10)}${r.ratio.toFixed(3).padStart(10)}` +
      `${r.cpuUs.toFixed(0).padStart(12)}${r.cpuRatio.toFixed(3).padStart(14)}`,
  );
}
const membership = rows[2];
console.log(
  `\nGET /api/v2/membership: ${membership.ratio.toFixed(3)} of bare Fastify (target ≥ 0.10), p99 ${membership.p99} ms ` +
    `(rounds: ${runs[2].map((r, round) => (r.rps / runs[0][round].rps).toFixed(3)).join(', ')}; load average ${loadavg()[0].toFixed(2)} at the end)`,
);
// Req/s follow the machine's load (the bare route takes whatever is left); the server's CPU
// per request moves far less, so its ratio is the steadier figure on a shared machine.
console.log(
  `Server CPU per request: ${membership.cpuUs.toFixed(0)} µs for GET /api/v2/membership, ` +
    `${rows[0].cpuUs.toFixed(0)} µs for the bare route (ratio ${membership.cpuRatio.toFixed(3)})`,
);
await new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve()));
