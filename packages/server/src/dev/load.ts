import type { Config } from '../settings.ts';

/**
 * What runs only outside production (the demo data, its seed, logins and door keys, the dev
 * routes and sandboxes), or null in production: the one import that reaches them, so the
 * production process never loads a module holding demo data (docs/operations.md, "What
 * production loads"; test/production-bundle.test.ts checks the compiled server).
 */
export function loadOutsideProduction(config: Pick<Config, 'isProduction'>) {
  return config.isProduction ? Promise.resolve(null) : import('./outside-production.ts');
}

export type OutsideProduction = typeof import('./outside-production.ts');
