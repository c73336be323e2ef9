import type { Clock } from '../../clock.ts';
import { enqueue } from '../outbox.ts';
import type { SmsSender } from './index.ts';

/** The default SMS sender: stores every message in the outbox, sends nothing. */
export function sandboxSms(clock: Clock): SmsSender {
  return {
    send: (executor, message) =>
      enqueue(executor, clock, {
        channel: 'sms',
        operatorId: message.operatorId,
        to: message.to,
        subject: null,
        body: message.text,
      }),
  };
}
