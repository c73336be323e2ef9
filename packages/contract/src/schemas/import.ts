import { z } from 'zod';
import { IsoDate, Locale, MinorUnits, OperatorId } from './common.ts';
import { WeeklyHours } from './contact.ts';
import { Gender } from './profile.ts';
import { storableText } from './text.ts';

/*
 * The import of clubs, products, referral promotions and members into a portal database
 * (`npm run import -- <file>`, docs/operations.md). Operators are not imported: they are
 * code (the domain's catalogue) and rows name them by id. Every entity has a natural id
 * the import upserts by: clubs, products and promotions their `id`, members their
 * `membership_number`, keys their membership, type and code, freezes their membership and
 * begin date. Members never carry a password: each new one is invited to set their own.
 */

/** Ids of clubs, products and promotions: lower-case letters, digits and dashes, e.g. `de-berlin-mitte`. */
export const ImportId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Use 1 to 64 lower-case letters, digits and dashes.');

/** The back office's membership number, unique across all operators. */
export const MembershipNumber = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,32}$/, 'Use 1 to 32 letters, digits and dashes.');

/**
 * A name, an address or an offer text never starts with `=` or `@`: that is a formula a
 * spreadsheet runs (`=HYPERLINK(…)`), so the row is refused rather than stored and shown
 * to members. A leading `+` or `-` stays data (a phone number, a list item in an offer);
 * tabs and line breaks at the start are trimmed away (docs/operations.md, "The import").
 */
const notFormula = (text: string) => !/^[=@]/.test(text);
const FORMULA = 'Text must not start with = or @ (a spreadsheet would run it as a formula).';
const Text = (max: number) => z.string().trim().min(1).max(max).refine(notFormula, FORMULA);
const OptionalText = (max: number) =>
  z.string().trim().max(max).refine(notFormula, FORMULA).nullable().default(null);
const EmailAddress = z.string().trim().toLowerCase().max(254).pipe(z.email());
const Country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code')
  .toUpperCase();

/** A text per catalogue language; English is required, it is the last fallback. */
const localized = <T extends z.ZodType>(text: T) =>
  z
    .object({ en: text, de: text.optional(), fr: text.optional(), nb: text.optional(), fi: text.optional() })
    .strict();

export const ImportClub = z
  .object({
    id: ImportId,
    operator_id: OperatorId,
    name: Text(100),
    /** Null or absent: not known yet (a club in presale has its planned opening date). */
    opening_date: IsoDate.nullable().default(null),
    /** Set for a club that closed for good: members can no longer choose it. */
    closing_date: IsoDate.nullable().default(null),
    street: Text(200),
    postal_code: Text(20),
    postal_location: Text(100),
    /** Absent: the operator's country. */
    country: Country.optional(),
    /** The club's desk, in international format. */
    phone: OptionalText(40),
    email: EmailAddress.nullable().default(null),
    opening_hours: WeeklyHours.default([]),
    staffed_hours: WeeklyHours.default([]),
    /** How many members the club holds at once, for how busy it is (null: 100). */
    capacity: z.number().int().min(1).max(100_000).nullable().default(null),
    /** How long a visit counts as in the club, in minutes (null: 90). */
    visit_minutes: z.number().int().min(10).max(600).nullable().default(null),
  })
  .strict();
export type ImportClub = z.infer<typeof ImportClub>;

export const ImportProduct = z
  .object({
    id: ImportId,
    operator_id: OperatorId,
    presentation: localized(z.object({ name: Text(100), description: Text(500) }).strict()),
    monthly_fee: MinorUnits.nonnegative(),
    binding_months: z.number().int().min(0).max(60).default(0),
    require_phone_verification: z.boolean().default(false),
    /** The clubs the product opens (at least one), of the same operator. */
    club_ids: z.array(ImportId).min(1).max(500),
  })
  .strict();
export type ImportProduct = z.infer<typeof ImportProduct>;

export const ImportPromotion = z
  .object({
    id: ImportId,
    operator_id: OperatorId,
    name: Text(100),
    /** Must be the promotion the operator catalogue names for the operator. */
    promotion_type: Text(64),
    referrer_discount_months: z.number().int().min(0).max(24),
    referrer_discount_percentage: z.number().int().min(0).max(100),
    referrer_pt_hours: z.number().int().min(0).max(100).default(0),
    signup_fee: MinorUnits.nonnegative().default(0),
    status: z.enum(['active', 'inactive']).default('active'),
    /** The offer text; newlines become line breaks in the portal. */
    presentation: localized(Text(2000)),
  })
  .strict();
export type ImportPromotion = z.infer<typeof ImportPromotion>;

/**
 * A member with their membership: who they are, how to reach them, and the membership's
 * dated facts the portal derives the status from. No password: the import invites each
 * new member by e-mail to set one (a file with a password field is refused).
 */
export const ImportMember = z
  .object({
    membership_number: MembershipNumber,
    operator_id: OperatorId,
    email: EmailAddress,
    /** What the member signs in with; absent: the e-mail address. Unique per operator. */
    username: z.string().trim().toLowerCase().min(3).max(254).optional(),
    first_name: Text(100),
    last_name: Text(100),
    gender: Gender.nullable().default(null),
    birthdate: IsoDate.nullable().default(null),
    street: Text(200),
    postal_code: Text(20),
    postal_location: Text(100),
    /** Absent: the operator's country. */
    country: Country.optional(),
    /** As the back office has them; the portal flags a number it cannot use. */
    mobile_prefix: z.string().trim().max(8).default(''),
    mobile_number: z.string().trim().max(32).default(''),
    /** One of the operator's locales; absent: its default. */
    locale: Locale.optional(),
    gdpr_opt_in: z.boolean().default(false),
    product_id: ImportId,
    /** The member's club: one the product opens. */
    club_id: ImportId,
    signup_kind: z.enum(['regular', 'trial', 'presale']).default('regular'),
    begin_date: IsoDate,
    /** The day the contract was concluded (the 14-day withdrawal runs from it); absent: the begin date, or today if that is later. */
    signed_up_on: IsoDate.optional(),
    cancelled_on: IsoDate.nullable().default(null),
    /** Required with cancelled_on: the day the cancelled membership ends. */
    end_date: IsoDate.nullable().default(null),
    stopped_on: IsoDate.nullable().default(null),
    referral_code: z
      .string()
      .trim()
      .regex(/^[\p{L}\p{N}-]{1,32}$/u, 'Use 1 to 32 letters, digits and dashes.')
      .nullable()
      .default(null),
  })
  .strict();
export type ImportMember = z.infer<typeof ImportMember>;

/** A door key (chip or PIN) of an imported membership. */
export const ImportKey = z
  .object({
    membership_number: MembershipNumber,
    type: z.enum(['pin', 'rfid']),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,32}$/, 'Use 4 to 32 letters and digits.'),
    status: z.enum(['active', 'inactive']).default('active'),
    valid_from: IsoDate,
    valid_to: IsoDate.nullable().default(null),
  })
  .strict();
export type ImportKey = z.infer<typeof ImportKey>;

/** A freeze period of an imported membership. */
export const ImportFreeze = z
  .object({
    membership_number: MembershipNumber,
    begin_date: IsoDate,
    end_date: IsoDate,
  })
  .strict();
export type ImportFreeze = z.infer<typeof ImportFreeze>;

/** A group class an operator offers (docs/classes.md); its sessions name it by id. */
export const ImportClass = z
  .object({
    id: ImportId,
    operator_id: OperatorId,
    name: Text(100),
    description: z.string().trim().max(1000).refine(notFormula, FORMULA).default(''),
    intensity: z.enum(['low', 'medium', 'high']),
    duration_minutes: z.number().int().min(5).max(600),
  })
  .strict();
export type ImportClass = z.infer<typeof ImportClass>;

/** One session of a class at a club of the class's operator. */
export const ImportClassSession = z
  .object({
    id: ImportId,
    class_id: ImportId,
    club_id: ImportId,
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    room: Text(100),
    instructor: Text(100),
    capacity: z.number().int().min(1).max(1000),
  })
  .strict();
export type ImportClassSession = z.infer<typeof ImportClassSession>;

/** The row schema of each entity, in the order the import applies them; each with the text rule (text.ts). */
export const importEntities = {
  clubs: storableText(ImportClub),
  products: storableText(ImportProduct),
  promotions: storableText(ImportPromotion),
  members: storableText(ImportMember),
  keys: storableText(ImportKey),
  freezes: storableText(ImportFreeze),
  classes: storableText(ImportClass),
  class_sessions: storableText(ImportClassSession),
} as const;
export type ImportEntity = keyof typeof importEntities;
export const IMPORT_ENTITIES = Object.keys(importEntities) as ImportEntity[];

/** A JSON import file: one document with a list per entity, each optional. */
export const ImportDocument = storableText(
  z
    .object({
      clubs: z.array(ImportClub).default([]),
      products: z.array(ImportProduct).default([]),
      promotions: z.array(ImportPromotion).default([]),
      members: z.array(ImportMember).default([]),
      keys: z.array(ImportKey).default([]),
      freezes: z.array(ImportFreeze).default([]),
      classes: z.array(ImportClass).default([]),
      class_sessions: z.array(ImportClassSession).default([]),
    })
    .strict(),
);
export type ImportDocument = z.infer<typeof ImportDocument>;
/** What a file may hold before defaults apply (what the demo seed writes, too). */
export type ImportDocumentInput = z.input<typeof ImportDocument>;
