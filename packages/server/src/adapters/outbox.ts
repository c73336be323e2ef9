import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  operatorId: string | null;
  to: string;
  subject: string | null;
  body: string;
}

/** The NOTIFY channel that wakes the delivery workers of every instance. */
export const OUTBOX_CHANNEL = 'portal_outbox';

/**
 * Messages are written to the outbox table inside the caller's transaction, so a message
 * exists exactly when the change that caused it was committed. The delivery worker
 * (adapters/delivery, ADR 014) sends them; the notification, like the row, only goes out
 * when the transaction commits, and wakes the workers at once instead of at their next poll.
 */
export async function enqueue(executor: Executor, clock: Clock, message: OutboxMessage): Promise<void> {
  await executor.insert(outbox).values({ ...message, createdAt: clock.now(), sentAt: null });
  await executor.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
