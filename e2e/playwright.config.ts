import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { shared, workers } from './playwright.shared.ts';

// The browser tests drive Debian's Chromium against `npm start`: the real server on a
// fresh embedded database, seeded with the demo members, at a fixed clock. Each worker has
// a server of its own (port E2E_PORT + its parallel index, a data folder of its own), so
// the spec files of two workers never see each other's changes, clock or request limits.
const port = Number(process.env.E2E_PORT ?? 8199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // the config is loaded again in each worker
// Set in a worker before it loads the config; e2e/tests/support.ts reads the same.
const workerPort = port + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const clock = process.env.E2E_CLOCK ?? '2026-11-22T09:00:00Z';

// The public cancellation (§ 312k) takes 5 declarations per client address an hour by
// default, and every browser test comes from this machine: a higher limit, passed on to the
// workers as E2E_PUBLIC_CANCELLATION_LIMIT (cancellation-law checks the 429 with a burst
// from an address of its own).
const publicCancellationLimit = process.env.E2E_PUBLIC_CANCELLATION_LIMIT ?? '30';
process.env.E2E_PUBLIC_CANCELLATION_LIMIT = publicCancellationLimit;

export default defineConfig({
  ...shared,
  testDir: './tests',
  // The demo's tests run without the server, on the static demo build (playwright.demo.config.ts).
  testIgnore: ['demo/**'],
  use: { ...shared.use, baseURL: `http://de.localhost:${workerPort}` },
  // Started one after the other: the first builds what is out of date, the others find it built.
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'npm start',
    cwd: '..',
    url: `http://localhost:${port + index}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port + index),
      DATA_DIR: join(dataDir, `worker-${index}`),
      DATABASE_URL: '',
      REDIS_URL: '',
      PORTAL_CLOCK: clock,
      NODE_ENV: 'test',
      PUBLIC_CANCELLATION_LIMIT_PER_IP: publicCancellationLimit,
      // The client address from X-Forwarded-For, so one test can exhaust the limit of an
      // address of its own without limiting the browser's (no browser sends the header).
      TRUST_PROXY: 'loopback',
    },
  })),
});
