// The built portal on a fresh embedded database at a fixed clock, for the tools that look at
// it from a browser (npm run lighthouse, page-cpu, screenshots): built where out of date and
// started as `npm start` does, with the demo members, and removed again when the tool is done.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAll } from './builds.mjs';

const root = new URL('..', import.meta.url).pathname;

/**
 * Builds what is out of date (the compiled server, and the web app unless `buildWeb` is
 * false: a tool told to use the web build that is there), starts the portal on `port` and
 * resolves once /api/health answers.
 */
export async function startDemoPortal({ port, name, buildWeb = true }) {
  await buildAll({ only: buildWeb ? ['web', 'server'] : ['server'] });
  // Another server already on the port would answer the health check below, and the tool
  // would measure that one instead of this build.
  await assertPortFree(port);
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  const server = spawn('npm', ['run', '--silent', 'start', '-w', 'packages/server'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORTAL_CLOCK: '2026-11-22T09:00:00Z',
    },
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(server, port);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    stop,
    /** A demo member's session token, signed in through the API as the login page would. */
    async signIn(persona, operator) {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `${persona}@${operator}.example`,
          password: 'demo',
          operator_id: operator,
        }),
      });
      if (!res.ok) throw new Error(`sign-in of ${persona}@${operator}.example answered ${res.status}`);
      return (await res.json()).token;
    },
  };
}

async function waitForServer(server, port) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer within 2 minutes');
}

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', () => reject(new Error(`port ${port} is taken: stop what listens there first`)))
      .once('listening', () => probe.close(resolve))
      .listen(port);
  });
}
