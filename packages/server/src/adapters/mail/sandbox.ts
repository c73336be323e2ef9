import type { Clock } from '../../clock.ts';
import { enqueue } from '../outbox.ts';
import type { Mailer } from './index.ts';

/** The default mailer: stores every message in the outbox (readable at /api/dev/outbox), sends nothing. */
export function sandboxMailer(clock: Clock): Mailer {
  return {
    send: (executor, message) =>
      enqueue(executor, clock, {
        channel: 'email',
        operatorId: message.operatorId,
        to: message.to,
        subject: message.subject,
        body: message.text,
      }),
  };
}
