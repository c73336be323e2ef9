import { type AnyColumn, and, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { Key } from '@portal/contract';
import type { IsoDate, LocalizedValue, MembershipRecord as ReadModel } from '@portal/domain';
import type { AuthContext } from '../../http/request-context.ts';
import { type Db, type Executor, rawQuery } from '../../db/client.ts';
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

/**
 * GET /v2/membership in one round trip, the session check included: the live session of a
 * token hash (as auth's findLiveSession checks it: not revoked, not expired) with its
 * member, and that member's newest membership (the one findMembership reads) with its club
 * and product, its freeze periods (by begin date, then creation), its keys (newest first:
 * valid from, then creation), the member's current payment method (not removed, added
 * last) and the operator's active referral promotion (created last); only the columns the
 * answer shows. The lists and the two optional rows come as JSON arrays in the same row.
 * Written out and run on the driver directly, rows as arrays: drizzle's query building and
 * row mapping had been a tenth of the request's CPU (ADR 020, 025). The column order is
 * ReadModelRow's.
 */
const SESSION_READ_MODEL = `select s.id,
  m.id, m.operator_id, m.first_name, m.last_name, m.gender, m.birthdate, m.email, m.street,
  m.postal_code, m.postal_location, m.country, m.mobile_prefix, m.mobile_number, m.locale,
  m.gdpr_opt_in, m.gdpr_updated_at,
  ms.id, ms.membership_number, ms.signup_kind, ms.begin_date, ms.cancelled_on, ms.end_date,
  ms.stopped_on, ms.withdrawn_on, ms.referral_code, ms.sheltered, ms.created_at,
  l.id, l.name, l.opening_date, l.closing_date,
  p.presentation, array_to_json(p.location_ids), p.monthly_fee, p.binding_months,
  p.require_phone_verification,
  (select json_agg(json_build_array(f.id, f.begin_date, f.end_date, f.cancel_date)
    order by f.begin_date, f.created_at) from freeze_periods f where f.membership_id = ms.id),
  (select json_agg(json_build_array(k.type, k.code, k.status, k.valid_from, k.valid_to)
    order by k.valid_from desc, k.created_at desc) from keys k where k.membership_id = ms.id),
  (select json_build_array(c.id, c.provider, c.type, c.brand, c.details, c.expire)
    from payment_methods c where c.member_id = m.id and c.removed_at is null
    order by c.created_at desc limit 1),
  (select json_build_array(r.name, r.referrer_discount_months, r.referrer_discount_percentage,
      r.referrer_pt_hours, r.presentation)
    from referral_promotions r where r.operator_id = m.operator_id and r.status = 'active'
    order by r.created_at desc limit 1),
  s.expires_at
from sessions s
join members m on m.id = s.member_id
left join memberships ms on ms.id = (select n.id from memberships n where n.member_id = m.id
  order by n.created_at desc limit 1)
left join locations l on l.id = ms.location_id
left join products p on p.id = ms.product_id
where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2
limit 1`;

type Day = IsoDate;
/** SESSION_READ_MODEL's columns (instants as the driver's text, JSON parsed). */
type ReadModelRow = [
  sessionId: string,
  memberId: string,
  operatorId: string,
  firstName: string,
  lastName: string,
  gender: ReadModel['member']['gender'],
  birthdate: Day | null,
  email: string,
  street: string,
  postalCode: string,
  postalLocation: string,
  country: string,
  mobilePrefix: string,
  mobileNumber: string,
  locale: string,
  gdprOptIn: boolean,
  gdprUpdatedAt: string | null,
  // The membership's columns onwards are null when the member has none (left joins).
  membershipId: string | null,
  membershipNumber: string,
  signupKind: ReadModel['membership']['signupKind'],
  beginDate: Day,
  cancelledOn: Day | null,
  endDate: Day | null,
  stoppedOn: Day | null,
  withdrawnOn: Day | null,
  referralCode: string | null,
  sheltered: boolean,
  createdAt: string,
  locationId: string,
  locationName: string,
  openingDate: Day | null,
  closingDate: Day | null,
  presentation: ReadModel['product']['presentation'],
  locationIds: string[],
  monthlyFee: number,
  bindingMonths: number,
  requirePhoneVerification: boolean,
  freezes: [id: string, beginDate: Day, endDate: Day, cancelDate: Day | null][] | null,
  keys:
    | [type: Key['type'], code: string, status: Key['status'], validFrom: Day, validTo: Day | null][]
    | null,
  paymentMethod:
    | [
        id: string,
        provider: 'verifone' | 'dibs',
        type: string,
        brand: string,
        details: string,
        expire: string,
      ]
    | null,
  promotion:
    | [
        name: string,
        months: number,
        percentage: number,
        ptHours: number,
        presentation: LocalizedValue<string>,
      ]
    | null,
  sessionExpiresAt: string,
];

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
    const [row] = (await query([hash, now.toISOString()])) as ReadModelRow[];
    if (!row) return null;
    const [
      sessionId,
      memberId,
      operatorId,
      firstName,
      lastName,
      gender,
      birthdate,
      email,
      street,
      postalCode,
      postalLocation,
      country,
      mobilePrefix,
      mobileNumber,
      locale,
      gdprOptIn,
      gdprUpdatedAt,
      membershipId,
      membershipNumber,
      signupKind,
      beginDate,
      cancelledOn,
      endDate,
      stoppedOn,
      withdrawnOn,
      referralCode,
      sheltered,
      createdAt,
      locationId,
      locationName,
      openingDate,
      closingDate,
      presentation,
      locationIds,
      monthlyFee,
      bindingMonths,
      requirePhoneVerification,
      freezes,
      keys,
      method,
      promotion,
      sessionExpiresAt,
    ] = row;
    const session: AuthContext = { sessionId, memberId, operatorId: operatorId as AuthContext['operatorId'] };
    const expiresAt = new Date(sessionExpiresAt).getTime();
    if (membershipId === null) return { session, expiresAt, data: undefined };
    return {
      session,
      expiresAt,
      data: {
        member: {
          operatorId: session.operatorId,
          firstName,
          lastName,
          gender,
          birthdate,
          email,
          street,
          postalCode,
          postalLocation,
          country,
          mobilePrefix,
          mobileNumber,
          locale,
          gdprOptIn,
          gdprUpdatedAt: gdprUpdatedAt === null ? null : new Date(gdprUpdatedAt),
        },
        membership: {
          id: membershipId,
          membershipNumber,
          signupKind,
          beginDate,
          cancelledOn,
          endDate,
          stoppedOn,
          withdrawnOn,
          referralCode,
          sheltered,
          createdAt: new Date(createdAt),
        },
        location: { id: locationId, name: locationName, openingDate, closingDate },
        product: { presentation, locationIds, monthlyFee, bindingMonths, requirePhoneVerification },
        freezes: (freezes ?? []).map(([id, beginDate, endDate, cancelDate]) => ({
          id,
          beginDate,
          endDate,
          cancelDate,
        })),
        keys: (keys ?? []).map(([type, code, status, validFrom, validTo]) => ({
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
  return ex
    .select()
    .from(keys)
    .where(eq(keys.membershipId, membershipId))
    .orderBy(desc(keys.validFrom), desc(keys.createdAt));
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
