import type { PlaywrightTestConfig } from '@playwright/test';

// What the portal's and the demo's browser tests share (playwright.config.ts,
// playwright.demo.config.ts): Debian's Chromium, the timeouts, the workers and reporting.
export const workers = Number(process.env.E2E_WORKERS ?? 2);

export const shared = {
  // The long flows (a card update twice, a chip activated and reported lost) take 23–26 s
  // alone on the 2-core machine; with two workers' browsers and servers beside them they
  // passed 30 s. Each step keeps its own 7 s, so a page that never comes still fails fast.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // A language no operator offers: each opens in its first language unless a test picks one
    // (language.spec.ts gives the browser languages the operators offer).
    locale: 'pl-PL',
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
} satisfies PlaywrightTestConfig;
