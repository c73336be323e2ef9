import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'demo',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The host starts PGlite, migrates and seeds: a few seconds.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
