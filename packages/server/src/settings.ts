import { OperatorId } from '@portal/contract';
import { operatorIds, SESSION_TTL_MS } from '@portal/domain';
import { z } from 'zod';
import { type CardSettings, cardSchema } from './adapters/cards/config.ts';
import { type DeliverySettings, deliverySchema } from './adapters/delivery/config.ts';
import { type PtSettings, ptSchema } from './adapters/pt/config.ts';
import { type SepaSettings, sepaSchema } from './modules/payments/sepa/config.ts';
import {
  type AreaSchema,
  type ConfigProblem,
  ConfigError,
  type Env,
  flag,
  json,
  milliseconds,
  oneOf,
  operatorVariable,
  parseArea,
  perOperator,
  port,
  problem,
  readWell,
  text,
  trimmed,
  url,
  variable,
  variablesOf,
  wholeNumber,
} from './env.ts';
import { randomHex } from './platform/crypto.ts';

export { ConfigError } from './env.ts';

/*
 * The configuration's schemas and their parse, environment-neutral: the Node shell reads
 * process.env through config.ts's loadConfig, a browser host parses an env record of its own
 * with parseConfig (docs/architecture.md, "The core and the Node shell").
 */

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
  /**
   * Not from the environment: set by a host whose web app routes by the hash (the static
   * demo, docs/demo.md), so that the portal's links (reset mails, card returns) open there:
   * `<origin><base>#<path>` instead of `<origin><path>` (http/origins.ts portalPage).
   */
  hashRoutes?: { base: string };
  port: number;
  /**
   * The address to listen on (HOST): by default 127.0.0.1 outside production, so a developer's
   * portal, with its demo logins, dev routes and sandboxes, cannot be reached from the
   * network; 0.0.0.0 in production, where the proxy reaches the instances over the network.
   */
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
  /**
   * How log lines are written (LOG_FORMAT): `json`, one object a line, as production and every
   * log reader expect; `pretty`, one readable line a request (pino-pretty) for a person. By
   * default pretty outside production when stdout is a terminal (`npm start` in a shell),
   * else json; production refuses pretty.
   */
  logFormat: 'pretty' | 'json';
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
  /** The SEPA creditor of each operator with direct debit (SEPA_CREDITOR_*; ADR 040). */
  sepa: SepaSettings;
  /**
   * The AES-256 key (64 hex digits) the phones' entry secrets are stored under
   * (ENTRY_CODE_KEY, ADR 042). Outside production the public demo key without it; in
   * production null without it, and phone entry answers 503.
   */
  entryCodeKey: string | null;
  /** The wallet passes' signing credentials (ADR 043). */
  wallet: WalletSettings;
}

/**
 * Each wallet's credentials: configured, `sandbox` (outside production without them: a
 * certificate or key of this process, ADR 043), or null (production without them: 503).
 */
export interface WalletSettings {
  apple: AppleWalletSettings | 'sandbox' | null;
  google: GoogleWalletSettings | 'sandbox' | null;
}

export interface AppleWalletSettings {
  passTypeId: string;
  teamId: string;
  /** PEM: the pass type certificate, its private key, Apple's WWDR intermediate certificate. */
  certificate: string;
  key: string;
  keyPassphrase: string | null;
  wwdr: string;
}

export interface GoogleWalletSettings {
  issuerId: string;
  /** The service account's e-mail and PKCS#8 private key (PEM), from its JSON key file. */
  clientEmail: string;
  privateKey: string;
}

/**
 * The entry code key outside production when ENTRY_CODE_KEY is unset: public, so stored
 * demo secrets survive restarts; never used in production.
 */
export const DEMO_ENTRY_CODE_KEY = '64656d6f2d656e7472792d636f64652d6b65792d6e6f742d612d736563726574';

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

/** What a parse needs of the host it runs on. */
export interface ConfigHost {
  /**
   * A directory setting (DATA_DIR, WEB_DIST) or, unset, its default relative to the
   * repository root; Node resolves both to absolute paths (config.ts).
   */
  resolvePath(value: string | undefined, fallback: string): string;
  /** INSTANCE_ID's default: Node's is host name and pid. */
  instanceName: string;
  /** Whether a person reads the output (pretty logs by default outside production). */
  terminal: boolean;
}

/** A host without a file system or a terminal (a browser): paths stay as given. */
export const plainHost: ConfigHost = {
  resolvePath: (value, fallback) => value ?? fallback,
  instanceName: 'portal',
  terminal: false,
};

/** A sane instance name: it goes into a response header and the logs. */
const INSTANCE_ID = /^[\w.:-]{1,64}$/;

/**
 * TRUST_PROXY: the proxies' addresses or CIDRs, comma-separated (ADR 015). Only a request
 * whose socket comes from one of them has its X-Forwarded-For believed; without it the
 * client address is the socket's. proxy-addr's names (loopback, …) work too; `true` (believe
 * anyone) stays possible for setups where the network alone guarantees that only the proxy
 * can connect.
 */
const trustProxy = variable(
  'true, false or a comma-separated list of addresses/CIDRs',
  z
    .string()
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .refine((entries) =>
      entries.every(
        (entry) =>
          ['true', 'false', 'loopback', 'linklocal', 'uniquelocal'].includes(entry) ||
          /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry),
      ),
    )
    .refine((entries) => entries.length === 1 || !entries.some((e) => e === 'true' || e === 'false'))
    .transform((entries): boolean | string =>
      entries[0] === 'true' ? true : entries[0] === 'false' ? false : entries.join(','),
    ),
);

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/i);

/** The server's own variables, one per line, with the form each must have. */
const serverVariables = () => ({
  NODE_ENV: trimmed(),
  PORT: port(),
  HOST: text(),
  DATA_DIR: text(),
  DATABASE_URL: text(),
  DATABASE_LISTEN_URL: text(),
  DATABASE_POOL_MAX: wholeNumber(1),
  PORTAL_CLOCK: variable(
    'a date and time, e.g. 2026-03-15T10:00:00Z',
    z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  ),
  DEFAULT_OPERATOR: variable(`one of ${operatorIds.join(', ')}`, OperatorId),
  OPERATOR_HOSTS: json(
    `a JSON object mapping host names to operators (${operatorIds.join(', ')})`,
    z.record(z.string(), OperatorId),
  ),
  ...perOperator('PUBLIC_ORIGIN_', () =>
    url(['http', 'https'], 'an http(s) origin, e.g. https://portal.example.com'),
  ),
  STRICT_RESPONSES: flag(),
  SERVE_OPENAPI: flag(),
  WEB_DIST: text(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  LOG_FORMAT: oneOf(['pretty', 'json']),
  TRUST_PROXY: trustProxy,
  INSTANCE_ID: variable('1 to 64 letters, digits or . _ : -', z.string().regex(INSTANCE_ID)),
  SIGN_IN_LIMIT_PER_IP_AND_USERNAME: wholeNumber(1),
  SIGN_IN_LIMIT_PER_IP: wholeNumber(1),
  SIGN_IN_DELAY_MAX_MS: milliseconds(),
  SIGN_IN_NOTICE_AFTER: wholeNumber(1),
  PUBLIC_CANCELLATION_LIMIT_PER_IP: wholeNumber(1),
  PUBLIC_CANCELLATION_LIMIT_PER_IDENTITY: wholeNumber(1),
  PUBLIC_CANCELLATION_MIN_MS: milliseconds(),
  IP_HASH_KEY: text(),
  ENTRY_CODE_KEY: variable('64 hexadecimal digits (a 256-bit key)', z.string().regex(/^[0-9a-fA-F]{64}$/)),
  APPLE_PASS_TYPE_ID: text(),
  APPLE_TEAM_ID: text(),
  APPLE_PASS_CERTIFICATE: variable('a PEM certificate', pem('CERTIFICATE')),
  APPLE_PASS_KEY: variable('a PEM private key', pem('PRIVATE KEY')),
  APPLE_PASS_KEY_PASSPHRASE: text(),
  APPLE_WWDR_CERTIFICATE: variable('a PEM certificate', pem('CERTIFICATE')),
  GOOGLE_WALLET_ISSUER_ID: variable('the issuer id (digits)', z.string().regex(/^[0-9]{1,30}$/)),
  GOOGLE_WALLET_SERVICE_ACCOUNT: json(
    'the service account key file (JSON with client_email and private_key)',
    z.object({ client_email: z.string().min(1), private_key: pem('PRIVATE KEY') }),
  ),
  REDIS_URL: text(),
  REDIS_KEY_PREFIX: text(),
  DOOR_KEYS: json(
    'a JSON object mapping club ids to the sha256 (64 hex digits) of their key, or to a list of them',
    z.record(z.string(), z.union([sha256Hex, z.array(sha256Hex).min(1)])),
  ),
  DOOR_CHECK_IN_LIMIT_PER_MINUTE: wholeNumber(1),
  METRICS_PORT: port(),
  METRICS_HOST: text(),
  READ_MODEL_CACHE_MS: milliseconds(),
  SHUTDOWN_GRACE_MS: milliseconds(),
  SHUTDOWN_TIMEOUT_MS: milliseconds(),
});

/** A PEM block of this kind (`\\n` written for line breaks in one-line variables is read as one). */
function pem(kind: 'CERTIFICATE' | 'PRIVATE KEY') {
  return z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine(
      (value) => value.includes(`-----BEGIN `) && value.includes(`${kind}-----`),
      `a PEM ${kind.toLowerCase()}`,
    );
}

function walletSettings(
  env: z.infer<z.ZodObject<ReturnType<typeof serverVariables>>>,
  production: boolean,
): WalletSettings {
  const fallback = production ? null : ('sandbox' as const);
  const { APPLE_PASS_TYPE_ID: passTypeId, APPLE_TEAM_ID: teamId } = env;
  const { APPLE_PASS_CERTIFICATE: certificate, APPLE_PASS_KEY: key, APPLE_WWDR_CERTIFICATE: wwdr } = env;
  const account = env.GOOGLE_WALLET_SERVICE_ACCOUNT;
  return {
    apple:
      passTypeId && teamId && certificate && key && wwdr
        ? { passTypeId, teamId, certificate, key, wwdr, keyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE ?? null }
        : fallback,
    google:
      env.GOOGLE_WALLET_ISSUER_ID && account
        ? {
            issuerId: env.GOOGLE_WALLET_ISSUER_ID,
            clientEmail: account.client_email,
            privateKey: account.private_key,
          }
        : fallback,
  };
}

type ServerSettings = Omit<Config, 'cards' | 'pt' | 'delivery' | 'sepa'>;

/** The server's settings from its variables: the defaults below are the documented ones (README). */
export function serverSchema(production: boolean, host: ConfigHost = plainHost): AreaSchema<ServerSettings> {
  const { resolvePath, terminal } = host;
  return z
    .object(serverVariables())
    .superRefine(
      (env, ctx) => {
        if (env.LOG_FORMAT === 'pretty' && production)
          problem(
            ctx,
            'LOG_FORMAT',
            'must be json in production (log collectors read one JSON object a line)',
          );
      },
      { when: readWell('LOG_FORMAT') },
    )
    .transform((env): ServerSettings => {
      const nodeEnv = env.NODE_ENV ?? 'development';
      const origin = (op: OperatorId) => env[operatorVariable('PUBLIC_ORIGIN_', op)];
      return {
        port: env.PORT ?? 8080,
        host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
        dataDir: resolvePath(env.DATA_DIR, 'data'),
        databaseUrl: env.DATABASE_URL ?? null,
        databaseListenUrl: env.DATABASE_LISTEN_URL ?? null,
        portalClock: env.PORTAL_CLOCK ?? null,
        defaultOperator: env.DEFAULT_OPERATOR ?? 'de',
        operatorHosts: Object.fromEntries(
          Object.entries(env.OPERATOR_HOSTS ?? {}).map(([host, op]) => [host.toLowerCase(), op]),
        ),
        publicOrigins: Object.fromEntries(
          operatorIds.filter((op) => origin(op)).map((op) => [op, new URL(origin(op)!).origin]),
        ),
        nodeEnv,
        isProduction: production,
        strictResponses: env.STRICT_RESPONSES ?? nodeEnv === 'test',
        webDist: resolvePath(env.WEB_DIST, 'packages/web/dist'),
        logLevel: env.LOG_LEVEL ?? 'info',
        logFormat: env.LOG_FORMAT ?? (!production && terminal ? 'pretty' : 'json'),
        trustProxy: env.TRUST_PROXY ?? false,
        sessionTtlMs: SESSION_TTL_MS,
        signInLimits: {
          perIpAndUsername: env.SIGN_IN_LIMIT_PER_IP_AND_USERNAME ?? 5,
          perIp: env.SIGN_IN_LIMIT_PER_IP ?? 20,
          windowMs: 15 * 60 * 1000,
          delay: { afterFailures: 3, baseMs: 250, maxMs: env.SIGN_IN_DELAY_MAX_MS ?? 2000 },
          noticeAfter: env.SIGN_IN_NOTICE_AFTER ?? 10,
        },
        publicCancellation: {
          perIpPerHour: env.PUBLIC_CANCELLATION_LIMIT_PER_IP ?? 5,
          perIdentityPerDay: env.PUBLIC_CANCELLATION_LIMIT_PER_IDENTITY ?? 3,
          minResponseMs: env.PUBLIC_CANCELLATION_MIN_MS ?? 400,
          // Without a configured key the hashes still compare within one process run; in
          // production that is not enough (several processes, restarts), so the form is off.
          ipHashKey: env.IP_HASH_KEY ?? (production ? null : randomHex(32)),
        },
        entryCodeKey: env.ENTRY_CODE_KEY?.toLowerCase() ?? (production ? null : DEMO_ENTRY_CODE_KEY),
        wallet: walletSettings(env, production),
        redisUrl: env.REDIS_URL ?? null,
        redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'portal-rate-limit:',
        doorKeys: {
          hashes: Object.fromEntries(
            Object.entries(env.DOOR_KEYS ?? {}).map(([club, entry]) => [
              club,
              (Array.isArray(entry) ? entry : [entry]).map((hash) => hash.toLowerCase()),
            ]),
          ),
          demo: !production,
          perMinute: env.DOOR_CHECK_IN_LIMIT_PER_MINUTE ?? 120,
        },
        serveOpenApi: env.SERVE_OPENAPI ?? !production,
        metrics: { port: env.METRICS_PORT ?? null, host: env.METRICS_HOST ?? '127.0.0.1' },
        instanceId: env.INSTANCE_ID ?? host.instanceName.slice(0, 64),
        databasePoolMax: env.DATABASE_POOL_MAX ?? 10,
        readModelCacheMs: env.READ_MODEL_CACHE_MS ?? 30_000,
        shutdown: {
          graceMs: env.SHUTDOWN_GRACE_MS ?? 5000,
          timeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 25_000,
        },
      };
    });
}

/** Every variable the portal reads, from the schemas (the README's table lists the same). */
export function configVariables(): string[] {
  return [
    ...variablesOf(serverSchema(false)),
    ...variablesOf(cardSchema(false)),
    ...variablesOf(ptSchema(false)),
    ...variablesOf(deliverySchema(false)),
    ...variablesOf(sepaSchema(false)),
  ];
}

/**
 * The configuration from an env record: every area is parsed; a ConfigError names every
 * wrong variable with the form it must have.
 */
export function parseConfig(env: Env, host: ConfigHost = plainHost): Config {
  const production = env.NODE_ENV?.trim() === 'production';
  const problems: ConfigProblem[] = [];
  const server = parseArea(serverSchema(production, host), env, problems);
  const cards = parseArea(cardSchema(production), env, problems);
  const pt = parseArea(ptSchema(production), env, problems);
  const delivery = parseArea(deliverySchema(production), env, problems);
  const sepa = parseArea(sepaSchema(production), env, problems);
  if (!server || !cards || !pt || !delivery || !sepa) throw new ConfigError(problems);
  return { ...server, cards, pt, delivery, sepa };
}
