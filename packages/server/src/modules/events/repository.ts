import type { Executor } from '../../db/executor.ts';
import { events } from '../../db/schema.ts';

export async function insertEvent(ex: Executor, row: typeof events.$inferInsert): Promise<void> {
  await ex.insert(events).values(row);
}
