import type { Executor } from '../../db/executor.ts';

export interface MailMessage {
  operatorId: string | null;
  to: string;
  subject: string;
  /** Plain text; links appear in full. */
  text: string;
}

/** Sends e-mail. Implementations write to the outbox within the caller's transaction. */
export interface Mailer {
  send(executor: Executor, message: MailMessage): Promise<void>;
}
