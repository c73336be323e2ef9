import { DEMO_PASSWORD, demoUsername, PERSONAS } from '@portal/demo-data';
import { operatorIds } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type Clock, isMutableClock } from '../clock.ts';
import type { AppDeps } from '../deps.ts';
import { registerCardSandboxRoutes } from '../modules/dev/card-sandbox-routes.ts';
import { registerPtSandboxRoutes } from '../modules/dev/pt-sandbox/routes.ts';
import { registerDevRoutes } from '../modules/dev/routes.ts';
import { createDevService } from '../modules/dev/service.ts';
import { registerSmsSandboxRoutes } from '../modules/dev/sms-sandbox-routes.ts';
import { demoDoorKeys } from '../modules/workouts/demo-door-keys.ts';
import type { Config } from '../settings.ts';

// Everything the Node server runs only outside production, in one module that main.ts and
// app.ts load through dev/load.ts: the compiled server keeps it (and @portal/demo-data) in
// chunks production never loads (docs/operations.md, "What production loads").

export { seedIfEmpty } from '../db/seed.ts';
export { demoDoorKeys } from '../modules/workouts/demo-door-keys.ts';

/** The dev outbox and clock, the card, PT and SMS sandboxes. */
export function registerOutsideProductionRoutes(app: FastifyInstance, deps: AppDeps, clock: Clock) {
  // The portal clock moves only where PORTAL_CLOCK fixed it (tests, demos), never in production.
  const movable = deps.config.portalClock && isMutableClock(clock) ? clock : null;
  registerDevRoutes(app, createDevService(deps), movable);
  registerCardSandboxRoutes(app, deps);
  registerPtSandboxRoutes(app, deps);
  registerSmsSandboxRoutes(app);
}

/** What npm start prints after starting: the demo members' logins and the demo clubs' door keys. */
export function demoLines(config: Config): string[] {
  return [...demoLoginLines(), ...(config.doorKeys.demo ? doorKeyLines() : [])];
}

/** The demo members' logins. */
function demoLoginLines(): string[] {
  const shown = ['de', 'no'] as const;
  const width = Math.max(...PERSONAS.map((p) => demoUsername(p, 'de').length)) + 2;
  return [
    `Demo logins (password "${DEMO_PASSWORD}"), pattern <persona>@<operator>.example for operators ${operatorIds.join(', ')}:`,
    ...PERSONAS.map((p) => `  ${shown.map((op) => demoUsername(p, op).padEnd(width)).join('')}`),
    '',
  ];
}

/** The demo clubs' door keys, for sending check-ins by hand. */
function doorKeyLines(): string[] {
  const keys = demoDoorKeys();
  const clubWidth = Math.max(...keys.map((k) => k.clubId.length)) + 2;
  return [
    'Demo door-system keys: POST /api/v1/door/check_ins with Authorization: Bearer <key> (docs/workouts-referral-contact.md):',
    ...keys.map((k) => `  ${k.clubId.padEnd(clubWidth)}${k.key}`),
    '',
  ];
}
