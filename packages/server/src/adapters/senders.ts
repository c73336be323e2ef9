import type { Clock } from '../clock.ts';
import type { AppDeps } from '../deps.ts';
import { sandboxMailer } from './mail/sandbox.ts';
import { sandboxSms } from './sms/sandbox.ts';

/**
 * How the services send e-mail and SMS, in every host: into the outbox, in the caller's
 * transaction (adapters/outbox.ts); the server's delivery worker sends them later, the demo
 * shows them as its messages.
 */
export function outboxSenders(clock: Clock): Pick<AppDeps, 'mailer' | 'sms'> {
  return { mailer: sandboxMailer(clock), sms: sandboxSms(clock) };
}
