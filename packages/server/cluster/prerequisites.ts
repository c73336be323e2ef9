import { Redis } from 'ioredis';
import { hasNginx, hasPostgres, NGINX } from '../../../scripts/cluster-lib.mjs';

export const CLUSTER_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why the cluster tests cannot run on this machine, or null when nginx and PostgreSQL are there. */
export async function clusterSkipReason(): Promise<string | null> {
  if (!hasNginx()) return `no nginx at ${NGINX} (apt-get install nginx; .ci/run installs it)`;
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await hasPostgres(url))) return `no PostgreSQL at ${new URL(url).host}`;
  return null;
}

/** Whether Redis answers (the shared request limits need it; the other cluster tests do not). */
export async function hasRedis(): Promise<boolean> {
  const redis = new Redis(CLUSTER_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
