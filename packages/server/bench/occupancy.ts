/**
 * `npm run bench:occupancy [-- --check-ins N --reads R]`: what one uncached occupancy answer
 * costs the database (docs/access-and-pins.md, "How busy a club is") on a check-in table
 * of N rows (default 1,000,000) spread over the demo clubs and the last eight weeks: the
 * two queries it runs (members present, check-ins per hour of today's weekday), R times
 * over the busiest club. PostgreSQL when DATABASE_URL is set (a database of its own,
 * dropped at the end), else PGlite. Prints figures; it passes or fails nothing.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { getOperator, TYPICAL_WEEKS, todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';
import { fixedClock } from '../src/clock.ts';
import { selectRows } from '../src/db/executor.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { checkInsPerHour, presentMembers } from '../src/modules/occupancy/repository.ts';
import { openBenchDatabase } from './database.ts';

const { values } = parseArgs({
  options: { 'check-ins': { type: 'string', default: '1000000' }, reads: { type: 'string', default: '200' } },
});
const rows = Number(values['check-ins']);
const reads = Number(values.reads);

const now = new Date('2026-11-22T18:00:00Z');
const clock = fixedClock(now);
const bench = await openBenchDatabase();
const { db } = bench.database;
try {
  await bench.database.migrate();
  await seedIfEmpty(db, clock, nodePasswordHasher);

  // Check-ins of the seeded keys' members at random open clubs of their operator, at random
  // moments of the last eight weeks (one statement: the database makes them), stored in time
  // order as doors send them, so a day's check-ins share table pages as they would.
  const started = performance.now();
  await db.execute(sql`
    create temporary table bench_pairs as
    select row_number() over () as n, k.id as key_id, m.member_id, k.membership_id, l.id as location_id
    from keys k
    join memberships m on m.id = k.membership_id
    join members p on p.id = m.member_id
    join locations l on l.operator_id = p.operator_id`);
  await db.execute(sql`
    insert into check_ins (id, location_id, check_in_id, member_id, membership_id, key_id, at, received_at)
    select 'bench-' || g, b.location_id, 'bench-' || g, b.member_id, b.membership_id, b.key_id, t.at, t.at
    from generate_series(1, ${rows}::int) g
    cross join lateral (
      -- g * 0 ties the row to g, so each row draws its own moment and pair.
      select ${now.toISOString()}::timestamptz - (random() + g * 0) * interval '56 days' as at,
        1 + floor((random() + g * 0) * (select count(*) from bench_pairs))::int as pick
    ) t
    join bench_pairs b on b.n = t.pick
    order by t.at`);
  await db.execute(sql`analyze check_ins`);
  const insertSeconds = (performance.now() - started) / 1000;

  const [busiest] = await selectRows<{ id: string; operator_id: string; count: number }>(
    db,
    sql`select location_id as id, max(l.operator_id) as operator_id, count(*)::int as count
      from check_ins join locations l on l.id = location_id group by location_id order by 3 desc limit 1`,
  );
  if (!busiest) throw new Error('no check-ins were made');
  const { timezone } = getOperator(busiest.operator_id as 'de');
  const today = todayIn(timezone, now);

  async function measure() {
    const times: number[] = [];
    for (let i = 0; i < reads; i++) {
      const t0 = performance.now();
      await presentMembers(db, busiest!.id, now, 90);
      await checkInsPerHour(db, busiest!.id, timezone, today, TYPICAL_WEEKS);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
  }
  // Right after a bulk insert no table page is marked all-visible yet, so every entry the
  // index finds is checked in the table too; autovacuum marks the pages of an insert-only
  // table soon after, and then the index alone answers. Both states are measured.
  const fresh = await measure();
  await db.execute(sql`vacuum analyze check_ins`);
  const vacuumed = await measure();
  const [total] = await selectRows<{ count: number }>(db, sql`select count(*)::int as count from check_ins`);

  console.log(`database: ${bench.label}`);
  console.log(
    `check-ins: ${total?.count.toLocaleString('en')} (${rows.toLocaleString('en')} made in ${insertSeconds.toFixed(1)} s)`,
  );
  console.log(`busiest club: ${busiest.id}, ${busiest.count.toLocaleString('en')} check-ins in eight weeks`);
  console.log(`one uncached answer (both queries), ${reads} reads each:`);
  console.log(`  right after the inserts: ${fresh}`);
  console.log(`  after vacuum (as autovacuum leaves the table): ${vacuumed}`);
  console.log(
    'Each instance keeps a club’s answer for a minute, so a club costs at most one such answer per instance and minute.',
  );
} finally {
  await bench.database.close();
  await bench.drop();
}
