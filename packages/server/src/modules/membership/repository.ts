import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Key } from '@portal/contract';
import type { IsoDate, LocalizedValue, MembershipRecord as ReadModel } from '@portal/domain';
import type { AuthContext } from '../../http/auth-context.ts';
import { type Db, type Executor, rawQuery } from '../../db/executor.ts';
import {
  freezePeriods,
  keys,
  locations,
  members,
  memberships,
  paymentMethods,
  products,
  referralPromotions,
} from '../../db/schema.ts';

// Every column of the member but the password hash, which only the password checks read.
const { passwordHash: _passwordHash, ...memberColumns } = getTableColumns(members);

/** The member's row as the membership rules and the read model see it (no password hash). */
export type MemberRow = Omit<typeof members.$inferSelect, 'passwordHash'>;
export type FreezeRow = Omit<typeof freezePeriods.$inferSelect, 'membershipId'>;

/** A json or jsonb value as the driver gives it (postgres-js parses it, a raw string otherwise). */
function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

type Json<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** `json_build_object` of some columns of a table, keyed by their names in the schema. */
function jsonObject(columns: Record<string, AnyColumn>): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => {
    if (!/^[A-Za-z]+$/.test(key)) throw new Error(`not a key: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The membership's freeze periods in date order, as one JSON array in the membership's row. */
const freezePeriodsJson = sql<unknown>`coalesce((select json_agg(${jsonObject({
  id: freezePeriods.id,
  beginDate: freezePeriods.beginDate,
  endDate: freezePeriods.endDate,
  cancelDate: freezePeriods.cancelDate,
  createdAt: freezePeriods.createdAt,
})} order by ${freezePeriods.beginDate}, ${freezePeriods.createdAt}) from ${freezePeriods} where ${freezePeriods.membershipId} = ${memberships.id}), '[]'::json)`;

function freezesOf(value: unknown): FreezeRow[] {
  return fromJson<Json<FreezeRow>[]>(value).map((f) => ({ ...f, createdAt: new Date(f.createdAt) }));
}

const membershipColumns = {
  member: memberColumns,
  membership: memberships,
  location: locations,
  product: products,
  freezes: freezePeriodsJson,
};

/**
 * Locks the memberships of several members at once, in id order, as a batch job (the SEPA
 * debit run) must before it reads what their own requests may change: with one order, two
 * batches never wait on each other in a circle, and each member's request waits for the
 * batch or the batch for it (ADR 033).
 */
export async function lockMemberships(ex: Executor, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await ex
    .select({ id: memberships.id })
    .from(memberships)
    .where(inArray(memberships.memberId, [...memberIds]))
    .orderBy(asc(memberships.id))
    .for('no key update');
}

/**
 * The member's membership (the newest one) with its member, club and product rows and its
 * freeze periods, in one query. With `forUpdate` (inside a transaction) the member's
 * membership rows stay locked until commit.
 */
export async function findMembership(ex: Executor, memberId: string, options: { forUpdate?: boolean } = {}) {
  // Lock first, read after: on PostgreSQL a joined SELECT … FOR UPDATE that waited for the
  // lock re-checks only the locked row, so it would keep the member row as it was before
  // the wait and drop the row altogether when the other change moved the club.
  // FOR NO KEY UPDATE, not FOR UPDATE: it serialises the member's writers as strongly, and
  // lets the key-share locks of foreign-key checks (an event, a check-in, a session that
  // references the member) through, so such an insert never waits in the opposite order
  // and deadlocks (ADR 033).
  if (options.forUpdate) {
    await ex
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.memberId, memberId))
      .for('no key update');
  }
  const [row] = await ex
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .innerJoin(locations, eq(locations.id, memberships.locationId))
    .innerJoin(products, eq(products.id, memberships.productId))
    .where(eq(memberships.memberId, memberId))
    .orderBy(desc(memberships.createdAt))
    .limit(1);
  return row ? { ...row, freezes: freezesOf(row.freezes) } : undefined;
}

export type MembershipRecord = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

export type KeyRow = Omit<typeof keys.$inferSelect, 'membershipId'>;

declare const valueType: unique symbol;
/** A column's SQL, typed with the value the driver gives for it (instants as text, JSON parsed). */
type Column<T> = string & { readonly [valueType]: T };
const column = <T>(expression: string) => expression as Column<T>;
type Day = IsoDate;

/**
 * The read model's columns, in the query's order: the name the row is read by, the SQL and
 * the value's type. The one list of them: the query's select list and ReadModelRow are made
 * from it. Only the columns the answer shows; the lists and the two optional rows (current
 * card, active promotion) as JSON arrays, not objects (ADR 025).
 */
const READ_MODEL_COLUMNS = {
  sessionId: column<string>('s.id'),
  memberId: column<string>('m.id'),
  operatorId: column<string>('m.operator_id'),
  firstName: column<string>('m.first_name'),
  lastName: column<string>('m.last_name'),
  gender: column<ReadModel['member']['gender']>('m.gender'),
  birthdate: column<Day | null>('m.birthdate'),
  email: column<string>('m.email'),
  street: column<string>('m.street'),
  postalCode: column<string>('m.postal_code'),
  postalLocation: column<string>('m.postal_location'),
  country: column<string>('m.country'),
  mobilePrefix: column<string>('m.mobile_prefix'),
  mobileNumber: column<string>('m.mobile_number'),
  locale: column<string>('m.locale'),
  gdprOptIn: column<boolean>('m.gdpr_opt_in'),
  gdprUpdatedAt: column<string | null>('m.gdpr_updated_at'),
  // The membership's columns onwards are null when the member has none (left joins).
  membershipId: column<string | null>('ms.id'),
  membershipNumber: column<string>('ms.membership_number'),
  signupKind: column<ReadModel['membership']['signupKind']>('ms.signup_kind'),
  beginDate: column<Day>('ms.begin_date'),
  cancelledOn: column<Day | null>('ms.cancelled_on'),
  endDate: column<Day | null>('ms.end_date'),
  stoppedOn: column<Day | null>('ms.stopped_on'),
  withdrawnOn: column<Day | null>('ms.withdrawn_on'),
  referralCode: column<string | null>('ms.referral_code'),
  sheltered: column<boolean>('ms.sheltered'),
  createdAt: column<string>('ms.created_at'),
  locationId: column<string>('l.id'),
  locationName: column<string>('l.name'),
  openingDate: column<Day | null>('l.opening_date'),
  closingDate: column<Day | null>('l.closing_date'),
  presentation: column<ReadModel['product']['presentation']>('p.presentation'),
  locationIds: column<string[]>('array_to_json(p.location_ids)'),
  monthlyFee: column<number>('p.monthly_fee'),
  bindingMonths: column<number>('p.binding_months'),
  requirePhoneVerification: column<boolean>('p.require_phone_verification'),
  // Freeze periods by begin date, then creation.
  freezes: column<[id: string, beginDate: Day, endDate: Day, cancelDate: Day | null][] | null>(
    `(select json_agg(json_build_array(f.id, f.begin_date, f.end_date, f.cancel_date)
    order by f.begin_date, f.created_at) from freeze_periods f where f.membership_id = ms.id)`,
  ),
  // Keys newest first: valid from, then creation. Not a phone's (ADR 042) nor a wallet's (ADR 043): they have their own pages.
  keys: column<
    [type: Key['type'], code: string, status: Key['status'], validFrom: Day, validTo: Day | null][] | null
  >(
    `(select json_agg(json_build_array(k.type, k.code, k.status, k.valid_from, k.valid_to)
    order by k.valid_from desc, k.created_at desc) from keys k where k.membership_id = ms.id and k.type not in ('phone', 'wallet'))`,
  ),
  // The member's current payment method: not removed, added last.
  paymentMethod: column<
    | [
        id: string,
        provider: 'verifone' | 'dibs' | 'sepa',
        type: string,
        brand: string,
        details: string,
        expire: string,
      ]
    | null
  >(
    `(select json_build_array(c.id, c.provider, c.type, c.brand, c.details, c.expire)
    from payment_methods c where c.member_id = m.id and c.removed_at is null
    order by c.created_at desc limit 1)`,
  ),
  // The operator's active referral promotion, created last.
  promotion: column<
    | [
        name: string,
        months: number,
        percentage: number,
        ptHours: number,
        presentation: LocalizedValue<string>,
      ]
    | null
  >(
    `(select json_build_array(r.name, r.referrer_discount_months, r.referrer_discount_percentage,
      r.referrer_pt_hours, r.presentation)
    from referral_promotions r where r.operator_id = m.operator_id and r.status = 'active'
    order by r.created_at desc limit 1)`,
  ),
  sessionExpiresAt: column<string>('s.expires_at'),
};

type ReadModelColumns = typeof READ_MODEL_COLUMNS;
/** A row of SESSION_READ_MODEL, by the names of READ_MODEL_COLUMNS. */
type ReadModelRow = {
  [K in keyof ReadModelColumns]: ReadModelColumns[K] extends Column<infer T> ? T : never;
};
const READ_MODEL_NAMES = Object.keys(READ_MODEL_COLUMNS) as (keyof ReadModelColumns)[];

/**
 * GET /v2/membership in one round trip, the session check included: the live session of a
 * token hash (as auth's findLiveSession checks it: not revoked, not expired) with its
 * member, and that member's newest membership (the one findMembership reads) with its club
 * and product, and the columns of READ_MODEL_COLUMNS. Written out and run on the driver
 * directly, rows as arrays: drizzle's query building and row mapping had been a tenth of
 * the request's CPU (ADR 020, 025).
 */
const SESSION_READ_MODEL = `select ${Object.values(READ_MODEL_COLUMNS).join(', ')}
from sessions s
join members m on m.id = s.member_id
left join memberships ms on ms.id = (select n.id from memberships n where n.member_id = m.id
  order by n.created_at desc limit 1)
left join locations l on l.id = ms.location_id
left join products p on p.id = ms.product_id
where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2
limit 1`;

/** The driver's row (values in the query's order) by the columns' names. */
function readModelRow(values: unknown[]): ReadModelRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < READ_MODEL_NAMES.length; i++) row[READ_MODEL_NAMES[i]!] = values[i];
  return row as ReadModelRow;
}

/** domain membershipView's record, and the member's operator. */
export type SessionReadModel = ReadModel & { member: { operatorId: AuthContext['operatorId'] } };

/**
 * The session of a token hash and its member's read model (domain membershipView's
 * record), in one query. null: no live session; `data` undefined: no membership.
 */
export function prepareSessionReadModel(db: Db) {
  const query = rawQuery(db, SESSION_READ_MODEL);
  return async (
    hash: string,
    now: Date,
  ): Promise<{ session: AuthContext; expiresAt: number; data: SessionReadModel | undefined } | null> => {
    const [values] = await query([hash, now.toISOString()]);
    if (!values) return null;
    const r = readModelRow(values);
    const operatorId = r.operatorId as AuthContext['operatorId'];
    const session: AuthContext = { sessionId: r.sessionId, memberId: r.memberId, operatorId };
    const expiresAt = new Date(r.sessionExpiresAt).getTime();
    if (r.membershipId === null) return { session, expiresAt, data: undefined };
    const method = r.paymentMethod;
    const promotion = r.promotion;
    return {
      session,
      expiresAt,
      data: {
        member: {
          operatorId,
          firstName: r.firstName,
          lastName: r.lastName,
          gender: r.gender,
          birthdate: r.birthdate,
          email: r.email,
          street: r.street,
          postalCode: r.postalCode,
          postalLocation: r.postalLocation,
          country: r.country,
          mobilePrefix: r.mobilePrefix,
          mobileNumber: r.mobileNumber,
          locale: r.locale,
          gdprOptIn: r.gdprOptIn,
          gdprUpdatedAt: r.gdprUpdatedAt === null ? null : new Date(r.gdprUpdatedAt),
        },
        membership: {
          id: r.membershipId,
          membershipNumber: r.membershipNumber,
          signupKind: r.signupKind,
          beginDate: r.beginDate,
          cancelledOn: r.cancelledOn,
          endDate: r.endDate,
          stoppedOn: r.stoppedOn,
          withdrawnOn: r.withdrawnOn,
          referralCode: r.referralCode,
          sheltered: r.sheltered,
          createdAt: new Date(r.createdAt),
        },
        location: {
          id: r.locationId,
          name: r.locationName,
          openingDate: r.openingDate,
          closingDate: r.closingDate,
        },
        product: {
          presentation: r.presentation,
          locationIds: r.locationIds,
          monthlyFee: r.monthlyFee,
          bindingMonths: r.bindingMonths,
          requirePhoneVerification: r.requirePhoneVerification,
        },
        freezes: (r.freezes ?? []).map(([id, beginDate, endDate, cancelDate]) => ({
          id,
          beginDate,
          endDate,
          cancelDate,
        })),
        keys: (r.keys ?? []).map(([type, code, status, validFrom, validTo]) => ({
          type,
          code,
          status,
          validFrom,
          validTo,
        })),
        paymentMethod: method && {
          id: method[0],
          provider: method[1],
          type: method[2],
          brand: method[3],
          details: method[4],
          expire: method[5],
        },
        promotion: promotion && {
          name: promotion[0],
          referrerDiscountMonths: promotion[1],
          referrerDiscountPercentage: promotion[2],
          referrerPtHours: promotion[3],
          presentation: promotion[4],
        },
      },
    };
  };
}

export function listKeys(ex: Executor, membershipId: string) {
  return (
    ex
      .select()
      .from(keys)
      // A phone's key (ADR 042) is listed with the entry devices, a wallet's (ADR 043) with
      // the wallet passes, not with chip and PIN.
      .where(and(eq(keys.membershipId, membershipId), notInArray(keys.type, ['phone', 'wallet'])))
      .orderBy(desc(keys.validFrom), desc(keys.createdAt))
      .then((rows) => rows as ((typeof rows)[number] & { type: Key['type'] })[])
  );
}

export async function findCurrentPaymentMethod(ex: Executor, memberId: string) {
  const [row] = await ex
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.memberId, memberId), isNull(paymentMethods.removedAt)))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return row;
}

export async function findActivePromotion(ex: Executor, operatorId: string) {
  const [row] = await ex
    .select()
    .from(referralPromotions)
    .where(and(eq(referralPromotions.operatorId, operatorId), eq(referralPromotions.status, 'active')))
    .orderBy(desc(referralPromotions.createdAt))
    .limit(1);
  return row;
}

/**
 * Stores the language a member chose in the portal as their locale (what e-mails and SMS
 * use); one statement, so one small transaction of its own, and a no-op when it is stored
 * already. Answers whether it changed.
 */
export async function storeMemberLocale(ex: Executor, memberId: string, locale: string, at: Date) {
  const rows = await ex
    .update(members)
    .set({ locale, updatedAt: at })
    .where(and(eq(members.id, memberId), sql`${members.locale} is distinct from ${locale}`))
    .returning({ id: members.id });
  return rows.length > 0;
}
