import type { PublicCancellationSettings } from '../config.ts';
import { type AccountServices, accountEndpoints } from '../modules/account/endpoints.ts';
import { accessEndpoints } from '../modules/access/endpoints.ts';
import type { AccessService } from '../modules/access/service.ts';
import { authEndpoints, sessionCredential } from '../modules/auth/endpoints.ts';
import type { AuthService } from '../modules/auth/service.ts';
import { type CancellationServices, cancellationEndpoints } from '../modules/cancellation/endpoints.ts';
import { classesEndpoints } from '../modules/classes/endpoints.ts';
import type { ClassesService } from '../modules/classes/service.ts';
import { clubEndpoints } from '../modules/club/endpoints.ts';
import type { ClubService } from '../modules/club/service.ts';
import { consentsEndpoints } from '../modules/consents/endpoints.ts';
import type { ConsentsService } from '../modules/consents/service.ts';
import { contactEndpoints } from '../modules/contact/endpoints.ts';
import type { ContactService } from '../modules/contact/service.ts';
import { contentEndpoints } from '../modules/content/endpoints.ts';
import type { ContentService } from '../modules/content/service.ts';
import { entryEndpoints } from '../modules/entry/endpoints.ts';
import { walletEndpoints } from '../modules/wallet/endpoints.ts';
import type { WalletService } from '../modules/wallet/service.ts';
import type { EntryService } from '../modules/entry/service.ts';
import { occupancyEndpoints } from '../modules/occupancy/endpoints.ts';
import type { OccupancyService } from '../modules/occupancy/service.ts';
import { eventsEndpoints } from '../modules/events/endpoints.ts';
import type { EventsService } from '../modules/events/service.ts';
import { freezeEndpoints } from '../modules/freeze/endpoints.ts';
import type { FreezeService } from '../modules/freeze/service.ts';
import { membershipEndpoints } from '../modules/membership/endpoints.ts';
import type { MembershipService } from '../modules/membership/service.ts';
import type { CardService } from '../modules/payments/cards.ts';
import type { PayNowService } from '../modules/payments/pay-now.ts';
import { cardEndpoints, paymentsEndpoints, refundEndpoints } from '../modules/payments/endpoints.ts';
import { sepaEndpoints } from '../modules/payments/sepa/endpoints.ts';
import type { SepaService } from '../modules/payments/sepa/service.ts';
import { payNowEndpoints } from '../modules/payments/pay-now-endpoints.ts';
import type { HealthInsuranceService } from '../modules/payments/health-insurance.ts';
import type { RefundsService } from '../modules/payments/refunds.ts';
import type { PaymentsService } from '../modules/payments/service.ts';
import { profileEndpoints } from '../modules/profile/endpoints.ts';
import type { ProfileService } from '../modules/profile/service.ts';
import { ptEndpoints } from '../modules/pt/endpoints.ts';
import type { PtService } from '../modules/pt/service.ts';
import { referralEndpoints } from '../modules/referral/endpoints.ts';
import type { ReferralService } from '../modules/referral/service.ts';
import type { DoorKeyring } from '../modules/workouts/door-keys.ts';
import { doorEndpoints, workoutsEndpoints } from '../modules/workouts/endpoints.ts';
import type { WorkoutsService } from '../modules/workouts/service.ts';
import { type EndpointTable, endpointTable } from './table.ts';

/** The use cases the endpoint table answers with; the host builds them (app.ts for the server). */
export interface PortalServices {
  auth: AuthService;
  membership: MembershipService;
  payments: PaymentsService;
  refunds: RefundsService;
  healthInsurance: HealthInsuranceService;
  cards: CardService;
  sepa: SepaService;
  payNow: PayNowService;
  referral: ReferralService;
  workouts: WorkoutsService;
  door: { keyring: DoorKeyring; perMinute: number };
  contact: ContactService;
  content: ContentService;
  events: EventsService;
  freeze: FreezeService;
  cancellation: CancellationServices & { settings: PublicCancellationSettings };
  club: ClubService;
  consents: ConsentsService;
  account: AccountServices;
  access: AccessService;
  profile: ProfileService;
  pt: PtService;
  classes: ClassesService;
  entry: EntryService;
  occupancy: OccupancyService;
  wallet: WalletService;
}

/** The portal's endpoint table: every contract call with its area's use case. */
export function portalEndpoints(services: PortalServices): EndpointTable {
  const session = sessionCredential(services.auth);
  return endpointTable(
    authEndpoints(services.auth, session),
    membershipEndpoints(services.membership, services.auth),
    paymentsEndpoints(services.payments, session),
    refundEndpoints(services.refunds, services.healthInsurance, session),
    cardEndpoints(services.cards, session),
    sepaEndpoints(services.sepa, session),
    payNowEndpoints(services.payNow, session),
    referralEndpoints(services.referral, session),
    workoutsEndpoints(services.workouts, session),
    doorEndpoints(services.workouts, services.door.keyring, services.door.perMinute),
    contactEndpoints(services.contact, session),
    contentEndpoints(services.content, session),
    eventsEndpoints(services.events, session),
    freezeEndpoints(services.freeze, session),
    cancellationEndpoints(services.cancellation, session, services.cancellation.settings),
    clubEndpoints(services.club, session),
    consentsEndpoints(services.consents, session),
    accountEndpoints(services.account, session),
    accessEndpoints(services.access, session),
    profileEndpoints(services.profile, session),
    ptEndpoints(services.pt, session),
    classesEndpoints(services.classes, session),
    entryEndpoints(services.entry, session),
    occupancyEndpoints(services.occupancy, session),
    walletEndpoints(services.wallet, session),
  );
}
