import { defineConfig } from 'vitest/config';

// One Vitest run over every package; each package may add its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/domain', 'packages/demo', 'packages/server', 'packages/web'],
  },
});
