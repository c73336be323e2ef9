import type { CardProvider } from '@portal/contract';
import type { CardGateway } from './adapters/cards/index.ts';
import type { JobQueue } from './adapters/jobs.ts';
import type { Mailer } from './adapters/mail/index.ts';
import type { SmsSender } from './adapters/sms/index.ts';
import type { Clock } from './clock.ts';
import type { Config } from './settings.ts';
import type { Db } from './db/executor.ts';
import type { CoreMetrics, PasswordHasher, WalletPassSigner } from './ports.ts';

/**
 * What services are built from (core.ts's createServices); the Node shell (app.ts) and a
 * browser host each assemble it from their implementations of the ports (ports.ts).
 */
export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  /** One gateway per card provider; services pick `cardGateways[operator.cardProvider]`. */
  cardGateways: Record<CardProvider, CardGateway>;
  /** Real elapsed time in ms for rate limiting (Retry-After is real seconds, whatever PORTAL_CLOCK says). */
  wallClock: () => number;
  /** Work done after answering (the password-reset lookup and mail, the sign-in notice). */
  jobs: JobQueue;
  /** Counters: Prometheus's in the Node shell (metrics.ts, served on METRICS_PORT), in memory elsewhere. */
  metrics: CoreMetrics;
  /** argon2id hashes of members' passwords: native in Node, WebAssembly in a browser. */
  passwords: PasswordHasher;
  /** Signs wallet passes (ADR 043): in the Node shell; without it they answer 503. */
  wallet?: WalletPassSigner;
}
