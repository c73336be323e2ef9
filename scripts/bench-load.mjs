// What both benches share (npm run bench, npm run bench -- --cluster): the load settings,
// one target loaded with autocannon, and the median the rounds are summed up with.
import autocannon from 'autocannon';

export const settings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 3),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmup: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 64),
};

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: settings.connections, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Loads `url` after a warm-up; throws when any request did not answer 2xx. `cpuTime`, when
 * given, reads the server's CPU time (µs) before and after the measured load: the CPU each
 * request cost the server, a figure the machine's load moves much less than req/s.
 */
export async function measure(name, url, headers = {}, cpuTime = null) {
  if (settings.warmup > 0) await load(url, headers, settings.warmup);
  const cpuBefore = cpuTime ? await cpuTime() : 0;
  const result = await load(url, headers, settings.seconds);
  const cpu = cpuTime ? (await cpuTime()) - cpuBefore : null;
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0 || result.requests.total === 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  const total = result.requests.total;
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    total,
    cpuUs: cpu === null ? null : cpu / total,
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
