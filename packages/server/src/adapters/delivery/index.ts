import type { DeliverySettings } from './config.ts';
import { httpSmsTransport } from './sms-http.ts';
import { smtpTransport } from './smtp.ts';
import { sandboxTransport, type Transport } from './transport.ts';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './worker.ts';

export type { DeliveryObserver, DeliveryWorker } from './worker.ts';

/** The transports the settings ask for; a channel that is off has none (its messages wait). */
export function createTransports(settings: DeliverySettings): DeliveryWorkerOptions['transports'] {
  const transports: DeliveryWorkerOptions['transports'] = {};
  if (settings.email.mode === 'smtp') transports.email = smtpTransport(settings.email);
  if (settings.email.mode === 'sandbox') transports.email = sandboxTransport();
  if (settings.sms.mode === 'http') transports.sms = httpSmsTransport(settings.sms);
  if (settings.sms.mode === 'sandbox') transports.sms = sandboxTransport();
  return transports;
}

/** The worker every instance runs (main.ts), with the configured transports; stop() closes them too. */
export function startDelivery(
  options: Omit<DeliveryWorkerOptions, 'transports' | 'settings'> & { settings: DeliverySettings },
): DeliveryWorker {
  const transports = createTransports(options.settings);
  const worker = createDeliveryWorker({ ...options, transports });
  worker.start();
  return {
    ...worker,
    async stop() {
      await worker.stop();
      await Promise.all(Object.values(transports).map((t: Transport) => t.close()));
    },
  };
}
