import { defineConfig } from '@playwright/test';
import { shared } from './playwright.shared.ts';

// The demo's browser tests: the static demo build (packages/web/dist-demo, `npm run
// build:demo`) served by a plain static file server under a sub-path, in Debian's
// Chromium. No portal server runs: the demo answers every call in the browser. Each spec
// file starts its own static server (tests/demo/support.ts), so it can see every request;
// that and a demo per tab let two workers run spec files side by side.
export default defineConfig({
  ...shared,
  // A test starts the tab's database first (PostgreSQL in WebAssembly, migrations, seed):
  // a few seconds alone, several times that while both workers' browsers start theirs on
  // the machine's two cores; the reset test starts it three times. Flows that start it once
  // took 1.1–1.5 min in CI on 27 Nov 2026 and passed 90 s.
  timeout: 180_000,
  // Every call a step makes is answered by the server's code and PGlite in the same browser,
  // so a step waits longer than on the portal (a cancellation's answer passed 7 s in CI
  // while the machine was loaded); a page that never comes still fails within a step.
  expect: { timeout: 15_000 },
  testDir: './tests/demo',
  use: {
    ...shared.use,
    // The demo's service worker must be allowed to start (it is how the demo answers).
    serviceWorkers: 'allow',
  },
});
