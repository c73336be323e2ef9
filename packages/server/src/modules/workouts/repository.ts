import { and, between, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/executor.ts';
import { checkIns, freezePeriods, keys, locations, members, memberships, products } from '../../db/schema.ts';

export interface WorkoutMonthRow {
  year: number;
  month: number;
  count: number;
  ytd: number;
  total: number;
}

/**
 * Check-ins per calendar month in `timezone` up to `now`, from the first month with one to
 * the current month (months between without any count 0), with the year-to-date sum and
 * the total: grouped and summed by the database, never loaded one by one. The same rule as
 * domain's countWorkouts states.
 */
export function workoutMonths(ex: Executor, memberId: string, timezone: string, now: Date) {
  const until = now.toISOString();
  return selectRows<WorkoutMonthRow>(
    ex,
    sql`
      with counts as (
        select date_trunc('month', ${checkIns.at} at time zone ${timezone}) as month, count(*)::int as count
        from ${checkIns}
        where ${checkIns.memberId} = ${memberId} and ${checkIns.at} <= ${until}::timestamptz
        group by 1
      ), months as (
        select generate_series(
          min(month),
          date_trunc('month', ${until}::timestamptz at time zone ${timezone}),
          interval '1 month'
        ) as month
        from counts
      )
      select extract(year from m.month)::int as year,
        extract(month from m.month)::int as month,
        coalesce(c.count, 0) as count,
        (sum(coalesce(c.count, 0)) over (partition by date_trunc('year', m.month) order by m.month))::int as ytd,
        (sum(coalesce(c.count, 0)) over ())::int as total
      from months m left join counts c on c.month = m.month
      order by m.month`,
  );
}

export async function findClub(ex: Executor, clubId: string) {
  const [row] = await ex
    .select({ id: locations.id, operatorId: locations.operatorId })
    .from(locations)
    .where(eq(locations.id, clubId))
    .limit(1);
  return row;
}

/** Stored check-ins of a club by the door system's ids, with the key that was used. */
export function findCheckIns(ex: Executor, clubId: string, checkInIds: string[]) {
  if (checkInIds.length === 0) return Promise.resolve([]);
  return ex
    .select({ checkInId: checkIns.checkInId, at: checkIns.at, keyType: keys.type, keyCode: keys.code })
    .from(checkIns)
    .innerJoin(keys, eq(keys.id, checkIns.keyId))
    .where(and(eq(checkIns.locationId, clubId), inArray(checkIns.checkInId, checkInIds)));
}

/** Every key of the operator's memberships with one of these codes, newest first, with its membership. */
export function findKeysByCode(ex: Executor, operatorId: string, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return ex
    .select({ key: keys, membership: memberships, memberId: members.id, clubs: products.locationIds })
    .from(keys)
    .innerJoin(memberships, eq(memberships.id, keys.membershipId))
    .innerJoin(members, eq(members.id, memberships.memberId))
    .innerJoin(products, eq(products.id, memberships.productId))
    .where(and(eq(members.operatorId, operatorId), inArray(keys.code, codes)))
    .orderBy(desc(keys.validFrom), desc(keys.createdAt));
}

export function listFreezePeriodsOf(ex: Executor, membershipIds: string[]) {
  if (membershipIds.length === 0) return Promise.resolve([]);
  return ex.select().from(freezePeriods).where(inArray(freezePeriods.membershipId, membershipIds));
}

/** Inserts check-ins; one a concurrent delivery has just stored is skipped (the unique id per club). */
export async function insertCheckIns(ex: Executor, rows: (typeof checkIns.$inferInsert)[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await ex
      .insert(checkIns)
      .values(rows.slice(start, start + 500))
      .onConflictDoNothing({ target: [checkIns.locationId, checkIns.checkInId] });
  }
}

/**
 * Locks these members' check-ins until the transaction ends (sorted, so two deliveries never
 * wait for each other): a member's concurrent check-ins are judged one after the other, so of
 * two within the repeat window only one counts (docs/workouts-referral-contact.md).
 */
export async function lockMembersCheckIns(ex: Executor, memberIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(memberIds)].sort()) {
    await ex.execute(sql`select pg_advisory_xact_lock(720434, hashtext(${id}))`);
  }
}

/** The members' stored check-ins between two instants (both included), at any club. */
export function checkInsOfMembersBetween(ex: Executor, memberIds: string[], from: Date, to: Date) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return ex
    .select({ memberId: checkIns.memberId, at: checkIns.at })
    .from(checkIns)
    .where(and(inArray(checkIns.memberId, memberIds), between(checkIns.at, from, to)));
}
