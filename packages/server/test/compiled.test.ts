import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { members } from '../src/db/schema.ts';
import { nodeVersionProblem } from '../src/node-version.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * The compiled server as production runs it: `node packages/server/dist/main.js` with
 * NODE_ENV=production and a database (here a fresh PGlite folder) and nothing else.
 */
describe('the compiled server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-compiled-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts in production from node on dist, answers the health check and shows and seeds no demo', async () => {
    // What npm start does first: compile the server unless its stamp says it is up to date.
    const build = spawnSync(process.execPath, ['scripts/build.mjs', 'server', '--if-outdated'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, ['packages/server/dist/main.js'], {
      cwd: ROOT,
      // Only what production needs: not the test run's DATABASE_URL, secrets or clock.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
    });
    child.stdout!.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr!.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = once(child, 'exit');
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready in 40 s:\n${output}`)), 40_000);
      child!.stdout!.on('data', () => {
        if (output.includes('Ready in')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child!.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const docs = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(docs.status).toBe(404);

    expect(output).toContain('Member portal (production)');
    expect(output).toContain('Features as configured');
    expect(output.toLowerCase()).not.toContain('demo');
    expect(output).not.toContain('.example');

    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    child = null;

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect((await database.db.select({ n: count() }).from(members))[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('refuses an older Node.js with one line before it opens anything', () => {
    // Built by the test above (the same stamp check); the preload makes this Node report v20.
    const result = spawnSync(
      process.execPath,
      ['--import', './packages/server/test/support/old-node.mjs', 'packages/server/dist/main.js'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          FAKE_NODE_VERSION: 'v20.20.2',
        },
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`${nodeVersionProblem('v20.20.2')}\n`);
    expect(result.stdout).toBe('');
  });
});
