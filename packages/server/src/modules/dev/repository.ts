import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { outbox } from '../../db/schema.ts';

/** Outbox messages, newest first, optionally for one recipient (case-insensitive). */
export function listOutbox(ex: Executor, to: string | undefined, limit = 200) {
  return ex
    .select()
    .from(outbox)
    .where(to ? eq(sql`lower(${outbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
