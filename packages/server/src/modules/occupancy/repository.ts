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
 * Check-ins per hour (in `timezone`) on the same weekday as `today` in each of the `weeks`
 * weeks before it. Counted per day in a lateral subquery, so the database reads one range of
 * `check_ins_location_at_idx` per such day and none of the other weekdays' check-ins (as one
 * join the planner chose to read all of the club's rows; docs/access-and-pins.md).
 */
export function checkInsPerHour(
  ex: Executor,
  clubId: string,
  timezone: string,
  today: string,
  weeks: number,
) {
  return selectRows<{ hour: number; count: number }>(
    ex,
    sql`select d.hour, sum(d.count)::int as count
      from generate_series(1, ${weeks}::int) as w(n)
      cross join lateral (
        select extract(hour from ${checkIns.at} at time zone ${timezone})::int as hour, count(*) as count
        from ${checkIns}
        where ${checkIns.locationId} = ${clubId}
          and ${checkIns.at} >= (${today}::date - 7 * w.n)::timestamp at time zone ${timezone}
          and ${checkIns.at} < (${today}::date - 7 * w.n + 1)::timestamp at time zone ${timezone}
        group by 1
      ) as d
      group by 1
      order by 1`,
  );
}
