import type { Executor } from '../../db/executor.ts';

export interface SmsMessage {
  operatorId: string | null;
  /** E.164, e.g. +4915123456710. */
  to: string;
  text: string;
}

/** Sends SMS. Implementations write to the outbox within the caller's transaction. */
export interface SmsSender {
  send(executor: Executor, message: SmsMessage): Promise<void>;
}
