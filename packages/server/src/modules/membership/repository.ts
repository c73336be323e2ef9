import {
  type AnyColumn,
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  isNull,
  Param,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AuthContext } from '../../http/request-context.ts';
import { type Db, type Executor, preparedOnCurrentPool } from '../../db/client.ts';
import {
  freezePeriods,
  keys,
  locations,
  members,
  memberships,
  paymentMethods,
  products,
  referralPromotions,
  sessions,
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
  if (options.forUpdate) {
    await ex
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.memberId, memberId))
      .for('update');
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
export type PaymentMethodRow = Pick<
  typeof paymentMethods.$inferSelect,
  'id' | 'provider' | 'type' | 'brand' | 'details' | 'expire'
>;
export type PromotionRow = Pick<
  typeof referralPromotions.$inferSelect,
  'name' | 'referrerDiscountMonths' | 'referrerDiscountPercentage' | 'referrerPtHours' | 'presentation'
>;

/**
 * GET /v2/membership in one round trip, the session check included: the live session of a
 * token hash (as auth's findLiveSession checks it) with its member, and that member's
 * membership as findMembership reads it plus its keys (newest first), the member's current
 * payment method and the operator's active referral promotion, each as JSON in the same
 * row. No row: no live session. A row without membership: signed in, but no membership.
 * Prepared once per database, so the query is not built again for every request.
 */
export function prepareSessionReadModel(db: Db) {
  const keysJson = sql<unknown>`coalesce((select json_agg(${jsonObject({
    id: keys.id,
    type: keys.type,
    code: keys.code,
    status: keys.status,
    validFrom: keys.validFrom,
    validTo: keys.validTo,
    origin: keys.origin,
    createdAt: keys.createdAt,
    endedAt: keys.endedAt,
  })} order by ${keys.validFrom} desc, ${keys.createdAt} desc) from ${keys} where ${keys.membershipId} = ${memberships.id}), '[]'::json)`;
  const paymentMethodJson = sql<unknown>`(select ${jsonObject({
    id: paymentMethods.id,
    provider: paymentMethods.provider,
    type: paymentMethods.type,
    brand: paymentMethods.brand,
    details: paymentMethods.details,
    expire: paymentMethods.expire,
  })} from ${paymentMethods} where ${paymentMethods.memberId} = ${members.id} and ${paymentMethods.removedAt} is null order by ${paymentMethods.createdAt} desc limit 1)`;
  const promotionJson = sql<unknown>`(select ${jsonObject({
    name: referralPromotions.name,
    referrerDiscountMonths: referralPromotions.referrerDiscountMonths,
    referrerDiscountPercentage: referralPromotions.referrerDiscountPercentage,
    referrerPtHours: referralPromotions.referrerPtHours,
    presentation: referralPromotions.presentation,
  })} from ${referralPromotions} where ${referralPromotions.operatorId} = ${members.operatorId} and ${referralPromotions.status} = 'active' order by ${referralPromotions.createdAt} desc limit 1)`;

  // The member's newest membership, the one findMembership reads.
  const newestMembershipId = sql`(select newest.id from ${memberships} newest where newest.member_id = ${members.id} order by newest.created_at desc limit 1)`;

  // Only what the read model shows: no password hash, no club address or hours. Prepared
  // on first use, and again on a new pool (preparedOnCurrentPool).
  const query = preparedOnCurrentPool(db, () =>
    db
      .select({
        sessionId: sessions.id,
        member: {
          id: members.id,
          operatorId: members.operatorId,
          firstName: members.firstName,
          lastName: members.lastName,
          gender: members.gender,
          birthdate: members.birthdate,
          email: members.email,
          street: members.street,
          postalCode: members.postalCode,
          postalLocation: members.postalLocation,
          country: members.country,
          mobilePrefix: members.mobilePrefix,
          mobileNumber: members.mobileNumber,
          locale: members.locale,
          gdprOptIn: members.gdprOptIn,
          gdprUpdatedAt: members.gdprUpdatedAt,
        },
        membership: {
          id: memberships.id,
          membershipNumber: memberships.membershipNumber,
          signupKind: memberships.signupKind,
          beginDate: memberships.beginDate,
          cancelledOn: memberships.cancelledOn,
          endDate: memberships.endDate,
          stoppedOn: memberships.stoppedOn,
          withdrawnOn: memberships.withdrawnOn,
          referralCode: memberships.referralCode,
          sheltered: memberships.sheltered,
          createdAt: memberships.createdAt,
        },
        location: {
          id: locations.id,
          name: locations.name,
          openingDate: locations.openingDate,
          closingDate: locations.closingDate,
        },
        product: {
          presentation: products.presentation,
          locationIds: products.locationIds,
          monthlyFee: products.monthlyFee,
          bindingMonths: products.bindingMonths,
          requirePhoneVerification: products.requirePhoneVerification,
        },
        freezes: freezePeriodsJson,
        keys: keysJson,
        paymentMethod: paymentMethodJson,
        promotion: promotionJson,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .leftJoin(memberships, eq(memberships.id, newestMembershipId))
      .leftJoin(locations, eq(locations.id, memberships.locationId))
      .leftJoin(products, eq(products.id, memberships.productId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          isNull(sessions.revokedAt),
          // A Param, so the instant goes through the column's encoder as a plain value would.
          gt(sessions.expiresAt, new Param(sql.placeholder('now'), sessions.expiresAt)),
        ),
      )
      .limit(1)
      .prepare('membership_session_read_model'),
  );

  return async (hash: string, now: Date) => {
    const [row] = await query().execute({ hash, now });
    if (!row) return null;
    const { sessionId, member, membership, location, product } = row;
    const session: AuthContext = {
      sessionId,
      memberId: member.id,
      operatorId: member.operatorId as AuthContext['operatorId'],
    };
    // Left joins: the club and product come with the membership (foreign keys, not null).
    if (!membership || !location || !product) return { session, data: undefined };
    return {
      session,
      data: {
        member,
        membership,
        location,
        product,
        freezes: freezesOf(row.freezes),
        keys: fromJson<Json<KeyRow>[]>(row.keys).map((k) => ({
          ...k,
          createdAt: new Date(k.createdAt),
          endedAt: k.endedAt === null ? null : new Date(k.endedAt),
        })),
        paymentMethod: row.paymentMethod === null ? null : fromJson<PaymentMethodRow>(row.paymentMethod),
        promotion: row.promotion === null ? null : fromJson<PromotionRow>(row.promotion),
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
