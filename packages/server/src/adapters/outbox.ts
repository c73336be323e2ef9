import { getOperator, isOperatorId, spellForOperator } from '@portal/domain';
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
  await executor.insert(outbox).values({ ...spelled(message), createdAt: clock.now(), sentAt: null });
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
