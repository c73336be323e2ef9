import { defineConfig } from 'vitest/config';

// The cluster tests (cluster/*.test.ts): compiled instances behind nginx on PostgreSQL.
// Not part of the server project's run; scripts/test-all.mjs runs them as their own step.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['cluster/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
