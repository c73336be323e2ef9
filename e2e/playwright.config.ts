import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The browser tests drive Debian's Chromium against `npm start`: the real server on a
// fresh embedded database, seeded with the demo members, at a fixed clock.
const port = Number(process.env.E2E_PORT ?? 8199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // the config is loaded again in each worker

export const clock = process.env.E2E_CLOCK ?? '2026-11-22T09:00:00Z';

// The public cancellation (§ 312k) takes 5 declarations per client address an hour by
// default, and every browser test comes from this machine: a higher limit, passed on to the
// workers as E2E_PUBLIC_CANCELLATION_LIMIT (cancellation-law checks the 429 with a burst
// from an address of its own).
const publicCancellationLimit = process.env.E2E_PUBLIC_CANCELLATION_LIMIT ?? '30';
process.env.E2E_PUBLIC_CANCELLATION_LIMIT = publicCancellationLimit;

export default defineConfig({
  testDir: './tests',
  // The demo's tests run without the server, on the static demo build (playwright.demo.config.ts).
  testIgnore: ['demo/**'],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://de.localhost:${port}`,
    locale: 'en-GB',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORTAL_CLOCK: clock,
      NODE_ENV: 'test',
      PUBLIC_CANCELLATION_LIMIT_PER_IP: publicCancellationLimit,
      // The client address from X-Forwarded-For, so one test can exhaust the limit of an
      // address of its own without limiting the browser's (no browser sends the header).
      TRUST_PROXY: 'loopback',
    },
  },
});
