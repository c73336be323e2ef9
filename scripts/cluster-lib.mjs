// Several compiled portal instances behind Debian's nginx with deploy/nginx.conf, on one
// PostgreSQL and Redis: what `npm run cluster`, its test (packages/server/cluster) and
// `npm run bench -- --cluster` start. Only the instance list and the listen address are
// generated (portal-upstream.conf, portal-listen.conf in a temporary prefix); the portal's
// nginx config is included unchanged (docs/operations.md "Running several instances").
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ROOT } from './builds.mjs';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/portal_cluster';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export function hasNginx() {
  try {
    accessSync(NGINX, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the database of `url` when it does not exist (`fresh`: drops it first). */
export async function ensureDatabase(url, { fresh = false } = {}) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[\w-]{1,63}$/.test(name)) throw new Error(`unexpected database name in DATABASE_URL: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.href, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    if (fresh) await sql.unsafe(`drop database if exists "${name}" with (force)`);
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end();
  }
}

/** Whether PostgreSQL answers at `url`'s server (its `postgres` database). */
export async function hasPostgres(url) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const sql = postgres(admin.href, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Writes each line of a child's output with a prefix, or keeps it for `output()` when quiet. */
function pipeLines(child, prefix, quiet, kept) {
  for (const stream of [child.stdout, child.stderr].filter(Boolean)) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        kept.push(`${prefix} ${line}`);
        if (kept.length > 400) kept.shift();
        if (!quiet) process.stdout.write(`${prefix} ${line}\n`);
      }
    });
  }
}

async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what} not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * One compiled instance (`node packages/server/dist/main.js`) on 127.0.0.1:`port`, named
 * `id` in its x-instance header; resolves once /api/health/ready answers 200.
 */
export async function startInstance({ id, port, env, quiet = false, discardStdout = false }) {
  const kept = [];
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_ID: id },
    // The bench discards the request logs rather than spend its own CPU reading them.
    stdio: ['ignore', discardStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  pipeLines(child, `[${id}]`, quiet, kept);
  const exited = once(child, 'exit');
  const instance = {
    id,
    port,
    child,
    exited,
    output: () => kept.join('\n'),
    /** Sends `signal` and waits for the exit; resolves to the exit code (null when killed). */
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code] = await exited;
      return code;
    },
  };
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  await waitUntil(
    async () => {
      if (gone) throw new Error(`${id} exited before it was ready:\n${instance.output()}`);
      return answers(`http://127.0.0.1:${port}/api/health/ready`);
    },
    60_000,
    `${id} ready`,
  );
  return instance;
}

/**
 * nginx in the foreground with a temporary prefix: the generated main config includes
 * deploy/nginx.conf unchanged inside `http { }`.
 */
export async function startProxy({ port, upstreamPorts, quiet = false, name = 'nginx' }) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  const upstreams = upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`);
  writeFileSync(path.join(prefix, 'portal-upstream.conf'), `${upstreams.join('\n')}\n`);
  writeFileSync(path.join(prefix, 'portal-listen.conf'), `listen 127.0.0.1:${port};\n`);
  const temp = (dir) => `${path.join(prefix, dir)}`;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${path.join(ROOT, 'deploy/nginx.conf')};`,
      `  access_log ${temp('access.log')} portal;`,
      '}',
      '',
    ].join('\n'),
  );
  const kept = [];
  const child = spawn(NGINX, ['-e', 'stderr', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLines(child, `[${name}]`, quiet, kept);
  const exited = once(child, 'exit');
  let gone = false;
  exited.then(() => {
    gone = true;
  });
  await waitUntil(
    async () => {
      if (gone) throw new Error(`nginx exited:\n${kept.join('\n')}`);
      return answers(`http://127.0.0.1:${port}/api/health/live`);
    },
    15_000,
    'nginx answering',
  );
  return {
    url: `http://127.0.0.1:${port}`,
    prefix,
    child,
    accessLog: path.join(prefix, 'access.log'),
    output: () => kept.join('\n'),
    async stop() {
      // SIGQUIT: nginx's graceful stop (finishes the requests it is serving).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * `instances` instances on ports basePort+1 … behind nginx on `port`. The first one starts
 * alone (it migrates and, outside production, seeds), the others then together.
 */
export async function startCluster({
  instances = 3,
  port = 8090,
  basePort = port,
  env = {},
  quiet = false,
  idPrefix = 'portal-',
}) {
  const specs = Array.from({ length: instances }, (_, i) => ({
    id: `${idPrefix}${i + 1}`,
    port: basePort + 1 + i,
  }));
  const instanceEnv = { TRUST_PROXY: '127.0.0.1', ...env };
  const running = [];
  let proxy = null;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(running.filter(Boolean).map((instance) => instance.stop('SIGTERM')));
  };
  try {
    running[0] = await startInstance({ ...specs[0], env: instanceEnv, quiet });
    const rest = await Promise.allSettled(
      specs.slice(1).map(async (spec, i) => {
        running[i + 1] = await startInstance({ ...spec, env: instanceEnv, quiet });
      }),
    );
    const failed = rest.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    proxy = await startProxy({ port, upstreamPorts: specs.map((s) => s.port), quiet });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: proxy.url,
    proxy,
    instances: running,
    /** Stops instance `i` with `signal` (SIGTERM drains, SIGKILL does not). */
    async stopInstance(i, signal = 'SIGTERM') {
      return running[i].stop(signal);
    },
    /** Starts instance `i` again on its port (after it stopped). */
    async startInstance(i) {
      running[i] = await startInstance({ ...specs[i], env: instanceEnv, quiet });
      return running[i];
    },
    output: () => [proxy.output(), ...running.map((r) => r.output())].join('\n'),
    stop,
  };
}
