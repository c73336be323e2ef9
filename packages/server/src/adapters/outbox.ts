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

/**
 * Messages are written to the outbox table inside the caller's transaction, so a message
 * exists exactly when the change that caused it was committed. A delivery worker for a
 * real provider would pick unsent rows (sent_at null); the sandbox only stores them.
 */
export async function enqueue(executor: Executor, clock: Clock, message: OutboxMessage): Promise<void> {
  await executor.insert(outbox).values({ ...message, createdAt: clock.now(), sentAt: null });
}
