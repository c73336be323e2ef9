import { defineConfig } from 'vitest/config';

// One Vitest run over every package; each package may add its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/domain', 'packages/demo', 'packages/server', 'packages/web'],
    // A worker per core. Vitest's default leaves one core to its main process, which on CI's
    // two cores means one test file at a time while the main process idles after the
    // transforms; the suites are isolated enough to run side by side (own databases, port 0).
    maxWorkers: '100%',
  },
});
