import { z } from 'zod/mini';
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
  .check(
    z.trim(),
    z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Use 1 to 64 lower-case letters, digits and dashes.'),
  );

/** The back office's membership number, unique across all operators. */
export const MembershipNumber = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,32}$/, 'Use 1 to 32 letters, digits and dashes.'));

/**
 * A name, an address or an offer text never starts with `=` or `@`: that is a formula a
 * spreadsheet runs (`=HYPERLINK(…)`), so the row is refused rather than stored and shown
 * to members. A leading `+` or `-` stays data (a phone number, a list item in an offer);
 * tabs and line breaks at the start are trimmed away (docs/operations.md, "The import").
 */
const notFormula = (text: string) => !/^[=@]/.test(text);
const FORMULA = 'Text must not start with = or @ (a spreadsheet would run it as a formula).';
const Text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(max), z.refine(notFormula, FORMULA));
const OptionalText = (max: number) =>
  z._default(z.nullable(z.string().check(z.trim(), z.maxLength(max), z.refine(notFormula, FORMULA))), null);
const EmailAddress = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email());
const Country = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code'), z.toUpperCase());

/** A text per catalogue language; English is required, it is the last fallback. */
const localized = <T extends z.ZodMiniType>(text: T) =>
  z.strictObject({
    en: text,
    de: z.optional(text),
    fr: z.optional(text),
    nb: z.optional(text),
    fi: z.optional(text),
  });

/** A club's or a member's postal address, as both rows have it. */
const postalAddress = {
  street: Text(200),
  postal_code: Text(20),
  postal_location: Text(100),
  /** Absent: the operator's country. */
  country: z.optional(Country),
};

export const ImportClub = z.strictObject({
  id: ImportId,
  operator_id: OperatorId,
  name: Text(100),
  /** Null or absent: not known yet (a club in presale has its planned opening date). */
  opening_date: z._default(z.nullable(IsoDate), null),
  /** Set for a club that closed for good: members can no longer choose it. */
  closing_date: z._default(z.nullable(IsoDate), null),
  ...postalAddress,
  /** The club's desk, in international format. */
  phone: OptionalText(40),
  email: z._default(z.nullable(EmailAddress), null),
  opening_hours: z._default(WeeklyHours, []),
  staffed_hours: z._default(WeeklyHours, []),
  /** How many members the club holds at once, for how busy it is (null: 100). */
  capacity: z._default(z.nullable(z.int().check(z.gte(1), z.lte(100_000))), null),
  /** How long a visit counts as in the club, in minutes (null: 90). */
  visit_minutes: z._default(z.nullable(z.int().check(z.gte(10), z.lte(600))), null),
});
export type ImportClub = z.infer<typeof ImportClub>;

export const ImportProduct = z.strictObject({
  id: ImportId,
  operator_id: OperatorId,
  presentation: localized(z.strictObject({ name: Text(100), description: Text(500) })),
  monthly_fee: MinorUnits.check(z.nonnegative()),
  binding_months: z._default(z.int().check(z.gte(0), z.lte(60)), 0),
  require_phone_verification: z._default(z.boolean(), false),
  /** The clubs the product opens (at least one), of the same operator. */
  club_ids: z.array(ImportId).check(z.minLength(1), z.maxLength(500)),
});
export type ImportProduct = z.infer<typeof ImportProduct>;

export const ImportPromotion = z.strictObject({
  id: ImportId,
  operator_id: OperatorId,
  name: Text(100),
  /** Must be the promotion the operator catalogue names for the operator. */
  promotion_type: Text(64),
  referrer_discount_months: z.int().check(z.gte(0), z.lte(24)),
  referrer_discount_percentage: z.int().check(z.gte(0), z.lte(100)),
  referrer_pt_hours: z._default(z.int().check(z.gte(0), z.lte(100)), 0),
  signup_fee: z._default(MinorUnits.check(z.nonnegative()), 0),
  status: z._default(z.enum(['active', 'inactive']), 'active'),
  /** The offer text; newlines become line breaks in the portal. */
  presentation: localized(Text(2000)),
});
export type ImportPromotion = z.infer<typeof ImportPromotion>;

/**
 * A member with their membership: who they are, how to reach them, and the membership's
 * dated facts the portal derives the status from. No password: the import invites each
 * new member by e-mail to set one (a file with a password field is refused).
 */
export const ImportMember = z.strictObject({
  membership_number: MembershipNumber,
  operator_id: OperatorId,
  email: EmailAddress,
  /** What the member signs in with; absent: the e-mail address. Unique per operator. */
  username: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(254))),
  first_name: Text(100),
  last_name: Text(100),
  gender: z._default(z.nullable(Gender), null),
  birthdate: z._default(z.nullable(IsoDate), null),
  ...postalAddress,
  /** As the back office has them; the portal flags a number it cannot use. */
  mobile_prefix: z._default(z.string().check(z.trim(), z.maxLength(8)), ''),
  mobile_number: z._default(z.string().check(z.trim(), z.maxLength(32)), ''),
  /** One of the operator's locales; absent: its default. */
  locale: z.optional(Locale),
  gdpr_opt_in: z._default(z.boolean(), false),
  product_id: ImportId,
  /** The member's club: one the product opens. */
  club_id: ImportId,
  signup_kind: z._default(z.enum(['regular', 'trial', 'presale']), 'regular'),
  begin_date: IsoDate,
  /** The day the contract was concluded (the 14-day withdrawal runs from it); absent: the begin date, or today if that is later. */
  signed_up_on: z.optional(IsoDate),
  cancelled_on: z._default(z.nullable(IsoDate), null),
  /** Required with cancelled_on: the day the cancelled membership ends. */
  end_date: z._default(z.nullable(IsoDate), null),
  stopped_on: z._default(z.nullable(IsoDate), null),
  referral_code: z._default(
    z.nullable(
      z
        .string()
        .check(z.trim(), z.regex(/^[\p{L}\p{N}-]{1,32}$/u, 'Use 1 to 32 letters, digits and dashes.')),
    ),
    null,
  ),
});
export type ImportMember = z.infer<typeof ImportMember>;

/** A door key (chip or PIN) of an imported membership. */
export const ImportKey = z.strictObject({
  membership_number: MembershipNumber,
  type: z.enum(['pin', 'rfid']),
  code: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{4,32}$/, 'Use 4 to 32 letters and digits.')),
  status: z._default(z.enum(['active', 'inactive']), 'active'),
  valid_from: IsoDate,
  valid_to: z._default(z.nullable(IsoDate), null),
});
export type ImportKey = z.infer<typeof ImportKey>;

/** A freeze period of an imported membership. */
export const ImportFreeze = z.strictObject({
  membership_number: MembershipNumber,
  begin_date: IsoDate,
  end_date: IsoDate,
});
export type ImportFreeze = z.infer<typeof ImportFreeze>;

/** A group class an operator offers (docs/classes.md); its sessions name it by id. */
export const ImportClass = z.strictObject({
  id: ImportId,
  operator_id: OperatorId,
  name: Text(100),
  description: z._default(z.string().check(z.trim(), z.maxLength(1000), z.refine(notFormula, FORMULA)), ''),
  intensity: z.enum(['low', 'medium', 'high']),
  duration_minutes: z.int().check(z.gte(5), z.lte(600)),
});
export type ImportClass = z.infer<typeof ImportClass>;

/** One session of a class at a club of the class's operator. */
export const ImportClassSession = z.strictObject({
  id: ImportId,
  class_id: ImportId,
  club_id: ImportId,
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  room: Text(100),
  instructor: Text(100),
  capacity: z.int().check(z.gte(1), z.lte(1000)),
});
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
  z.strictObject({
    clubs: z._default(z.array(ImportClub), []),
    products: z._default(z.array(ImportProduct), []),
    promotions: z._default(z.array(ImportPromotion), []),
    members: z._default(z.array(ImportMember), []),
    keys: z._default(z.array(ImportKey), []),
    freezes: z._default(z.array(ImportFreeze), []),
    classes: z._default(z.array(ImportClass), []),
    class_sessions: z._default(z.array(ImportClassSession), []),
  }),
);
export type ImportDocument = z.infer<typeof ImportDocument>;
/** What a file may hold before defaults apply (what the demo seed writes, too). */
export type ImportDocumentInput = z.input<typeof ImportDocument>;
