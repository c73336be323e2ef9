import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '@portal/demo-data';
import { databases, startApp, type TestApp } from './support/harness.ts';

describe.each(databases())('demo members on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  it('gives every demo member a password hash and salt of its own', async () => {
    const rows = await t.db.select({ hash: members.passwordHash }).from(members);
    expect(rows.length).toBeGreaterThanOrEqual(70);
    const hashes = rows.map((r) => r.hash);
    // $argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>
    const salts = hashes.map((h) => h.split('$')[4]);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(new Set(salts).size).toBe(hashes.length);
    for (const h of hashes) {
      expect(h).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      expect(await verify(h, DEMO_PASSWORD)).toBe(true);
    }
  });
});

/** Starts `npm start`'s server (src/main.ts) with `env` and resolves with its port once it listens. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server after 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /Ready in \d+ ms/.test(output)
        ? /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(output)?.[1]
        : null;
      if (port) {
        clearTimeout(timer);
        resolve({ child, port: Number(port), output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

describe('production mode', () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-production-'));
    server = await startServer({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORTAL_CLOCK: '',
      LOG_LEVEL: 'info',
    });
  }, 120_000);
  afterAll(async () => {
    if (server) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts without demo members: their public password signs no one in, and no demo logins are printed', async () => {
    const { port, output } = server!;
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'active@de.example', password: DEMO_PASSWORD, operator_id: 'de' }),
    });
    expect(res.status).toBe(401);
    expect(output()).not.toContain('Demo logins');
    expect(output()).not.toContain('demo data seeded');
    expect(output()).not.toContain('active@de.example');
  });
});
