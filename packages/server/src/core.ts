/**
 * The core: the portal's use cases and what a host needs to run them, free of Node
 * (docs/architecture.md, "The core and the Node shell"). The Node shell (app.ts, main.ts)
 * builds the same services from services.ts, with the dev parts loaded only outside production
 * (src/dev/); a browser host (the demo) bundles this file and runs the services on PGlite. test/core-neutral.test.ts bundles it for the browser and fails on any
 * Node module it reaches.
 */
import { createPtSandbox } from './modules/dev/pt-sandbox/service.ts';
import { createDevService } from './modules/dev/service.ts';
import { demoDoorKeys } from './modules/workouts/demo-door-keys.ts';
import type { AppDeps } from './deps.ts';
import { createPortalServices, type ServiceOptions } from './services.ts';

export type { ServiceOptions } from './services.ts';

/**
 * Every service, built once from `deps`: production's (services.ts) and, for the hosts
 * outside production, the dev outbox and the sandbox PT provider. The demo clubs' door keys
 * count where the settings accept them. The auth service registers its jobs on `deps.jobs`,
 * so call this once per job queue.
 */
export function createServices(deps: AppDeps, options: ServiceOptions = {}) {
  return {
    ...createPortalServices(deps, {
      ...options,
      demoDoorKeys: options.demoDoorKeys ?? (deps.config.doorKeys.demo ? demoDoorKeys() : []),
    }),
    /** Outside production only: the dev outbox. */
    dev: createDevService(deps),
    /** Outside production only: the sandbox PT provider. */
    ptSandbox: createPtSandbox(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

export type { AppDeps } from './deps.ts';
export type {
  CoreMetrics,
  DeliveryObserver,
  Log,
  PasswordCost,
  PasswordHasher,
  ReadModelObserver,
} from './ports.ts';
export type { AuthContext } from './http/auth-context.ts';
export type { Db, Executor, Listen, Tx } from './db/executor.ts';

// Seeding and the demo's data.
export { seedIfEmpty } from './db/seed.ts';
export { demoDoorKey, demoDoorKeys } from './modules/workouts/demo-door-keys.ts';

// Adapters every host can use.
export { createJobQueue, type JobQueue, type JobQueueOptions } from './adapters/jobs.ts';
export { outboxSenders } from './adapters/senders.ts';
export { sandboxMailer } from './adapters/mail/sandbox.ts';
export type { Mailer, MailMessage } from './adapters/mail/index.ts';
export { sandboxSms } from './adapters/sms/sandbox.ts';
export type { SmsMessage, SmsSender } from './adapters/sms/index.ts';
export { createCardGateways } from './adapters/cards/factory.ts';
export type { CardGateway } from './adapters/cards/index.ts';
export {
  SANDBOX_PAGE_PREFIX,
  SandboxCardGateway,
  type SandboxPageAddress,
} from './adapters/cards/sandbox.ts';
export { applyMigrations, pgliteDb, pgliteListen } from './db/pglite.ts';
export { type CardSandbox, type CardSandboxPage, createCardSandbox } from './modules/dev/card-sandbox.ts';
export { createPtSandboxApi, type PtSandboxApi, type PtSandboxCall } from './modules/dev/pt-sandbox/api.ts';
export { wasmPasswordHasher } from './adapters/passwords/wasm.ts';
export { DEMO_HASH_OPTIONS, MEMBER_HASH_OPTIONS } from './adapters/passwords/costs.ts';
export { type MetricCounts, memoryMetrics } from './adapters/metrics/memory.ts';
export { createReadModelCache, type ReadModelCache } from './modules/membership/read-cache.ts';

// The clock.
export {
  type Clock,
  clockFromConfig,
  fixedClock,
  isMutableClock,
  type MutableClock,
  mutableClock,
  systemClock,
} from './clock.ts';

// The configuration from an env record (the Node shell's loadConfig reads process.env).
export { type Config, type ConfigHost, configVariables, parseConfig, plainHost } from './settings.ts';
export { ConfigError, type Env } from './env.ts';

// Errors the services throw, as the HTTP layer answers them.
export { ApiError } from './http/errors.ts';
export { isDatabaseUnavailable, isTransactionConflict } from './db/errors.ts';

// The endpoint table: every contract call with its use case (docs/architecture.md, "Endpoints").
export { dispatch, type DispatchOptions, type DispatchRequest } from './endpoints/dispatch.ts';
export type { Answer } from './endpoints/answers.ts';
export type { EndpointTable } from './endpoints/table.ts';
export { portalTable } from './services.ts';
