// `npm run bench -- --cluster`: requests per second through nginx (deploy/nginx.conf) to one
// and to three compiled instances, in the same run, on PostgreSQL: the same authenticated
// read (GET /api/v2/membership) as the default bench, plus the same read straight to one
// instance, which says what the proxy hop costs. The targets take turns over a few rounds;
// each figure is the median of its rounds. A measurement, not a test: it fails only when a
// request does not answer 200. docs/performance.md says how to read the ratio on 2 cores.
import { cpus, loadavg } from 'node:os';
import { median, measure, settings } from './bench-load.mjs';
import { buildAll } from './builds.mjs';
import { ensureDatabase, hasNginx, hasPostgres, NGINX, startInstance, startProxy } from './cluster-lib.mjs';

const { seconds, rounds, warmup, connections } = settings;
const BASE = 8144;

export async function benchCluster() {
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
  base.pathname = '/portal_bench_cluster';
  if (!hasNginx()) throw new Error(`the cluster bench needs nginx at ${NGINX}`);
  if (!(await hasPostgres(base.href))) throw new Error(`the cluster bench needs PostgreSQL at ${base.host}`);
  await buildAll({ only: ['server'] });
  await ensureDatabase(base.href, { fresh: true });
  const env = {
    DATABASE_URL: base.href,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    PORTAL_CLOCK: '2026-11-22T10:00:00Z',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  };
  const ports = [BASE + 1, BASE + 2, BASE + 3];
  const instances = [];
  const proxies = [];
  try {
    // The first migrates and seeds alone; then the others.
    instances.push(
      await startInstance({ id: 'bench-1', port: ports[0], env, quiet: true, discardStdout: true }),
    );
    instances.push(
      ...(await Promise.all(
        ports
          .slice(1)
          .map((port, i) =>
            startInstance({ id: `bench-${i + 2}`, port, env, quiet: true, discardStdout: true }),
          ),
      )),
    );
    const one = await startProxy({
      port: BASE + 4,
      upstreamPorts: ports.slice(0, 1),
      quiet: true,
      name: 'nginx-1',
    });
    proxies.push(one);
    const three = await startProxy({ port: BASE + 5, upstreamPorts: ports, quiet: true, name: 'nginx-3' });
    proxies.push(three);

    const signIn = await fetch(`${three.url}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: `de.localhost:${BASE + 5}` },
      body: JSON.stringify({ username: 'active@de.example', password: 'demo', operator_id: 'de' }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in through nginx answered ${signIn.status}`);
    const { token } = await signIn.json();
    const targets = [
      ['straight to 1 instance', `http://127.0.0.1:${ports[0]}`],
      ['nginx → 1 instance', one.url],
      ['nginx → 3 instances', three.url],
    ];
    const [load1] = loadavg();
    console.log(
      `Cluster bench: GET /api/v2/membership, ${connections} connections, ${rounds} rounds of ${seconds} s per target after ${warmup} s warm-up; ` +
        `PostgreSQL ${base.host}; ${cpus().length} cores, load average ${load1.toFixed(2)} at start`,
    );
    const runs = targets.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, [name, url]] of targets.entries()) {
        const headers = {
          authorization: `Bearer ${token}`,
          host: new URL(url).host.replace('127.0.0.1', 'de.localhost'),
        };
        runs[i].push(await measure(name, `${url}/api/v2/membership`, headers));
      }
    }
    const rows = targets.map(([name], i) => ({
      name,
      rps: median(runs[i].map((r) => r.rps)),
      p99: median(runs[i].map((r) => r.p99)),
    }));
    console.log(`\n${'target'.padEnd(26)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}`);
    for (const r of rows)
      console.log(`${r.name.padEnd(26)}${r.rps.toFixed(0).padStart(10)}${String(r.p99).padStart(10)}`);
    const ratio = median(runs[2].map((r, round) => r.rps / runs[1][round].rps));
    const proxyShare = median(runs[1].map((r, round) => r.rps / runs[0][round].rps));
    console.log(
      `\n3 instances / 1 instance through nginx: ${ratio.toFixed(2)}; nginx → 1 instance / straight: ${proxyShare.toFixed(2)} ` +
        `(${cpus().length} cores: see docs/performance.md; load average ${loadavg()[0].toFixed(2)} at the end)`,
    );
  } finally {
    await Promise.all(proxies.map((p) => p.stop()));
    await Promise.all(instances.map((i) => i.stop('SIGTERM')));
  }
}
