import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { z } from 'zod';
import {
  type AreaSchema,
  type Env,
  loadArea,
  milliseconds,
  operatorVariable,
  perOperator,
  problem,
  readWell,
  text,
  trimmed,
  url,
  wholeNumber,
} from '../../env.ts';

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

const fromVariable = (op: OperatorId) => operatorVariable('SMTP_FROM_', op);

const deliveryVariables = (production: boolean) => ({
  // May hold credentials: an error names the form, never the value.
  SMTP_URL: url(['smtp', 'smtps']),
  SMTP_HOST: trimmed(),
  SMTP_PORT: wholeNumber(1),
  SMTP_USER: text(),
  SMTP_PASSWORD: text(),
  SMTP_FROM: trimmed(),
  ...perOperator('SMTP_FROM_', trimmed),
  SMTP_TIMEOUT_MS: milliseconds(100),
  // http only outside production, for the dev stand-in (/api/dev/sms/messages).
  SMS_API_URL: production ? url(['https']) : url(['https', 'http']),
  SMS_API_KEY: trimmed(),
  SMS_SENDER: trimmed(),
  SMS_TIMEOUT_MS: milliseconds(100),
  OUTBOX_POLL_MS: milliseconds(10),
  OUTBOX_MAX_ATTEMPTS: wholeNumber(1),
  OUTBOX_RETRY_BASE_MS: milliseconds(1),
  OUTBOX_RETRY_MAX_MS: milliseconds(1),
  OUTBOX_LEASE_MS: milliseconds(100),
  OUTBOX_BATCH_SIZE: wholeNumber(1),
});

type DeliveryEnv = z.output<z.ZodObject<ReturnType<typeof deliveryVariables>>>;

const SMTP_TIMEOUT_MS = 20000;
const SMS_TIMEOUT_MS = 10000;
const LEASE_MS = 5 * 60 * 1000;

/** The sender of an operator's e-mails: SMTP_FROM_<OP>, else SMTP_FROM. */
const fromOf = (env: DeliveryEnv, op: OperatorId) => env[fromVariable(op)] ?? env.SMTP_FROM;

const smtpSet = (env: DeliveryEnv) => env.SMTP_URL !== undefined || env.SMTP_HOST !== undefined;

function email(env: DeliveryEnv, production: boolean): EmailTransportSettings {
  if (!smtpSet(env)) return { mode: production ? 'off' : 'sandbox' };
  const from = Object.fromEntries(operatorIds.map((op) => [op, fromOf(env, op)!])) as Record<
    OperatorId,
    string
  >;
  const timeoutMs = env.SMTP_TIMEOUT_MS ?? SMTP_TIMEOUT_MS;
  if (env.SMTP_URL) return { mode: 'smtp', smtp: { url: env.SMTP_URL }, from, timeoutMs };
  return {
    mode: 'smtp',
    smtp: {
      host: env.SMTP_HOST!,
      port: env.SMTP_PORT ?? 587,
      user: env.SMTP_USER ?? null,
      password: env.SMTP_PASSWORD ?? null,
    },
    from,
    timeoutMs,
  };
}

function sms(env: DeliveryEnv, production: boolean): SmsTransportSettings {
  if (!env.SMS_API_URL) return { mode: production ? 'off' : 'sandbox' };
  return {
    mode: 'http',
    url: env.SMS_API_URL,
    apiKey: env.SMS_API_KEY!,
    sender: env.SMS_SENDER ?? null,
    timeoutMs: env.SMS_TIMEOUT_MS ?? SMS_TIMEOUT_MS,
  };
}

/** E-mail and SMS delivery from the outbox (SMTP_*, SMS_*, OUTBOX_*; ADR 014). */
export function deliverySchema(production: boolean): AreaSchema<DeliverySettings> {
  return z
    .object(deliveryVariables(production))
    .superRefine(
      (env, ctx) => {
        const missing = operatorIds.filter((op) => !fromOf(env, op));
        if (smtpSet(env) && missing.length)
          problem(
            ctx,
            'SMTP_FROM',
            missing.length === operatorIds.length
              ? 'is required with SMTP (or SMTP_FROM_<OP> for each operator)'
              : `is required with SMTP for the operators without a sender of their own (${missing.map(fromVariable).join(', ')})`,
          );
        if (env.SMS_API_URL !== undefined && env.SMS_API_KEY === undefined)
          problem(ctx, 'SMS_API_KEY', 'is required with SMS_API_URL');
      },
      { when: readWell() },
    )
    .superRefine(
      (env, ctx) => {
        const slowest = Math.max(
          smtpSet(env) ? (env.SMTP_TIMEOUT_MS ?? SMTP_TIMEOUT_MS) * 3 : 0,
          env.SMS_API_URL !== undefined ? (env.SMS_TIMEOUT_MS ?? SMS_TIMEOUT_MS) : 0,
        );
        // A worker starts sends until half its lease has passed; each must end before the lease does.
        if ((env.OUTBOX_LEASE_MS ?? LEASE_MS) <= 2 * slowest)
          problem(
            ctx,
            'OUTBOX_LEASE_MS',
            'must be more than twice the longest send (3 × SMTP_TIMEOUT_MS, SMS_TIMEOUT_MS)',
          );
      },
      { when: readWell('OUTBOX_LEASE_MS', 'SMTP_TIMEOUT_MS', 'SMS_TIMEOUT_MS') },
    )
    .transform(
      (env): DeliverySettings => ({
        email: email(env, production),
        sms: sms(env, production),
        pollMs: env.OUTBOX_POLL_MS ?? 5000,
        maxAttempts: env.OUTBOX_MAX_ATTEMPTS ?? 8,
        retryBaseMs: env.OUTBOX_RETRY_BASE_MS ?? 30_000,
        retryMaxMs: env.OUTBOX_RETRY_MAX_MS ?? 60 * 60 * 1000,
        leaseMs: env.OUTBOX_LEASE_MS ?? LEASE_MS,
        batchSize: env.OUTBOX_BATCH_SIZE ?? 20,
      }),
    );
}

/** The delivery settings alone (their tests); the server's come from loadConfig. */
export function loadDeliverySettings(env: Env, production: boolean): DeliverySettings {
  return loadArea(deliverySchema(production), env);
}
