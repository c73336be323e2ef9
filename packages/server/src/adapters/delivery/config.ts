import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { ConfigError } from '../../config.ts';

/** Where e-mail goes: an SMTP server, the sandbox (outside production), or nowhere yet. */
export type EmailTransportSettings =
  | {
      mode: 'smtp';
      /** SMTP_URL as given (may hold credentials: never logged), or host/port/user/password. */
      smtp: { url: string } | { host: string; port: number; user: string | null; password: string | null };
      /** From address per operator (SMTP_FROM_<OP>, else SMTP_FROM). */
      from: Record<OperatorId, string>;
      timeoutMs: number;
    }
  | { mode: 'sandbox' }
  | { mode: 'off' };

/** Where SMS go: the provider's HTTP API, the sandbox (outside production), or nowhere yet. */
export type SmsTransportSettings =
  | { mode: 'http'; url: string; apiKey: string; sender: string | null; timeoutMs: number }
  | { mode: 'sandbox' }
  | { mode: 'off' };

export interface DeliverySettings {
  email: EmailTransportSettings;
  sms: SmsTransportSettings;
  /** How often a worker looks for due messages besides the database's notifications. */
  pollMs: number;
  /** Tries before a message is dead. */
  maxAttempts: number;
  /** The first retry waits about this long, doubling per try (with jitter), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claim holds a message; more than twice the longest send (the timeouts above). */
  leaseMs: number;
  /** Messages one claim takes. */
  batchSize: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}`);
  return n;
}

function url(name: string, value: string, protocols: string[]): string {
  try {
    const parsed = new URL(value);
    if (protocols.includes(parsed.protocol)) return value;
  } catch {}
  // The value may hold a password: the message never repeats it.
  throw new ConfigError(`${name} must be a ${protocols.join(' or ')} URL`);
}

function email(env: NodeJS.ProcessEnv, isProduction: boolean): EmailTransportSettings {
  const smtpUrl = env.SMTP_URL?.trim();
  const host = env.SMTP_HOST?.trim();
  if (!smtpUrl && !host) return { mode: isProduction ? 'off' : 'sandbox' };
  const from = {} as Record<OperatorId, string>;
  for (const op of operatorIds) {
    const value = env[`SMTP_FROM_${op.toUpperCase()}`]?.trim() || env.SMTP_FROM?.trim();
    if (!value) throw new ConfigError(`SMTP_FROM (or SMTP_FROM_${op.toUpperCase()}) is required with SMTP`);
    from[op] = value;
  }
  const timeoutMs = int(env, 'SMTP_TIMEOUT_MS', 20000, 100);
  if (smtpUrl)
    return { mode: 'smtp', smtp: { url: url('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']) }, from, timeoutMs };
  return {
    mode: 'smtp',
    smtp: {
      host: host as string,
      port: int(env, 'SMTP_PORT', 587, 1),
      user: env.SMTP_USER || null,
      password: env.SMTP_PASSWORD || null,
    },
    from,
    timeoutMs,
  };
}

function sms(env: NodeJS.ProcessEnv, isProduction: boolean): SmsTransportSettings {
  const apiUrl = env.SMS_API_URL?.trim();
  if (!apiUrl) return { mode: isProduction ? 'off' : 'sandbox' };
  const apiKey = env.SMS_API_KEY?.trim();
  if (!apiKey) throw new ConfigError('SMS_API_KEY is required with SMS_API_URL');
  return {
    mode: 'http',
    url: url('SMS_API_URL', apiUrl, isProduction ? ['https:'] : ['https:', 'http:']),
    apiKey,
    sender: env.SMS_SENDER?.trim() || null,
    timeoutMs: int(env, 'SMS_TIMEOUT_MS', 10000, 100),
  };
}

export function loadDeliverySettings(env: NodeJS.ProcessEnv, isProduction: boolean): DeliverySettings {
  const settings: DeliverySettings = {
    email: email(env, isProduction),
    sms: sms(env, isProduction),
    pollMs: int(env, 'OUTBOX_POLL_MS', 5000, 10),
    maxAttempts: int(env, 'OUTBOX_MAX_ATTEMPTS', 8, 1),
    retryBaseMs: int(env, 'OUTBOX_RETRY_BASE_MS', 30_000, 1),
    retryMaxMs: int(env, 'OUTBOX_RETRY_MAX_MS', 60 * 60 * 1000, 1),
    leaseMs: int(env, 'OUTBOX_LEASE_MS', 5 * 60 * 1000, 100),
    batchSize: int(env, 'OUTBOX_BATCH_SIZE', 20, 1),
  };
  const slowest = Math.max(
    settings.email.mode === 'smtp' ? settings.email.timeoutMs * 3 : 0,
    settings.sms.mode === 'http' ? settings.sms.timeoutMs : 0,
  );
  // A worker starts sends until half its lease has passed; each must end before the lease does.
  if (settings.leaseMs <= 2 * slowest)
    throw new ConfigError(
      'OUTBOX_LEASE_MS must be more than twice the longest send (3 × SMTP_TIMEOUT_MS, SMS_TIMEOUT_MS)',
    );
  return settings;
}
