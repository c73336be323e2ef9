import { defineConfig } from '@playwright/test';

// The demo's browser tests: the static demo build (packages/web/dist-demo, `npm run
// build:demo`) served by a plain static file server under a sub-path, in Debian's
// Chromium. No portal server runs: the demo answers every call in the browser. Each spec
// file starts its own static server (tests/demo/support.ts), so it can see every request.
export default defineConfig({
  testDir: './tests/demo',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    locale: 'en-GB',
    screenshot: 'only-on-failure',
    // The demo's service worker must be allowed to start (it is how the demo answers).
    serviceWorkers: 'allow',
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
});
