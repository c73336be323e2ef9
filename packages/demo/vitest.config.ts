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
    // As in the server project: test files share a worker's modules, so the server's modules
    // load and PGlite's initdb + migrations + demo seed (the harness's templates) happen once
    // per worker, not once per file.
    isolate: false,
  },
});
