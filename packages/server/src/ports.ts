/*
 * What the use cases need from their host, as interfaces: the Node shell (main.ts, app.ts)
 * and a browser host each implement them (docs/architecture.md, "The core and the Node shell").
 * Nothing here names a Node module or a library of one environment.
 */

import type { WalletPassContent } from '@portal/domain';

export type { Log } from './platform/log.ts';

/**
 * How hard a password hash is to compute: `member` for every password a member sets (argon2id
 * at OWASP's parameters), `demo` for the public password of the seeded demo members only
 * (adapters/passwords/costs.ts).
 */
export type PasswordCost = 'member' | 'demo';

/**
 * argon2id password hashes as PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`): any
 * implementation verifies another's (adapters/passwords/, ADR 038).
 */
export interface PasswordHasher {
  hash(password: string, cost?: PasswordCost): Promise<string>;
  /** False for a wrong password and for a hash it cannot read; never throws for either. */
  verify(hash: string, password: string): Promise<boolean>;
}

/** What the outbox's delivery worker reports. */
export interface DeliveryObserver {
  delivered(channel: 'email' | 'sms'): void;
  failed(channel: 'email' | 'sms', kind: string, dead: boolean): void;
}

/** What GET /v2/membership's cache per session reports (ADR 029). */
export interface ReadModelObserver {
  read(source: 'cache' | 'database'): void;
  listening(listening: boolean): void;
}

/**
 * The counters the use cases and adapters add to: Prometheus's in the Node shell
 * (metrics.ts), counted in memory elsewhere (adapters/metrics/memory.ts).
 */
export interface CoreMetrics {
  signInFailures: { inc(labels: { operator: string }): void };
  delivery: DeliveryObserver;
  readModel: ReadModelObserver;
}

/**
 * Signs the wallet passes (ADR 043): the Apple pass with the pass type certificate (a PKCS#7
 * signature over its manifest), the Google link with the issuer's service-account key (a
 * RS256 JWT). The Node shell implements it (adapters/wallet/); a host without it answers
 * 503 `wallet_unavailable`. Each method answers null while its credentials are missing.
 */
export interface WalletPassSigner {
  apple(pass: WalletPassContent): Promise<Uint8Array | null>;
  google(pass: WalletPassContent): Promise<string | null>;
}
