import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'demo',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    passWithNoTests: true,
    // The comparison tests start the real server on PGlite beside the demo.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
