import type { z } from 'zod/mini';
import { ActivatedChip, ChipCodeRequest, TemporaryPinIssued, TemporaryPinRequest } from './schemas/access.ts';
import {
  ChangePasswordRequest,
  DataExport,
  EndSessionsQuery,
  SessionParams,
  SignedInSessions,
} from './schemas/account.ts';
import {
  AuthenticateRequest,
  AuthenticateResponse,
  ResetRequest,
  UpdatePasswordRequest,
} from './schemas/auth.ts';
import {
  CancellationPolicy,
  CancellationRequest,
  CancellationResult,
  PublicCancellationReceipt,
  PublicCancellationRequest,
  WithdrawalRequest,
  WithdrawalResult,
} from './schemas/cancellation.ts';
import {
  ClassBookingResult,
  ClassCalendar,
  ClassCalendarQuery,
  ClassSessionParams,
  ClassTimetable,
  ClassTimetableQuery,
} from './schemas/classes.ts';
import { Locations, UpdateLocationRequest } from './schemas/club.ts';
import { GdprRequest } from './schemas/consents.ts';
import { ContactInfo } from './schemas/contact.ts';
import { ContentQuery, HomeContent, PtWidgetRequest, PtWidgetSession } from './schemas/content.ts';
import {
  EntryDeviceCreated,
  EntryDeviceParams,
  EntryDeviceRequest,
  EntryDevices,
  Occupancy,
  OccupancyParams,
} from './schemas/entry.ts';
import { AppleWalletPass, GoogleWalletLink } from './schemas/wallet.ts';
import { EventRequest } from './schemas/events.ts';
import { FreezePeriod, FreezePeriodParams, FreezePeriodRequest, FreezePolicy } from './schemas/freeze.ts';
import { Membership, MembershipQuery } from './schemas/membership.ts';
import {
  CardFormUrl,
  CardRegistered,
  DibsUrlQuery,
  HealthInsuranceConfirmation,
  HealthInsuranceQuery,
  Invoice,
  Invoices,
  InvoiceListQuery,
  InvoiceParams,
  InvoicePaid,
  InvoicePaymentReturn,
  PayInvoiceRequest,
  ManualRefundRequest,
  RefundableItems,
  RefundReceipt,
  RefundRequest,
  ScheduledInvoice,
  VerifoneCreditCardRequest,
} from './schemas/payments.ts';
import {
  PhonePrefixes,
  PhoneVerification,
  PhoneVerifyRequest,
  Profile,
  ProfileUpdateRequest,
} from './schemas/profile.ts';
import { ReferralPromotion } from './schemas/referral.ts';
import { SepaMandate, SepaMandateRequest } from './schemas/sepa.ts';
import { storableText } from './schemas/text.ts';
import { DoorCheckIn, DoorCheckInRequest, Workouts } from './schemas/workouts.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** Path below the API's base (`/api` on our server), Fastify style params. */
  path: string;
  auth: boolean;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  /** Schema of a 2xx body; `null` means 204 No Content. */
  response: z.ZodMiniType | null;
  /** The success status when it is not 200 (a 201 Created). */
  successStatus?: 201;
  /** A body that is not JSON: the response schema is a string sent as this type. */
  contentType?: string;
}

/** An endpoint whose inputs (body, query, params) all follow the contract's text rule (schemas/text.ts). */
const ep = <E extends Endpoint>(e: E): E => ({
  ...e,
  ...(e.body ? { body: storableText(e.body) } : {}),
  ...(e.query ? { query: storableText(e.query) } : {}),
  ...(e.params ? { params: storableText(e.params) } : {}),
});

/**
 * Every call of the portal, one entry each. The server registers its routes from here and the web client parses answers with
 * the same schemas, so neither side can drift from the contract.
 */
export const endpoints = {
  authenticate: ep({
    method: 'POST',
    path: '/auth/authenticate',
    auth: false,
    body: AuthenticateRequest,
    response: AuthenticateResponse,
  }),
  resetPassword: ep({ method: 'POST', path: '/auth/reset', auth: false, body: ResetRequest, response: null }),
  updatePassword: ep({
    method: 'POST',
    path: '/auth/update',
    auth: false,
    body: UpdatePasswordRequest,
    response: null,
  }),
  signOut: ep({ method: 'POST', path: '/auth/signout', auth: true, response: null }),

  membership: ep({
    method: 'GET',
    path: '/v2/membership',
    auth: true,
    query: MembershipQuery,
    response: Membership,
  }),
  currentReferral: ep({
    method: 'GET',
    path: '/v1/current_referral',
    auth: true,
    response: ReferralPromotion,
  }),

  invoices: ep({
    method: 'GET',
    path: '/v1/membership/invoices',
    auth: true,
    query: InvoiceListQuery,
    response: Invoices,
  }),
  nextInvoice: ep({
    method: 'GET',
    path: '/v1/membership/invoices/next',
    auth: true,
    response: ScheduledInvoice,
  }),
  refundableInvoices: ep({
    method: 'GET',
    path: '/v1/membership/invoices/refundable',
    auth: true,
    response: RefundableItems,
  }),
  invoice: ep({
    method: 'GET',
    path: '/v1/membership/invoices/:id',
    auth: true,
    params: InvoiceParams,
    response: Invoice,
  }),
  refundInvoice: ep({
    method: 'POST',
    path: '/v1/membership/invoices/:id/refund',
    auth: true,
    params: InvoiceParams,
    body: RefundRequest,
    response: RefundReceipt,
  }),
  manualRefundInvoice: ep({
    method: 'POST',
    path: '/v1/membership/invoices/:id/manual_refund',
    auth: true,
    params: InvoiceParams,
    body: ManualRefundRequest,
    response: RefundReceipt,
  }),
  healthInsuranceConfirmation: ep({
    method: 'GET',
    path: '/v1/membership/health_insurance_confirmation',
    auth: true,
    query: HealthInsuranceQuery,
    response: HealthInsuranceConfirmation,
  }),

  workouts: ep({ method: 'GET', path: '/v2/workouts', auth: true, response: Workouts }),
  contact: ep({ method: 'GET', path: '/v1/contact', auth: true, response: ContactInfo }),
  /** Home's highlights (filtered by status) and article teasers in the member's language (our design). */
  content: ep({ method: 'GET', path: '/v1/content', auth: true, query: ContentQuery, response: HomeContent }),
  /** A signed, short-lived token for one PT widget and where its script is (our design). */
  ptWidgetSession: ep({
    method: 'POST',
    path: '/v1/pt/widget_session',
    auth: true,
    body: PtWidgetRequest,
    response: PtWidgetSession,
  }),
  /**
   * A club's door system reports a check-in (our design). Not a member call: it carries the
   * club's own key as `Authorization: Bearer <club key>` (docs/workouts-referral-contact.md).
   */
  doorCheckIn: ep({
    method: 'POST',
    path: '/v1/door/check_ins',
    auth: false,
    body: DoorCheckInRequest,
    response: DoorCheckIn,
  }),

  classTimetable: ep({
    method: 'GET',
    path: '/v1/membership/classes',
    auth: true,
    query: ClassTimetableQuery,
    response: ClassTimetable,
  }),
  /** The member's future bookings as an iCalendar file (docs/classes.md). */
  classCalendar: ep({
    method: 'GET',
    path: '/v1/membership/classes/bookings.ics',
    auth: true,
    query: ClassCalendarQuery,
    response: ClassCalendar,
    contentType: 'text/calendar; charset=utf-8',
  }),
  bookClass: ep({
    method: 'POST',
    path: '/v1/membership/classes/:id/booking',
    auth: true,
    params: ClassSessionParams,
    response: ClassBookingResult,
    successStatus: 201,
  }),
  cancelClassBooking: ep({
    method: 'DELETE',
    path: '/v1/membership/classes/:id/booking',
    auth: true,
    params: ClassSessionParams,
    response: null,
  }),

  freezePolicy: ep({
    method: 'GET',
    path: '/v1/membership/policies/freeze',
    auth: true,
    response: FreezePolicy,
  }),
  createFreeze: ep({
    method: 'POST',
    path: '/v1/membership/freeze_periods',
    auth: true,
    body: FreezePeriodRequest,
    response: FreezePeriod,
  }),
  updateFreeze: ep({
    method: 'PATCH',
    path: '/v1/membership/freeze_periods/:id',
    auth: true,
    params: FreezePeriodParams,
    body: FreezePeriodRequest,
    response: FreezePeriod,
  }),
  deleteFreeze: ep({
    method: 'DELETE',
    path: '/v1/membership/freeze_periods/:id',
    auth: true,
    params: FreezePeriodParams,
    response: null,
  }),

  cancellationPolicy: ep({
    method: 'GET',
    path: '/v1/membership/policies/cancellation',
    auth: true,
    response: CancellationPolicy,
  }),
  cancel: ep({
    method: 'POST',
    path: '/v1/membership/cancellations',
    auth: true,
    body: CancellationRequest,
    response: CancellationResult,
  }),
  reactivate: ep({ method: 'DELETE', path: '/v1/membership/cancellations', auth: true, response: null }),
  /** § 312k BGB: cancelling without signing in (operators with publicCancellation). */
  publicCancellation: ep({
    method: 'POST',
    path: '/v1/public/cancellations',
    auth: false,
    body: PublicCancellationRequest,
    response: PublicCancellationReceipt,
  }),
  /** The withdrawal button within 14 days of signing up (operators with withdrawalButton). */
  withdrawal: ep({
    method: 'POST',
    path: '/v1/membership/withdrawal',
    auth: true,
    body: WithdrawalRequest,
    response: WithdrawalResult,
  }),

  activateChip: ep({
    method: 'PUT',
    path: '/v1/membership/rfids',
    auth: true,
    body: ChipCodeRequest,
    response: ActivatedChip,
  }),
  reportLostChip: ep({
    method: 'DELETE',
    path: '/v1/membership/rfids',
    auth: true,
    body: ChipCodeRequest,
    response: null,
  }),
  /** Forgotten chip: a temporary PIN for today by SMS (our design). */
  temporaryPin: ep({
    method: 'POST',
    path: '/v1/membership/temporary_pin',
    auth: true,
    body: TemporaryPinRequest,
    response: TemporaryPinIssued,
  }),
  /** The create-new-password screen of a signed-in member (our design). */
  changePassword: ep({
    method: 'POST',
    path: '/v1/membership/password',
    auth: true,
    body: ChangePasswordRequest,
    response: null,
  }),
  /** Signed-in devices (our design, docs/club-consents-account.md): list, end one, end all others. */
  sessions: ep({
    method: 'GET',
    path: '/v1/membership/sessions',
    auth: true,
    response: SignedInSessions,
  }),
  endSession: ep({
    method: 'DELETE',
    path: '/v1/membership/sessions/:id',
    auth: true,
    params: SessionParams,
    response: null,
  }),
  endOtherSessions: ep({
    method: 'DELETE',
    path: '/v1/membership/sessions',
    auth: true,
    query: EndSessionsQuery,
    response: null,
  }),
  /** "Download my data" (GDPR art. 15 and 20; our design). */
  exportData: ep({ method: 'GET', path: '/v1/membership/export', auth: true, response: DataExport }),

  updateGdpr: ep({
    method: 'PUT',
    path: '/v1/membership/gdpr',
    auth: true,
    body: GdprRequest,
    response: null,
  }),
  logEvent: ep({
    method: 'POST',
    path: '/v1/membership/event',
    auth: true,
    body: EventRequest,
    response: null,
  }),
  updateProfile: ep({
    method: 'PATCH',
    path: '/v1/membership/profile',
    auth: true,
    body: ProfileUpdateRequest,
    response: Profile,
  }),

  locations: ep({ method: 'GET', path: '/v1/membership/locations', auth: true, response: Locations }),
  updateLocation: ep({
    method: 'POST',
    path: '/v1/membership/update-location',
    auth: true,
    body: UpdateLocationRequest,
    response: null,
  }),

  phonePrefixes: ep({ method: 'GET', path: '/v1/prefix/list', auth: true, response: PhonePrefixes }),
  verifyPhone: ep({
    method: 'POST',
    path: '/v1/membership/phone_verify',
    auth: true,
    body: PhoneVerifyRequest,
    response: PhoneVerification,
  }),

  dibsUrl: ep({
    method: 'GET',
    path: '/v1/membership/dibs_url',
    auth: true,
    query: DibsUrlQuery,
    response: CardFormUrl,
  }),
  // Paying an open invoice now: the provider's page for exactly its amount, then its return.
  payInvoice: ep({
    method: 'POST',
    path: '/v1/membership/invoices/:id/pay',
    auth: true,
    params: InvoiceParams,
    body: PayInvoiceRequest,
    response: CardFormUrl,
  }),
  invoicePaymentReturn: ep({
    method: 'POST',
    path: '/v1/membership/invoices/:id/pay/return',
    auth: true,
    params: InvoiceParams,
    body: InvoicePaymentReturn,
    response: InvoicePaid,
  }),
  verifoneUrl: ep({ method: 'GET', path: '/v1/membership/verifone_url', auth: true, response: CardFormUrl }),
  verifoneCreditCard: ep({
    method: 'POST',
    path: '/v1/membership/verifone_credit_card',
    auth: true,
    body: VerifoneCreditCardRequest,
    response: CardRegistered,
  }),
  sepaMandate: ep({
    method: 'GET',
    path: '/v1/membership/sepa_mandate',
    auth: true,
    response: SepaMandate,
  }),
  changeSepaMandate: ep({
    method: 'PUT',
    path: '/v1/membership/sepa_mandate',
    auth: true,
    body: SepaMandateRequest,
    response: SepaMandate,
  }),

  /** Phone entry (our design, ADR 042): sets up a device; the one answer with its secret. */
  createEntryDevice: ep({
    method: 'POST',
    path: '/v1/membership/entry_devices',
    auth: true,
    body: EntryDeviceRequest,
    response: EntryDeviceCreated,
  }),
  entryDevices: ep({
    method: 'GET',
    path: '/v1/membership/entry_devices',
    auth: true,
    response: EntryDevices,
  }),
  removeEntryDevice: ep({
    method: 'DELETE',
    path: '/v1/membership/entry_devices/:id',
    auth: true,
    params: EntryDeviceParams,
    response: null,
  }),
  /** How busy an open club of the member's operator is now and usually today (our design). */
  occupancy: ep({
    method: 'GET',
    path: '/v1/membership/locations/:id/occupancy',
    auth: true,
    params: OccupancyParams,
    response: Occupancy,
  }),
  /** Wallet passes (our design, ADR 043): the membership card with the member's wallet code. */
  appleWalletPass: ep({
    method: 'GET',
    path: '/v1/membership/wallet/apple',
    auth: true,
    response: AppleWalletPass,
    contentType: 'application/vnd.apple.pkpass',
  }),
  googleWalletPass: ep({
    method: 'GET',
    path: '/v1/membership/wallet/google',
    auth: true,
    response: GoogleWalletLink,
  }),
  /** Ends the wallet code: the passes already saved open no door from now on. */
  removeWalletCode: ep({
    method: 'DELETE',
    path: '/v1/membership/wallet',
    auth: true,
    response: null,
  }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
