import { getOperator, isOperatorId, spellForOperator } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Executor } from '../db/executor.ts';
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
  await executor.insert(outbox).values({ ...spelled(message), createdAt: clock.now(), sentAt: null });
  await executor.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Every mail and SMS in its operator's spelling (de-CH writes "ss" for "ß": domain locale.ts). */
function spelled(message: OutboxMessage): OutboxMessage {
  const { operatorId } = message;
  if (!operatorId || !isOperatorId(operatorId)) return message;
  const operator = getOperator(operatorId);
  const spell = (text: string) => spellForOperator(operator, text);
  return {
    ...message,
    subject: message.subject === null ? null : spell(message.subject),
    body: spell(message.body),
  };
}
