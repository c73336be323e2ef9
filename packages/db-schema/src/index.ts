import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { WeeklyHours } from '@portal/contract';

/*
 * Operators are data in @portal/domain; tables store operator_id as text. Calendar dates
 * are `date` columns read as 'YYYY-MM-DD' strings, instants are timestamptz, money is an
 * integer of minor units. A membership's status is never stored: it is derived from the
 * dated facts below (domain deriveStatus) and today.
 */

const day = (name: string) => date(name, { mode: 'string' });
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type Language = 'en' | 'de' | 'fr' | 'nb' | 'fi';
export type Localized<T> = Partial<Record<Language, T>> & { en: T };

export interface PostalAddress {
  street: string;
  postal_code: string;
  postal_location: string;
  country: string;
}

export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    name: text('name').notNull(),
    openingDate: day('opening_date'),
    closingDate: day('closing_date'),
    address: jsonb('address').$type<PostalAddress>().notNull(),
    /** The club's desk, in international format. */
    phone: text('phone'),
    email: text('email'),
    /** When members get in, in the operator's timezone. */
    openingHours: jsonb('opening_hours').$type<WeeklyHours>().notNull().default([]),
    /** When staff are at the club (within the opening hours). */
    staffedHours: jsonb('staffed_hours').$type<WeeklyHours>().notNull().default([]),
    /** How many members the club holds at once (occupancy, docs/access-and-pins.md); null: unknown. */
    capacity: integer('capacity'),
    /** How long a visit counts as "in the club" after its check-in, in minutes; null: 90. */
    visitMinutes: integer('visit_minutes'),
  },
  (t) => [index('locations_operator_idx').on(t.operatorId)],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    presentation: jsonb('presentation').$type<Localized<{ name: string; description: string }>>().notNull(),
    monthlyFee: integer('monthly_fee').notNull(),
    bindingMonths: integer('binding_months').notNull().default(0),
    requirePhoneVerification: boolean('require_phone_verification').notNull().default(false),
    locationIds: text('location_ids').array().notNull(),
  },
  (t) => [index('products_operator_idx').on(t.operatorId)],
);

export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    /** Lowercased; unique per operator. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').$type<'female' | 'male' | 'other'>(),
    birthdate: day('birthdate'),
    email: text('email').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    postalLocation: text('postal_location').notNull(),
    country: text('country').notNull(),
    mobilePrefix: text('mobile_prefix').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    locale: text('locale').notNull(),
    gdprOptIn: boolean('gdpr_opt_in').notNull().default(false),
    /** When the marketing consent was last given or withdrawn (null: as at signup). */
    gdprUpdatedAt: instant('gdpr_updated_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [uniqueIndex('members_operator_username_uq').on(t.operatorId, t.username)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    membershipNumber: text('membership_number').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    signupKind: text('signup_kind').$type<'regular' | 'trial' | 'presale'>().notNull(),
    beginDate: day('begin_date').notNull(),
    cancelledOn: day('cancelled_on'),
    endDate: day('end_date'),
    stoppedOn: day('stopped_on'),
    /** Day the member withdrew from the contract (14-day withdrawal): it ended that day. */
    withdrawnOn: day('withdrawn_on'),
    referralCode: text('referral_code'),
    sheltered: boolean('sheltered').notNull().default(false),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('memberships_number_uq').on(t.membershipNumber),
    index('memberships_member_idx').on(t.memberId),
    // Foreign keys are indexed too: deleting or moving a club or product finds its memberships.
    index('memberships_location_idx').on(t.locationId),
    index('memberships_product_idx').on(t.productId),
  ],
);

export const keys = pgTable(
  'keys',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id),
    type: text('type').$type<'rfid' | 'pin' | 'phone' | 'wallet'>().notNull(),
    code: text('code').notNull(),
    status: text('status').$type<'active' | 'inactive' | 'suspended'>().notNull(),
    validFrom: day('valid_from').notNull(),
    validTo: day('valid_to'),
    /** Why the key exists: issued at signup or by activation, or a temporary PIN for a lost or forgotten chip. */
    origin: text('origin').$type<'issued' | 'lost_chip' | 'forgotten_chip'>().notNull().default('issued'),
    createdAt: instant('created_at').notNull(),
    /** When an action (lost chip, replacement) ended the key: doors refuse it from then on, not from tomorrow. */
    endedAt: instant('ended_at'),
  },
  (t) => [
    index('keys_membership_idx').on(t.membershipId),
    // Door check-ins look a code up among all of an operator's chips and PINs.
    index('keys_code_idx').on(t.code),
    // A chip's code belongs to one membership, ever: a second member activating it is refused.
    uniqueIndex('keys_rfid_code_uq').on(t.code).where(sql`${t.type} = 'rfid'`),
  ],
);

/**
 * Phones set up for entry with a rotating code (ADR 042). Each has a key row of type
 * `phone` (its code the device id in upper case), so check-ins, keys following the
 * membership and the door's rules treat it like a chip; this row holds what only a phone
 * has: the TOTP secret, encrypted with the server's entry code key, and the last period
 * whose code opened a door (each period's code works once).
 */
export const entryDevices = pgTable(
  'entry_devices',
  {
    /** The device id the phone's code carries (32 hexadecimal digits). */
    id: text('id').primaryKey(),
    keyId: text('key_id')
      .notNull()
      .references(() => keys.id),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    name: text('name').notNull(),
    /** AES-256-GCM of the base32 secret: `v1.<iv>.<ciphertext>`, base64url. */
    secretSealed: text('secret_sealed').notNull(),
    lastPeriod: integer('last_period'),
    lastUsedAt: instant('last_used_at'),
    createdAt: instant('created_at').notNull(),
    /** When the member removed it: its code opens nothing from then on. */
    removedAt: instant('removed_at'),
  },
  (t) => [
    index('entry_devices_member_idx').on(t.memberId),
    index('entry_devices_membership_idx').on(t.membershipId),
    index('entry_devices_key_idx').on(t.keyId),
  ],
);

/** Replacement chips ordered when a chip is reported lost (the order passes a fee of 0: it is paid at the club, docs/access-and-pins.md). */
export const chipOrders = pgTable(
  'chip_orders',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id),
    /** The chip reported lost. */
    lostKeyId: text('lost_key_id')
      .notNull()
      .references(() => keys.id),
    fee: integer('fee').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('chip_orders_lost_key_uq').on(t.lostKeyId),
    index('chip_orders_membership_idx').on(t.membershipId),
  ],
);

/**
 * SMS codes that verify a new mobile number. Only a hash of the code is stored; `attempts`
 * counts wrong guesses, so a code dies after a few.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    /** E.164 of the number the code was sent to. */
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    index('phone_verifications_member_idx').on(t.memberId, t.createdAt),
    index('phone_verifications_mobile_idx').on(t.mobile, t.createdAt),
  ],
);

export const freezePeriods = pgTable(
  'freeze_periods',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id),
    beginDate: day('begin_date').notNull(),
    endDate: day('end_date').notNull(),
    cancelDate: day('cancel_date'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('freeze_periods_membership_idx').on(t.membershipId)],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').$type<'verifone' | 'dibs' | 'sepa'>().notNull(),
    type: text('type').notNull(),
    brand: text('brand').notNull(),
    details: text('details').notNull(),
    /** YYMM. */
    expire: text('expire').notNull(),
    /** The provider's token for charging the card again (never a card number). */
    providerToken: text('provider_token'),
    /** A stable hash of the card at the provider, to tell a card already registered. */
    fingerprint: text('fingerprint'),
    createdAt: instant('created_at').notNull(),
    removedAt: instant('removed_at'),
  },
  (t) => [index('payment_methods_member_idx').on(t.memberId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    invoiceNumber: text('invoice_number').notNull(),
    status: text('status').$type<'charged' | 'declined' | 'scheduled'>().notNull(),
    invoiceDate: day('invoice_date').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<'EUR' | 'CHF' | 'NOK'>().notNull(),
    periodFrom: day('period_from'),
    periodTo: day('period_to'),
    /** Snapshot of the payment method used, e.g. type 'card', details 'Visa •••• 4242'. */
    paymentMethodType: text('payment_method_type'),
    paymentMethodDetails: text('payment_method_details'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.invoiceNumber),
    index('invoices_member_idx').on(t.memberId, t.invoiceDate),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    amount: integer('amount').notNull(),
    productType: text('product_type').notNull(),
    productId: text('product_id'),
    systemConcept: text('system_concept').notNull(),
    humanConcept: text('human_concept').notNull(),
    periodFrom: day('period_from'),
    periodTo: day('period_to'),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    /** The card provider's reference of the charge (refunds refer to it); null for older payments. */
    providerReference: text('provider_reference'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId)],
);

/**
 * Money paid back on a payment: closed days of the member's club to the card, or to a bank
 * account. One refund per invoice and closure, enforced by the unique index, so a refund
 * requested twice at once is paid once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    closureId: text('closure_id')
      .notNull()
      .references(() => clubClosures.id),
    method: text('method').$type<'card' | 'bank_account'>().notNull(),
    amount: integer('amount').notNull(),
    /**
     * The account a manual refund is paid to, in full because finance pays to it; answers,
     * e-mails and events carry only maskBankAccount's last four characters.
     */
    bankAccount: text('bank_account'),
    status: text('status').$type<'pending' | 'completed' | 'failed'>().notNull(),
    createdAt: instant('created_at').notNull(),
    completedAt: instant('completed_at'),
  },
  (t) => [
    uniqueIndex('refunds_invoice_closure_uq').on(t.invoiceId, t.closureId),
    index('refunds_member_idx').on(t.memberId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_closure_idx').on(t.closureId),
  ],
);

/** Days a club was closed (renovation, damage): paid days that fall in them can be refunded. */
export const clubClosures = pgTable(
  'club_closures',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    beginDate: day('begin_date').notNull(),
    endDate: day('end_date').notNull(),
    reason: text('reason').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('club_closures_location_idx').on(t.locationId, t.beginDate)],
);

/**
 * A card registration started with a provider (hosted page or checkout). Its id travels
 * through the provider and comes back in the signed return; a return for a checkout that is
 * not open (unknown, completed, expired, another member's) is refused, so a return cannot
 * be replayed.
 */
export const cardCheckouts = pgTable(
  'card_checkouts',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').$type<'verifone' | 'dibs'>().notNull(),
    locationId: text('location_id').notNull(),
    status: text('status').$type<'open' | 'completed' | 'cancelled' | 'failed'>().notNull(),
    /** The provider's own reference for the checkout, when it has one. */
    providerReference: text('provider_reference'),
    /** Where the provider sends the member back (validated to the operator's own origin). */
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    completedAt: instant('completed_at'),
    /** A one-off payment of this open invoice (docs/payments.md, "Paying an open invoice"); null for a card update. */
    invoiceId: text('invoice_id').references(() => invoices.id),
    /** What the provider's page asks for: the invoice's amount (a card update asks for nothing). */
    amount: integer('amount'),
  },
  (t) => [
    index('card_checkouts_member_idx').on(t.memberId, t.createdAt),
    index('card_checkouts_invoice_idx').on(t.invoiceId),
  ],
);

/** `failed`: recorded after the declaration's own transaction failed (ADR 010), left to support. */
export type DeclarationOutcome = 'applied' | 'refused' | 'unmatched' | 'automated' | 'duplicate' | 'failed';

/**
 * Every cancellation declaration as received (§ 312k BGB): each one sent through the public
 * form, matched to a membership or not, and each cancellation on the signed-in page of an
 * operator that has the form, so support sees one list. A public declaration is written
 * first in its transaction; the outcome follows in the same one.
 */
export const cancellationDeclarations = pgTable(
  'cancellation_declarations',
  {
    id: text('id').primaryKey(),
    /** What the receipt and the e-mail quote; random, so it tells nothing. */
    reference: text('reference').notNull(),
    operatorId: text('operator_id').notNull(),
    source: text('source').$type<'public' | 'member'>().notNull(),
    locale: text('locale').notNull(),
    kind: text('kind').$type<'ordinary' | 'extraordinary'>().notNull(),
    reason: text('reason'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    membershipNumber: text('membership_number'),
    email: text('email'),
    contract: text('contract').notNull(),
    /** The date asked for; null: the earliest possible. */
    effectiveDate: day('effective_date'),
    confirmationEmail: text('confirmation_email').notNull(),
    /** The honeypot field as sent; filled means automated. */
    website: text('website'),
    /** Portal time of receipt, as the receipt and the e-mail state it. */
    receivedAt: instant('received_at').notNull(),
    /** Wall-clock time of arrival (not PORTAL_CLOCK), which the per-identity limit counts. */
    arrivedAt: instant('arrived_at').notNull(),
    /** HMAC of the client's address (never the address): abuse from one address shows. */
    clientIpHash: text('client_ip_hash'),
    /** sha256 of operator, normalised name and number or e-mail, for the per-identity limit. */
    identityHash: text('identity_hash').notNull(),
    outcome: text('outcome').$type<DeclarationOutcome>().notNull(),
    /**
     * Why: the rule's error type when refused, `ambiguous` when several memberships matched,
     * the error's kind (class and code, never its message) when failed.
     */
    outcomeReason: text('outcome_reason'),
    memberId: text('member_id').references(() => members.id),
    membershipId: text('membership_id').references(() => memberships.id),
    /** The end date the membership got (applied) or already had (duplicate). */
    endDate: day('end_date'),
  },
  (t) => [
    uniqueIndex('cancellation_declarations_reference_uq').on(t.reference),
    index('cancellation_declarations_operator_idx').on(t.operatorId, t.receivedAt),
    index('cancellation_declarations_identity_idx').on(t.identityHash, t.arrivedAt),
    index('cancellation_declarations_membership_idx').on(t.membershipId),
    index('cancellation_declarations_member_idx').on(t.memberId),
  ],
);

/**
 * Check-ins reported by the clubs' door systems: each one is a workout. A door system's
 * id is unique per club, so a delivery repeated (or sent twice at once) is stored once.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    /** The door system's own id of the check-in. */
    checkInId: text('check_in_id').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id),
    keyId: text('key_id')
      .notNull()
      .references(() => keys.id),
    at: instant('at').notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('check_ins_location_check_in_uq').on(t.locationId, t.checkInId),
    index('check_ins_member_at_idx').on(t.memberId, t.at),
    // How busy a club is: its check-ins of the last hours and weeks (occupancy).
    index('check_ins_location_at_idx').on(t.locationId, t.at),
    index('check_ins_membership_idx').on(t.membershipId),
    index('check_ins_key_idx').on(t.keyId),
  ],
);

export const referralPromotions = pgTable(
  'referral_promotions',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    name: text('name').notNull(),
    promotionType: text('promotion_type').notNull(),
    referrerDiscountMonths: integer('referrer_discount_months').notNull(),
    referrerDiscountPercentage: integer('referrer_discount_percentage').notNull(),
    referrerPtHours: integer('referrer_pt_hours').notNull().default(0),
    signupFee: integer('signup_fee').notNull(),
    status: text('status').notNull(),
    /** Offer text per language; newlines become line breaks in the portal. */
    presentation: jsonb('presentation').$type<Localized<string>>().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('referral_promotions_operator_idx').on(t.operatorId, t.status)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** sha256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    /** The last signed-in call, written at most every SESSION_SEEN_EVERY_MS (docs/club-consents-account.md). */
    lastSeenAt: instant('last_seen_at').notNull(),
    /** A short label of the browser and system from the user agent at sign-in ("Chrome · Android"); never the user agent itself. */
    device: text('device'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_member_idx').on(t.memberId),
  ],
);

/**
 * Failed sign-ins, counted per key within the sign-in window (ADR 005): per operator and
 * username (progressive delay, notice), per address and username, and per address (429).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    /** Wall-clock time (not PORTAL_CLOCK): Retry-After is real seconds. */
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.key, t.createdAt)],
);

/**
 * When a username was last sent the notice of many failed sign-ins (once per window,
 * claimed with an upsert so two processes never both send it). Keyed like the failures.
 */
export const signInNotices = pgTable('sign_in_notices', {
  key: text('key').primaryKey(),
  /** Wall-clock time, like the failures. */
  sentAt: instant('sent_at').notNull(),
});

/**
 * Work done after answering (docs/security.md): a request writes the row and answers at
 * once; a runner in any server process takes it (FOR UPDATE SKIP LOCKED), does it in one
 * transaction and deletes it. A row outlives a crash and is picked up by the next poll.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Wall-clock time from which the job may run; later after a failed attempt. */
    runAfter: instant('run_after').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('jobs_run_after_idx').on(t.runAfter)],
);

/** The membership event log (POST /v1/membership/event and server-side changes). */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    membershipId: text('membership_id').references(() => memberships.id),
    action: text('action').notNull(),
    status: text('status').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('events_member_idx').on(t.memberId, t.createdAt),
    index('events_membership_idx').on(t.membershipId),
  ],
);

/**
 * Every e-mail and SMS the system sends, written in the transaction of the change that
 * caused it; the delivery worker (adapters/delivery, ADR 014) sends them. Delivery state
 * is additive with defaults, so an instance that predates it still inserts valid rows
 * during a rolling restart. `sent_at` predates delivery and stays null (delivered_at).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    operatorId: text('operator_id'),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    /** Tries started (a claim counts one); also the claim's token when it is marked. */
    attempts: integer('attempts').notNull().default(0),
    /** The database's clock, never PORTAL_CLOCK: when the next try may start. */
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** The claim's lease: another worker may take the row once it passed (a crashed claim). */
    lockedUntil: instant('locked_until'),
    /** The last failure's kind (e.g. smtp_4xx, timeout), never a message or an address. */
    lastError: text('last_error'),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to),
    index('outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index('outbox_dead_idx').on(t.id).where(sql`${t.status} = 'dead'`),
  ],
);

export type OutboxStatus = 'pending' | 'delivered' | 'dead';

/**
 * Highlights on home, per operator and language (docs/home-content.md). `statuses` null:
 * shown to every member; otherwise only to members in one of them. Shown from `validFrom`
 * to `validUntil` (inclusive, the operator's calendar), in `position` order.
 */
export const highlights = pgTable(
  'highlights',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    language: text('language').$type<Language>().notNull(),
    position: integer('position').notNull(),
    /** news, opening_hours, freeze_reminder, referral … (drives the icon). */
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    statuses: jsonb('statuses').$type<string[]>(),
    externalUrl: text('external_url'),
    /** A portal route, e.g. /referral. */
    internalUrl: text('internal_url'),
    validFrom: day('valid_from'),
    validUntil: day('valid_until'),
  },
  (t) => [index('highlights_operator_language_idx').on(t.operatorId, t.language, t.position)],
);

/** Article teasers on home, per operator and language; images are local files of the web app. */
export const articles = pgTable(
  'articles',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    language: text('language').$type<Language>().notNull(),
    position: integer('position').notNull(),
    /** Path of the image below the web app's origin, e.g. /content/stretching.svg. */
    imageUrl: text('image_url').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    validFrom: day('valid_from'),
    validUntil: day('valid_until'),
  },
  (t) => [index('articles_operator_language_idx').on(t.operatorId, t.language, t.position)],
);

/*
 * Personal training. These tables belong to the PT provider's sandbox (a real provider keeps
 * its own): the packages it sells, its trainers at the clubs, what members bought and booked
 * (docs/personal-training.md). The portal's own part is the invoice a purchase is billed on.
 */
export const ptPackages = pgTable(
  'pt_packages',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    position: integer('position').notNull(),
    name: jsonb('name').$type<Localized<string>>().notNull(),
    description: jsonb('description').$type<Localized<string>>().notNull(),
    sessions: integer('sessions').notNull(),
    /** Gross, minor units of the operator's currency. */
    price: integer('price').notNull(),
    currency: text('currency').$type<'EUR' | 'CHF' | 'NOK'>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('pt_packages_operator_idx').on(t.operatorId, t.position)],
);

export const ptTrainers = pgTable(
  'pt_trainers',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    name: text('name').notNull(),
    /** What the trainer focuses on, per language. */
    focus: jsonb('focus').$type<Localized<string>>().notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('pt_trainers_location_idx').on(t.locationId)],
);

export const ptPurchases = pgTable(
  'pt_purchases',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    packageId: text('package_id')
      .notNull()
      .references(() => ptPackages.id),
    /** Sessions bought (copied from the package at the time of purchase). */
    sessions: integer('sessions').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<'EUR' | 'CHF' | 'NOK'>().notNull(),
    /** The portal invoice the purchase is billed on. */
    invoiceId: text('invoice_id').references(() => invoices.id),
    /** The widget's id of the purchase attempt: a repeated click buys once. */
    requestId: text('request_id').notNull(),
    purchasedAt: instant('purchased_at').notNull(),
  },
  (t) => [
    uniqueIndex('pt_purchases_member_request_uq').on(t.memberId, t.requestId),
    index('pt_purchases_member_idx').on(t.memberId),
    index('pt_purchases_package_idx').on(t.packageId),
    index('pt_purchases_invoice_idx').on(t.invoiceId),
  ],
);

export const ptBookings = pgTable(
  'pt_bookings',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    trainerId: text('trainer_id')
      .notNull()
      .references(() => ptTrainers.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    createdAt: instant('created_at').notNull(),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    /** One booking per trainer and start, and one per member and start, even under concurrency. */
    uniqueIndex('pt_bookings_trainer_slot_uq').on(t.trainerId, t.startsAt).where(sql`cancelled_at IS NULL`),
    uniqueIndex('pt_bookings_member_slot_uq').on(t.memberId, t.startsAt).where(sql`cancelled_at IS NULL`),
    index('pt_bookings_member_idx').on(t.memberId, t.startsAt),
    // The slot index above holds live bookings only; a foreign key check needs them all.
    index('pt_bookings_trainer_idx').on(t.trainerId),
    index('pt_bookings_location_idx').on(t.locationId),
  ],
);

/**
 * SEPA direct debit mandates (docs/payments.md "SEPA direct debit", ADR 040). The full IBAN
 * is here only, for the debit file; everything else shows `iban_masked`. A member has at
 * most one mandate that has not ended; the current one is also the member's payment method
 * (`payment_methods.provider` 'sepa', its `provider_token` the mandate's id).
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    operatorId: text('operator_id').notNull(),
    /** Unique mandate reference per creditor (operator), at most 35 SEPA characters. */
    reference: text('reference').notNull(),
    creditorId: text('creditor_id').notNull(),
    iban: text('iban').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** The date of signature in the operator's timezone (the debit file's DtOfSgntr). */
    signedOn: day('signed_on').notNull(),
    signedAt: instant('signed_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (t) => [
    uniqueIndex('sepa_mandates_reference_uq').on(t.operatorId, t.reference),
    uniqueIndex('sepa_mandates_member_active_uq').on(t.memberId).where(sql`ended_at IS NULL`),
    index('sepa_mandates_member_idx').on(t.memberId),
  ],
);

/**
 * One invoice to collect by direct debit: queued by a mandate (declined invoices) or by the
 * export (scheduled ones due), exported in a pain.008 file, or returned by the bank.
 */
export const sepaCollections = pgTable(
  'sepa_collections',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    mandateId: text('mandate_id')
      .notNull()
      .references(() => sepaMandates.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The earliest collection date the pre-notification named. */
    dueOn: day('due_on').notNull(),
    status: text('status').$type<'queued' | 'exported' | 'returned' | 'cancelled'>().notNull(),
    sequenceType: text('sequence_type').$type<'FRST' | 'RCUR'>(),
    /** The pain.008 message and the end-to-end id the bank's return names. */
    messageId: text('message_id'),
    endToEndId: text('end_to_end_id'),
    exportedAt: instant('exported_at'),
    returnReason: text('return_reason'),
    returnedAt: instant('returned_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('sepa_collections_member_idx').on(t.memberId),
    index('sepa_collections_mandate_idx').on(t.mandateId),
    index('sepa_collections_invoice_idx').on(t.invoiceId),
    index('sepa_collections_due_idx').on(t.operatorId, t.status, t.dueOn),
    uniqueIndex('sepa_collections_open_uq').on(t.invoiceId).where(sql`status IN ('queued', 'exported')`),
    uniqueIndex('sepa_collections_end_to_end_uq').on(t.endToEndId),
  ],
);

/**
 * Group classes (docs/classes.md): what a class is, per operator, and its sessions at a
 * club. A session's bookings are written only under its row's lock (ADR 044).
 */
export const classes = pgTable(
  'classes',
  {
    id: text('id').primaryKey(),
    operatorId: text('operator_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    intensity: text('intensity').$type<'low' | 'medium' | 'high'>().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
  },
  (t) => [index('classes_operator_idx').on(t.operatorId)],
);

export const classSessions = pgTable(
  'class_sessions',
  {
    id: text('id').primaryKey(),
    classId: text('class_id')
      .notNull()
      .references(() => classes.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    room: text('room').notNull(),
    instructor: text('instructor').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    index('class_sessions_location_start_idx').on(t.locationId, t.startsAt),
    index('class_sessions_class_idx').on(t.classId),
  ],
);

export type ClassBookingStatus = 'booked' | 'waitlisted' | 'cancelled';

/**
 * A member's place in a session or on its waitlist. `queue` orders the waitlist (the
 * position is the rank among the waitlisted, so it has no gaps); a cancellation keeps the
 * row with `cancelled_at` and whether it was late.
 */
export const classBookings = pgTable(
  'class_bookings',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => classSessions.id),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').$type<ClassBookingStatus>().notNull(),
    queue: integer('queue').notNull(),
    createdAt: instant('created_at').notNull(),
    promotedAt: instant('promoted_at'),
    cancelledAt: instant('cancelled_at'),
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    remindedAt: instant('reminded_at'),
    attendedAt: instant('attended_at'),
  },
  (t) => [
    uniqueIndex('class_bookings_session_member_uq')
      .on(t.sessionId, t.memberId)
      .where(sql`status <> 'cancelled'`),
    index('class_bookings_session_idx').on(t.sessionId, t.status, t.queue),
    index('class_bookings_member_idx').on(t.memberId),
  ],
);
