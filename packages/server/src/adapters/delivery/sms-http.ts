import { getOperator } from '@portal/domain';
import type { SmsTransportSettings } from './config.ts';
import { DeliveryError, type OutgoingMessage, type Transport } from './transport.ts';

type HttpSettings = Extract<SmsTransportSettings, { mode: 'http' }>;

/** What the SMS provider is sent (the sandbox at /api/dev/sms accepts the same). */
export interface SmsProviderRequest {
  to: string;
  text: string;
  sender: string;
}

/**
 * SMS through the provider's HTTP API: POST JSON {to, text, sender} with the key as a
 * bearer token, and the outbox row as Idempotency-Key so a provider that honours it drops
 * a message sent twice (ADR 014). 2xx is delivered; 408, 429 and 5xx are retried; any
 * other answer is permanent.
 */
export function httpSmsTransport(settings: HttpSettings): Transport {
  return {
    name: 'http',
    async send(message: OutgoingMessage) {
      const sender =
        settings.sender ?? (message.operatorId ? getOperator(message.operatorId).brand : 'Portal');
      const request: SmsProviderRequest = { to: message.to, text: message.body, sender };
      let res: Response;
      try {
        res = await fetch(settings.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${settings.apiKey}`,
            'idempotency-key': `outbox-${message.id}`,
          },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const name = (error as { name?: string })?.name;
        throw new DeliveryError(name === 'TimeoutError' ? 'timeout' : 'connection', false);
      }
      // The answer's body is not needed (and may repeat the number): drop it.
      await res.body?.cancel().catch(() => {});
      if (res.ok) return;
      if (res.status === 408 || res.status === 429) throw new DeliveryError(`http_${res.status}`, false);
      if (res.status >= 500) throw new DeliveryError('http_5xx', false);
      throw new DeliveryError('http_4xx', true);
    },
    async close() {},
  };
}
