import type { OperatorId } from '@portal/contract';

/** One outbox row as a transport sends it; nothing else of the row leaves the database. */
export interface OutgoingMessage {
  id: number;
  channel: 'email' | 'sms';
  operatorId: OperatorId | null;
  to: string;
  subject: string | null;
  body: string;
}

/**
 * Why a send failed, as a kind that may be logged and stored (`outbox.last_error`): never
 * the provider's message, which may repeat the address. `permanent` failures (a refused
 * recipient, a rejected request) are not retried.
 */
export class DeliveryError extends Error {
  constructor(
    readonly kind: string,
    readonly permanent: boolean,
  ) {
    super(`delivery failed: ${kind}`);
    this.name = 'DeliveryError';
  }
}

/** Sends one message or throws (a DeliveryError, or anything else, counted as transient). */
export interface Transport {
  /** sandbox: nothing leaves the process; the dev outbox shows the row. */
  readonly name: 'smtp' | 'http' | 'sandbox';
  send(message: OutgoingMessage): Promise<void>;
  close(): Promise<void>;
}

/** Outside production without a provider: the message counts as delivered to the dev outbox. */
export function sandboxTransport(): Transport {
  return { name: 'sandbox', send: async () => {}, close: async () => {} };
}
