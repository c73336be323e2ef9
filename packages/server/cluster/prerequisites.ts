import { hasNginx, hasPostgres, NGINX } from '../../../scripts/cluster-lib.mjs';

/** Why the cluster tests cannot run on this machine, or null when nginx and PostgreSQL are there. */
export async function clusterSkipReason(): Promise<string | null> {
  if (!hasNginx()) return `no nginx at ${NGINX} (apt-get install nginx; .ci/run installs it)`;
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await hasPostgres(url))) return `no PostgreSQL at ${new URL(url).host}`;
  return null;
}
