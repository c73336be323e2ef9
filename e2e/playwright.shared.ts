import type { PlaywrightTestConfig } from '@playwright/test';

// What the portal's and the demo's browser tests share (playwright.config.ts,
// playwright.demo.config.ts): Debian's Chromium, the timeouts, the workers and reporting.
export const workers = Number(process.env.E2E_WORKERS ?? 2);

export const shared = {
  timeout: 30_000,
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
