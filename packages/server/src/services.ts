/**
 * The services production runs and their endpoint table, without the demo data or the dev
 * tools: the Node shell (app.ts) builds from here, so production loads neither
 * (docs/operations.md, "What production loads"); core.ts adds the dev services for every host.
 */
import { createDataExportService } from './modules/account/data-export.ts';
import { createPasswordService } from './modules/account/password.ts';
import { createSessionsService } from './modules/account/sessions.ts';
import { createAccessService } from './modules/access/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createPublicCancellationService } from './modules/cancellation/public-service.ts';
import { createCancellationService } from './modules/cancellation/service.ts';
import { createWithdrawalService } from './modules/cancellation/withdrawal.ts';
import { createClassesService } from './modules/classes/service.ts';
import { createClubService } from './modules/club/service.ts';
import { createConsentsService } from './modules/consents/service.ts';
import { createContactService } from './modules/contact/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createEntryService } from './modules/entry/service.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { createOccupancyService } from './modules/occupancy/service.ts';
import { createEventsService } from './modules/events/service.ts';
import { createFreezeService } from './modules/freeze/service.ts';
import type { ReadModelCache } from './modules/membership/read-cache.ts';
import { createMembershipService } from './modules/membership/service.ts';
import { createCardService } from './modules/payments/cards.ts';
import { createPayNowService } from './modules/payments/pay-now.ts';
import { createHealthInsuranceService } from './modules/payments/health-insurance.ts';
import { createRefundsService } from './modules/payments/refunds.ts';
import { createSepaService } from './modules/payments/sepa/service.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { createProfileService } from './modules/profile/service.ts';
import { createPtService } from './modules/pt/service.ts';
import { createReferralService } from './modules/referral/service.ts';
import { type ClubKey, createDoorKeyring } from './modules/workouts/door-keys.ts';
import { createWorkoutsService } from './modules/workouts/service.ts';
import type { AppDeps } from './deps.ts';
import { portalEndpoints } from './endpoints/portal.ts';
import type { EndpointTable } from './endpoints/table.ts';
import type { Config } from './settings.ts';

export interface ServiceOptions {
  /** GET /v2/membership's cache per session (ADR 029); none: every read goes to the database. */
  readModelCache?: ReadModelCache | null;
  /** The demo clubs' door keys, accepted where DOOR_KEYS is unset outside production (settings.ts). */
  demoDoorKeys?: readonly ClubKey[];
}

/**
 * Every service production runs, built once from `deps`. The auth service registers its jobs
 * on `deps.jobs`, so call this once per job queue.
 */
export function createPortalServices(deps: AppDeps, options: ServiceOptions = {}) {
  const payments = createPaymentsService(deps);
  const entry = createEntryService(deps);
  return {
    auth: createAuthService(deps),
    membership: createMembershipService(deps, options.readModelCache ?? null),
    payments,
    refunds: createRefundsService(deps, payments),
    healthInsurance: createHealthInsuranceService(deps),
    cards: createCardService(deps),
    sepa: createSepaService(deps),
    payNow: createPayNowService(deps),
    referral: createReferralService(deps),
    workouts: createWorkoutsService(deps, entry),
    doorKeys: createDoorKeyring(deps.config.doorKeys, options.demoDoorKeys),
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
    classes: createClassesService(deps),
    entry,
    occupancy: createOccupancyService(deps),
    wallet: createWalletService(deps),
  };
}

export type PortalServices = ReturnType<typeof createPortalServices>;

/** The portal's endpoint table over `services`; the Fastify shell and the demo answer from it. */
export function portalTable(services: PortalServices, config: Config): EndpointTable {
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
