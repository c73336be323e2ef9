import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/executor.ts';
import { checkIns, locations } from '../../db/schema.ts';

/** An open club of the operator with what occupancy needs, or nothing. */
export async function findOpenClub(ex: Executor, operatorId: string, clubId: string, today: string) {
  const [row] = await ex
    .select({ id: locations.id, capacity: locations.capacity, visitMinutes: locations.visitMinutes })
    .from(locations)
    .where(
      and(
        eq(locations.id, clubId),
        eq(locations.operatorId, operatorId),
        or(isNull(locations.openingDate), lte(locations.openingDate, today)),
        or(isNull(locations.closingDate), gte(locations.closingDate, today)),
      ),
    )
    .limit(1);
  return row;
}

/** Members with a check-in at the club in the `minutes` up to `now` (counted by the database). */
export async function presentMembers(ex: Executor, clubId: string, now: Date, minutes: number) {
  const until = now.toISOString();
  const [row] = await selectRows<{ present: number }>(
    ex,
    sql`select count(distinct ${checkIns.memberId})::int as present
      from ${checkIns}
      where ${checkIns.locationId} = ${clubId}
        and ${checkIns.at} > ${until}::timestamptz - make_interval(mins => ${minutes}::int)
        and ${checkIns.at} <= ${until}::timestamptz`,
  );
  return row?.present ?? 0;
}

/**
 * Check-ins per hour (in `timezone`) on the days from `from` up to but not including
 * `until` that fall on `until`'s weekday: the same weekday of the weeks before.
 */
export function checkInsPerHour(ex: Executor, clubId: string, timezone: string, from: string, until: string) {
  return selectRows<{ hour: number; count: number }>(
    ex,
    sql`select extract(hour from ${checkIns.at} at time zone ${timezone})::int as hour, count(*)::int as count
      from ${checkIns}
      where ${checkIns.locationId} = ${clubId}
        and ${checkIns.at} >= (${from}::date)::timestamp at time zone ${timezone}
        and ${checkIns.at} < (${until}::date)::timestamp at time zone ${timezone}
        and extract(isodow from ${checkIns.at} at time zone ${timezone}) = extract(isodow from ${until}::date)
      group by 1
      order by 1`,
  );
}
