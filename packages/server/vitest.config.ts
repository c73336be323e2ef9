import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Test files share a worker's modules, so PGlite's initdb + migrations (the template every
    // test database is cloned from) happen once per worker, not per file.
    isolate: false,
  },
});
