import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import type { OperatorId } from '@portal/contract';
import { isOperatorId, operatorIds, SESSION_TTL_MS } from '@portal/domain';
import { type CardSettings, loadCardSettings } from './adapters/cards/config.ts';
import { type DeliverySettings, loadDeliverySettings } from './adapters/delivery/config.ts';
import { loadPtSettings, type PtSettings } from './adapters/pt/config.ts';
import { REPO_ROOT } from './paths.ts';

/** Failed sign-ins (ADR 005): what one address may try, and what slows down a username. */
export interface SignInLimits {
  /** Failed sign-ins per client address and operator + username within the window before 429. */
  perIpAndUsername: number;
  /** Failed sign-ins per client address within the window before 429. */
  perIp: number;
  windowMs: number;
  /**
   * Failures on a username from anywhere never lock it; from `afterFailures` on, each
   * sign-in to it waits `baseMs`, doubled per further failure, at most `maxMs`.
   */
  delay: { afterFailures: number; baseMs: number; maxMs: number };
  /** Failures on a username within the window after which its member gets an e-mail (once per window). */
  noticeAfter: number;
}

/** The § 312k cancellation form without sign-in (ADR 010). */
export interface PublicCancellationSettings {
  /** Declarations per client address per hour before 429. */
  perIpPerHour: number;
  /** Declarations per identity (name plus number or e-mail) per 24 hours before 429. */
  perIdentityPerDay: number;
  /**
   * Every answer takes at least this long, so a matched declaration (which changes the
   * membership) cannot be told from an unmatched one by its timing.
   */
  minResponseMs: number;
  /**
   * Key of the HMAC that stores client addresses as hashes (IP_HASH_KEY). Outside production
   * a random key per process without it; in production null without it, and the form
   * answers 503 (docs/operations.md).
   */
  ipHashKey: string | null;
}

/** The keys clubs' door systems authenticate with (docs/workouts-referral-contact.md). */
export interface DoorKeySettings {
  /** sha256 (hex) of each accepted key per club id, from DOOR_KEYS; the keys themselves are never configured. */
  hashes: Record<string, string[]>;
  /** Accept the demo clubs' derived keys (outside production only). */
  demo: boolean;
  /** Check-ins per club (or per address, without a known key) and minute before 429. */
  perMinute: number;
}

export interface Config {
  port: number;
  host: string;
  /**
   * PGlite data directory: DATA_DIR resolved against the process cwd, by default `data` at
   * the repository root. Ignored when databaseUrl is set.
   */
  dataDir: string;
  databaseUrl: string | null;
  /**
   * Where the LISTEN connections go (DATABASE_LISTEN_URL; null: DATABASE_URL): PostgreSQL
   * itself when DATABASE_URL points at PgBouncer in transaction mode, where LISTEN cannot work.
   */
  databaseListenUrl: string | null;
  /** ISO instant that fixes the clock (tests, demos), or null for the system clock. */
  portalClock: string | null;
  defaultOperator: OperatorId;
  /** Host name (optionally with port) to operator, for real domains. */
  operatorHosts: Record<string, OperatorId>;
  /** Public origin per operator (PUBLIC_ORIGIN_DE …), e.g. https://portal.stride.de. */
  publicOrigins: Partial<Record<OperatorId, string>>;
  nodeEnv: string;
  isProduction: boolean;
  /**
   * Every answer checked with the contract's zod schema as well as written by the compiled
   * serializer (http/serializer.ts, ADR 020): STRICT_RESPONSES, on by default with NODE_ENV=test.
   */
  strictResponses: boolean;
  webDist: string;
  logLevel: string;
  /** Fastify's trustProxy when behind a reverse proxy: TRUST_PROXY=true, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string;
  sessionTtlMs: number;
  signInLimits: SignInLimits;
  publicCancellation: PublicCancellationSettings;
  /** Redis for request rate limits shared by all processes (REDIS_URL); null keeps them in memory. */
  redisUrl: string | null;
  /** Prefix of the rate-limit keys in Redis, so several portals (or test runs) can share one. */
  redisKeyPrefix: string;
  /** Sandbox, real or off per card provider (CARD_PROVIDER_*, their secrets from the environment). */
  cards: CardSettings;
  doorKeys: DoorKeySettings;
  /** The PT provider per operator and the widget tokens' key (PT_PROVIDER_URL_*, PT_WIDGET_SECRET). */
  pt: PtSettings;
  /** Serve the OpenAPI document at /api/docs (SERVE_OPENAPI; by default outside production only). */
  serveOpenApi: boolean;
  /** E-mail and SMS delivery from the outbox (SMTP_*, SMS_*, OUTBOX_*; ADR 014). */
  delivery: DeliverySettings;
  /**
   * Prometheus metrics on a listener of their own (METRICS_PORT; none without it), on
   * METRICS_HOST (127.0.0.1 by default), an address the proxy does not expose.
   */
  metrics: { port: number | null; host: string };
  /** Names this process in every answer's x-instance header (INSTANCE_ID; by default host name and pid). */
  instanceId: string;
  /** Connections of this process's PostgreSQL pool (DATABASE_POOL_MAX; docs/operations.md). */
  databasePoolMax: number;
  /**
   * How long an instance may answer GET /v2/membership from what it read for the session
   * (READ_MODEL_CACHE_MS, 30 s; 0: never). Changes end it at once (ADR 029); this bounds how
   * late one can be seen while the instance's LISTEN connection is silently gone.
   */
  readModelCacheMs: number;
  /** Graceful shutdown on SIGTERM (ADR 015). */
  shutdown: ShutdownSettings;
}

/** How a process drains on SIGTERM (ADR 015). */
export interface ShutdownSettings {
  /**
   * After the listener closed, how long connections already open (the proxy's keep-alive
   * ones) may still bring requests, each answered with `Connection: close`, before the
   * idle ones are closed (SHUTDOWN_GRACE_MS).
   */
  graceMs: number;
  /** The hard deadline: the process exits (code 1) if draining takes longer (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
}

export class ConfigError extends Error {}

function parsePort(value: string | undefined, name = 'PORT'): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`${name} is not a port: ${value}`);
  return port;
}

function parseOperator(name: string, value: string | undefined, fallback: OperatorId): OperatorId {
  if (value === undefined || value === '') return fallback;
  if (!isOperatorId(value)) throw new ConfigError(`${name} must be one of ${operatorIds.join(', ')}`);
  return value;
}

function parseOperatorHosts(value: string | undefined): Record<string, OperatorId> {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('OPERATOR_HOSTS must be a JSON object mapping host names to operator ids');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('OPERATOR_HOSTS must be a JSON object mapping host names to operator ids');
  }
  const hosts: Record<string, OperatorId> = {};
  for (const [host, op] of Object.entries(parsed)) {
    if (typeof op !== 'string' || !isOperatorId(op)) {
      throw new ConfigError(`OPERATOR_HOSTS: ${host} maps to an unknown operator`);
    }
    hosts[host.toLowerCase()] = op;
  }
  return hosts;
}

function parseOrigin(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    throw new ConfigError(`${name} must be an http(s) origin, e.g. https://portal.example.com`);
  }
}

function parseClock(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (Number.isNaN(Date.parse(value))) throw new ConfigError(`PORTAL_CLOCK is not a date: ${value}`);
  return value;
}

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new ConfigError(`${name} must be a positive integer`);
  return count;
}

function parseMs(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0)
    throw new ConfigError(`${name} must be a whole number of milliseconds`);
  return ms;
}

const DOOR_KEYS_FORMAT =
  'DOOR_KEYS must be a JSON object mapping club ids to the sha256 (hex) of their key, or to a list of them';

function parseDoorKeyHashes(value: string | undefined): Record<string, string[]> {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError(DOOR_KEYS_FORMAT);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError(DOOR_KEYS_FORMAT);
  const hashes: Record<string, string[]> = {};
  for (const [club, entry] of Object.entries(parsed)) {
    const list: unknown[] = Array.isArray(entry) ? entry : [entry];
    if (list.length === 0 || !list.every((h) => typeof h === 'string' && /^[0-9a-f]{64}$/i.test(h))) {
      throw new ConfigError(`DOOR_KEYS: ${club} needs the sha256 (64 hex digits) of its key`);
    }
    hashes[club] = (list as string[]).map((h) => h.toLowerCase());
  }
  return hashes;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(`${name} must be true or false`);
}

/** A sane instance name: it goes into a response header and the logs. */
const INSTANCE_ID = /^[\w.:-]{1,64}$/;

function parseInstanceId(value: string | undefined): string {
  if (value === undefined || value === '') return `${hostname()}:${process.pid}`.slice(0, 64);
  if (!INSTANCE_ID.test(value))
    throw new ConfigError('INSTANCE_ID must be 1 to 64 letters, digits or . _ : -');
  return value;
}

/**
 * TRUST_PROXY: the proxies' addresses or CIDRs, comma-separated (ADR 015). Only a request
 * whose socket comes from one of them has its X-Forwarded-For believed; without it the
 * client address is the socket's. proxy-addr's names (loopback, …) work too; `true` (believe anyone) stays possible for setups
 * where the network alone guarantees that only the proxy can connect.
 */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) =>
    /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) || ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
  if (!entries.every(valid))
    throw new ConfigError('TRUST_PROXY must be true, false or a comma-separated list of addresses/CIDRs');
  return entries.join(',');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const publicOrigins: Partial<Record<OperatorId, string>> = {};
  for (const op of operatorIds) {
    const name = `PUBLIC_ORIGIN_${op.toUpperCase()}`;
    const value = env[name];
    if (value) publicOrigins[op] = parseOrigin(name, value);
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR ? path.resolve(process.cwd(), env.DATA_DIR) : path.join(REPO_ROOT, 'data'),
    databaseUrl: env.DATABASE_URL || null,
    databaseListenUrl: env.DATABASE_LISTEN_URL || null,
    portalClock: parseClock(env.PORTAL_CLOCK),
    defaultOperator: parseOperator('DEFAULT_OPERATOR', env.DEFAULT_OPERATOR, 'de'),
    operatorHosts: parseOperatorHosts(env.OPERATOR_HOSTS),
    publicOrigins,
    nodeEnv,
    isProduction: nodeEnv === 'production',
    strictResponses: parseSwitch('STRICT_RESPONSES', env.STRICT_RESPONSES, nodeEnv === 'test'),
    webDist: env.WEB_DIST
      ? path.resolve(process.cwd(), env.WEB_DIST)
      : path.join(REPO_ROOT, 'packages/web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionTtlMs: SESSION_TTL_MS,
    signInLimits: {
      perIpAndUsername: parseCount(
        'SIGN_IN_LIMIT_PER_IP_AND_USERNAME',
        env.SIGN_IN_LIMIT_PER_IP_AND_USERNAME,
        5,
      ),
      perIp: parseCount('SIGN_IN_LIMIT_PER_IP', env.SIGN_IN_LIMIT_PER_IP, 20),
      windowMs: 15 * 60 * 1000,
      delay: {
        afterFailures: 3,
        baseMs: 250,
        maxMs: parseMs('SIGN_IN_DELAY_MAX_MS', env.SIGN_IN_DELAY_MAX_MS, 2000),
      },
      noticeAfter: parseCount('SIGN_IN_NOTICE_AFTER', env.SIGN_IN_NOTICE_AFTER, 10),
    },
    publicCancellation: {
      perIpPerHour: parseCount('PUBLIC_CANCELLATION_LIMIT_PER_IP', env.PUBLIC_CANCELLATION_LIMIT_PER_IP, 5),
      perIdentityPerDay: parseCount(
        'PUBLIC_CANCELLATION_LIMIT_PER_IDENTITY',
        env.PUBLIC_CANCELLATION_LIMIT_PER_IDENTITY,
        3,
      ),
      minResponseMs: parseMs('PUBLIC_CANCELLATION_MIN_MS', env.PUBLIC_CANCELLATION_MIN_MS, 400),
      // Without a configured key the hashes still compare within one process run; in
      // production that is not enough (several processes, restarts), so the form is off.
      ipHashKey: env.IP_HASH_KEY || (nodeEnv === 'production' ? null : randomBytes(32).toString('hex')),
    },
    redisUrl: env.REDIS_URL || null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'portal-rate-limit:',
    cards: loadCardSettings(env, nodeEnv === 'production'),
    doorKeys: {
      hashes: parseDoorKeyHashes(env.DOOR_KEYS),
      demo: nodeEnv !== 'production',
      perMinute: parseCount('DOOR_CHECK_IN_LIMIT_PER_MINUTE', env.DOOR_CHECK_IN_LIMIT_PER_MINUTE, 120),
    },
    pt: loadPtSettings(env, nodeEnv === 'production'),
    serveOpenApi: parseSwitch('SERVE_OPENAPI', env.SERVE_OPENAPI, nodeEnv !== 'production'),
    delivery: loadDeliverySettings(env, nodeEnv === 'production'),
    metrics: {
      port: env.METRICS_PORT ? parsePort(env.METRICS_PORT, 'METRICS_PORT') : null,
      host: env.METRICS_HOST || '127.0.0.1',
    },
    instanceId: parseInstanceId(env.INSTANCE_ID),
    databasePoolMax: parseCount('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 10),
    readModelCacheMs: parseMs('READ_MODEL_CACHE_MS', env.READ_MODEL_CACHE_MS, 30_000),
    shutdown: {
      graceMs: parseMs('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 5000),
      timeoutMs: parseMs('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000),
    },
  };
}
