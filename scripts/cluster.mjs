#!/usr/bin/env node
// `npm run cluster [-- --instances N]`: builds what is out of date (builds.mjs), then runs N
// compiled instances (default 3) on PostgreSQL (DATABASE_URL, default the local
// portal_cluster database, created when missing) and Redis (REDIS_URL, default the local
// one) behind nginx on CLUSTER_PORT (default 8090) with deploy/nginx.conf. Instance i
// listens on CLUSTER_PORT + i and answers with `x-instance: portal-i`. Ctrl-C (or SIGTERM)
// drains the instances, stops nginx and waits for all of them.
import { parseArgs } from 'node:util';
import { buildAll } from './builds.mjs';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  ensureDatabase,
  hasNginx,
  NGINX,
  startCluster,
} from './cluster-lib.mjs';

const { values } = parseArgs({ options: { instances: { type: 'string', default: '3' } } });
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances must be a whole number from 1 to 16');
  process.exit(2);
}
const port = Number(process.env.CLUSTER_PORT || 8090);
if (!Number.isInteger(port) || port < 1 || port + instances > 65535) {
  console.error(`CLUSTER_PORT is not a port: ${process.env.CLUSTER_PORT}`);
  process.exit(2);
}
if (!hasNginx()) {
  console.error(`nginx is missing at ${NGINX}: apt-get install nginx (or set NGINX_BIN)`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;

await buildAll();
await ensureDatabase(databaseUrl);
console.log(
  `Starting ${instances} instance(s) on ports ${port + 1}–${port + instances} behind nginx on ${port}`,
);
const cluster = await startCluster({
  instances,
  port,
  env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
});

let stopping = false;
// An instance that dies on its own is reported; nginx keeps serving from the others.
for (const instance of cluster.instances) {
  instance.child.on('exit', (code, signal) => {
    if (!stopping)
      console.error(`${instance.id} exited (${signal ?? `code ${code}`}); the others keep serving`);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping: nginx, then the instances (they drain first)');
    await cluster.stop();
    console.log('Stopped.');
    process.exit(0);
  });
}
console.log(
  `\nCluster ready at ${cluster.url} (http://de.localhost:${port} …), instances ${cluster.instances
    .map((i) => `${i.id}@${i.port}`)
    .join(', ')}; database ${new URL(databaseUrl).pathname.slice(1)}, Redis ${redisUrl}. Ctrl-C stops it.`,
);
