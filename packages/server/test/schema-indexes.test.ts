import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { databases, type OpenedDb, openTestDatabase } from './support/harness.ts';

/**
 * Every foreign key has an index that starts with its columns, in the migrated schema: a
 * delete or key change on the referenced row (a member, a club, a trainer) checks the
 * referencing table, and without one that check reads the whole table. A partial index
 * does not count: it leaves out rows the check must find.
 */
describe.each(databases())('foreign key indexes on %s', (kind) => {
  let opened: OpenedDb;
  beforeAll(async () => {
    opened = await openTestDatabase(kind);
  });
  afterAll(async () => opened?.close());

  const foreignKeys = (covered: boolean) =>
    selectRows<{ key: string }>(
      opened.db,
      sql`select c.conrelid::regclass::text || '.' || c.conname as key
          from pg_constraint c
          where c.contype = 'f'
            and ${covered ? sql`` : sql`not`} exists (
              select 1 from pg_index i
              where i.indrelid = c.conrelid
                and i.indpred is null
                and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
            )
          order by 1`,
    );

  it('leaves no foreign key without an index that starts with its columns', async () => {
    expect(await foreignKeys(false)).toEqual([]);
  });

  it('finds the foreign keys it checks', async () => {
    const keys = (await foreignKeys(true)).map((row) => row.key);
    expect(keys).toContain('refunds.refunds_closure_id_club_closures_id_fk');
    expect(keys).toContain('pt_bookings.pt_bookings_trainer_id_pt_trainers_id_fk');
    expect(keys.length).toBeGreaterThanOrEqual(35);
  });
});
