/**
 * zod builds each object schema's parser with `new Function` after probing whether eval is
 * allowed. The server's CSP forbids it (no 'unsafe-eval'), so the probe did nothing but report
 * a CSP violation on every page. Whether to probe is decided when a schema is made, so the
 * setting must exist before the contract's schemas (a chunk loaded later) are built; zod reads
 * it from this global on load (`z.config` writes the same object). Imported first by boot.tsx,
 * whose chunk holds no zod; e2e/tests/layout.spec.ts fails on any CSP violation.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
