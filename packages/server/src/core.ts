/**
 * The core: the portal's use cases and what a host needs to run them, free of Node
 * (docs/architecture.md, "The core and the Node shell"). The Node shell (app.ts, main.ts)
 * builds its services here; a browser host (the demo) bundles this file and runs the same
 * services on PGlite. test/core-neutral.test.ts bundles it for the browser and fails on any
 * Node module it reaches.
 */
import { createDataExportService } from './modules/account/data-export.ts';
import { createPasswordService } from './modules/account/password.ts';
import { createSessionsService } from './modules/account/sessions.ts';
import { createAccessService } from './modules/access/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createPublicCancellationService } from './modules/cancellation/public-service.ts';
import { createCancellationService } from './modules/cancellation/service.ts';
import { createWithdrawalService } from './modules/cancellation/withdrawal.ts';
import { createClubService } from './modules/club/service.ts';
import { createConsentsService } from './modules/consents/service.ts';
import { createContactService } from './modules/contact/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createPtSandbox } from './modules/dev/pt-sandbox/service.ts';
import { createDevService } from './modules/dev/service.ts';
import { createEventsService } from './modules/events/service.ts';
import { createFreezeService } from './modules/freeze/service.ts';
import type { ReadModelCache } from './modules/membership/read-cache.ts';
import { createMembershipService } from './modules/membership/service.ts';
import { createCardService } from './modules/payments/cards.ts';
import { createHealthInsuranceService } from './modules/payments/health-insurance.ts';
import { createRefundsService } from './modules/payments/refunds.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createProfileService } from './modules/profile/service.ts';
import { createPtService } from './modules/pt/service.ts';
import { createReferralService } from './modules/referral/service.ts';
import { createDoorKeyring } from './modules/workouts/door-keys.ts';
import { createWorkoutsService } from './modules/workouts/service.ts';
import type { AppDeps } from './deps.ts';
import { portalEndpoints } from './endpoints/portal.ts';
import type { EndpointTable } from './endpoints/table.ts';
import type { Config } from './settings.ts';

export interface ServiceOptions {
  /** GET /v2/membership's cache per session (ADR 029); none: every read goes to the database. */
  readModelCache?: ReadModelCache | null;
}

/**
 * Every service, built once from `deps`. The auth service registers its jobs on
 * `deps.jobs`, so call this once per job queue.
 */
export function createServices(deps: AppDeps, options: ServiceOptions = {}) {
  const payments = createPaymentsService(deps);
  return {
    auth: createAuthService(deps),
    membership: createMembershipService(deps, options.readModelCache ?? null),
    payments,
    refunds: createRefundsService(deps, payments),
    healthInsurance: createHealthInsuranceService(deps),
    cards: createCardService(deps),
    referral: createReferralService(deps),
    workouts: createWorkoutsService(deps),
    doorKeys: createDoorKeyring(deps.config.doorKeys),
    contact: createContactService(deps),
    content: createContentService(deps),
    events: createEventsService(deps),
    freeze: createFreezeService(deps),
    cancellation: createCancellationService(deps),
    publicCancellation: createPublicCancellationService(deps),
    withdrawal: createWithdrawalService(deps),
    club: createClubService(deps),
    consents: createConsentsService(deps),
    password: createPasswordService(deps),
    dataExport: createDataExportService(deps),
    sessions: createSessionsService(deps),
    access: createAccessService(deps),
    profile: createProfileService(deps),
    pt: createPtService(deps),
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
export { demoDoorKey, demoDoorKeys } from './modules/workouts/door-keys.ts';

// Adapters every host can use.
export { createJobQueue, type JobQueue, type JobQueueOptions } from './adapters/jobs.ts';
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
export type { EndpointTable };

/** The portal's endpoint table over `services`; the Fastify shell and the demo answer from it. */
export function portalTable(services: Services, config: Config): EndpointTable {
  return portalEndpoints({
    ...services,
    door: { keyring: services.doorKeys, perMinute: config.doorKeys.perMinute },
    cancellation: {
      cancellation: services.cancellation,
      publicCancellation: services.publicCancellation,
      withdrawal: services.withdrawal,
      settings: config.publicCancellation,
    },
    account: { password: services.password, dataExport: services.dataExport, sessions: services.sessions },
  });
}
