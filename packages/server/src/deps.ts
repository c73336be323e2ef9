import type { CardProvider } from '@portal/contract';
import type { CardGateway } from './adapters/cards/index.ts';
import type { JobQueue } from './adapters/jobs.ts';
import type { Mailer } from './adapters/mail/index.ts';
import type { SmsSender } from './adapters/sms/index.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Metrics } from './metrics.ts';

/** What services are built from; app.ts is the one place that assembles it. */
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
  /** Prometheus counters (metrics.ts); served on METRICS_PORT by main.ts. */
  metrics: Metrics;
}
