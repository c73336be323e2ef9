import { formatList, getOperator, operatorIds, plural } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { providerBase } from './adapters/pt/config.ts';
import type { Config } from './config.ts';
import { sepaOperators } from './modules/payments/sepa/config.ts';
import { DEMO_ENTRY_CODE_KEY } from './settings.ts';

/**
 * One feature's configuration as the server starts: whether it works, and when it does
 * not, what it lacks and how it answers meanwhile. Never holds a secret.
 */
export interface FeatureState {
  feature: string;
  state: 'on' | 'sandbox' | 'off' | 'partial';
  detail: string;
  /**
   * Present when the feature does not (fully) work in this configuration, which the start
   * log warns about: what to set for it to work (empty when no setting can, yet).
   */
  missing?: string[];
}

const upper = (op: string) => op.toUpperCase();

function cards(config: Config): FeatureState[] {
  return (['verifone', 'dibs'] as const).map((provider): FeatureState => {
    const settings = config.cards[provider];
    const feature = `cards (${provider})`;
    const users = operatorIds.filter((op) => getOperator(op).cardProvider === provider).join(', ');
    if (settings.mode === 'live')
      return {
        feature,
        state: 'on',
        detail: `live API${'nets' in settings ? ' (Nets Easy)' : ''} for ${users}`,
      };
    if (settings.mode === 'sandbox')
      return { feature, state: 'sandbox', detail: `offline sandbox for ${users} (never in production)` };
    return {
      feature,
      state: 'off',
      detail: `card updates of ${users} answer 503 and charges fail`,
      missing:
        provider === 'dibs'
          ? ['CARD_PROVIDER_DIBS=live', 'NETS_EASY_API_URL', 'NETS_EASY_SECRET_KEY', 'NETS_EASY_TERMS_URL']
          : ['CARD_PROVIDER_VERIFONE=live', 'VERIFONE_API_URL', 'VERIFONE_USER_ID', 'VERIFONE_API_KEY', '…'],
    };
  });
}

/** SEPA direct debit: each operator offering it needs its creditor identifier (ADR 040). */
function sepa(config: Config): FeatureState {
  const offered = sepaOperators();
  const missing = offered.filter((op) => !config.sepa[op]);
  const creditors = offered
    .filter((op) => config.sepa[op])
    .map(
      (op) =>
        `${op}: ${config.sepa[op]?.demo ? 'demo creditor (never in production)' : config.sepa[op]?.creditorId}`,
    );
  if (missing.length === 0) {
    const demo = offered.every((op) => config.sepa[op]?.demo);
    return { feature: 'SEPA direct debit', state: demo ? 'sandbox' : 'on', detail: creditors.join(', ') };
  }
  return {
    feature: 'SEPA direct debit',
    state: missing.length === offered.length ? 'off' : 'partial',
    detail: `no creditor identifier: the bank account calls of ${missing.join(', ')} answer 503${creditors.length ? `; ${creditors.join(', ')}` : ''}`,
    missing: missing.map((op) => `SEPA_CREDITOR_ID_${upper(op)}`),
  };
}

function pt(config: Config): FeatureState {
  const offered = operatorIds.filter((op) => getOperator(op).ptEnabled);
  const missing = offered.filter((op) => !providerBase(config.pt, op));
  const needs = [
    ...(config.pt.secret ? [] : ['PT_WIDGET_SECRET']),
    ...missing.map((op) => `PT_PROVIDER_URL_${upper(op)}`),
  ];
  const sources = offered
    .filter((op) => !missing.includes(op))
    .map((op) => {
      const url = config.pt.providerUrls[op];
      return `${op}: ${url ? new URL(url).origin : 'sandbox'}`;
    });
  if (needs.length === 0) {
    const state = Object.keys(config.pt.providerUrls).length === 0 ? 'sandbox' : 'on';
    return { feature: 'personal training', state, detail: sources.join(', ') };
  }
  const off = config.pt.secret ? missing : offered;
  const working = config.pt.secret && sources.length ? `; ${sources.join(', ')}` : '';
  return {
    feature: 'personal training',
    state: off.length === offered.length ? 'off' : 'partial',
    detail: `the PT widgets of ${off.join(', ')} answer 503${working}`,
    missing: needs,
  };
}

function door(config: Config): FeatureState {
  const clubs = Object.keys(config.doorKeys.hashes).length;
  const configured =
    clubs > 0
      ? `${plural(clubs, 'en', { one: '1 club', other: `${clubs} clubs` })} with keys in DOOR_KEYS`
      : '';
  if (config.doorKeys.demo)
    return {
      feature: 'door check-ins',
      state: 'sandbox',
      detail: formatList(['the demo clubs’ keys (never in production)', configured].filter(Boolean), 'en'),
    };
  if (clubs > 0) return { feature: 'door check-ins', state: 'on', detail: configured };
  return {
    feature: 'door check-ins',
    state: 'off',
    detail: 'POST /api/v1/door/check_ins answers 503',
    missing: ['DOOR_KEYS'],
  };
}

function publicCancellation(config: Config): FeatureState {
  const offered = operatorIds.filter((op) => getOperator(op).publicCancellation).join(', ');
  const feature = 'cancellation without sign-in (§ 312k)';
  if (config.publicCancellation.ipHashKey === null)
    return {
      feature,
      state: 'off',
      detail: `the form of ${offered} answers 503 and names the support e-mail instead`,
      missing: ['IP_HASH_KEY'],
    };
  const key = config.isProduction ? 'IP_HASH_KEY' : 'IP_HASH_KEY or a key of this process';
  return { feature, state: 'on', detail: `${offered}; client addresses hashed with ${key}` };
}

function phoneEntry(config: Config): FeatureState {
  const feature = 'phone entry codes';
  if (config.entryCodeKey === null)
    return {
      feature,
      state: 'off',
      detail: 'setting up a phone answers 503 and phone codes open no door',
      missing: ['ENTRY_CODE_KEY'],
    };
  if (config.entryCodeKey === DEMO_ENTRY_CODE_KEY)
    return {
      feature,
      state: 'sandbox',
      detail: 'secrets stored under the public demo key (never in production)',
    };
  return { feature, state: 'on', detail: 'secrets stored under ENTRY_CODE_KEY' };
}

function walletPasses(config: Config): FeatureState[] {
  const { apple, google } = config.wallet;
  const state = (
    feature: string,
    value: unknown,
    answer: string,
    missing: string[],
    on: string,
  ): FeatureState => {
    if (value === null) return { feature, state: 'off', detail: `${answer} answers 503`, missing };
    if (value === 'sandbox')
      return {
        feature,
        state: 'sandbox',
        detail: 'signed with a sandbox key of this process (never in production)',
      };
    return { feature, state: 'on', detail: on };
  };
  return [
    state(
      'Apple Wallet passes',
      apple,
      'GET /v1/membership/wallet/apple',
      [
        'APPLE_PASS_TYPE_ID',
        'APPLE_TEAM_ID',
        'APPLE_PASS_CERTIFICATE',
        'APPLE_PASS_KEY',
        'APPLE_WWDR_CERTIFICATE',
      ],
      'signed with the pass type certificate in APPLE_PASS_CERTIFICATE',
    ),
    state(
      'Google Wallet passes',
      google,
      'GET /v1/membership/wallet/google',
      ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'],
      'signed with the service account in GOOGLE_WALLET_SERVICE_ACCOUNT',
    ),
  ];
}

function links(config: Config): FeatureState {
  const feature = 'links in e-mails';
  const missing = operatorIds.filter((op) => !config.publicOrigins[op]);
  if (!config.isProduction || missing.length === 0) {
    const origins = operatorIds.map(
      (op) => `${op}: ${config.publicOrigins[op] ?? `http://${op}.localhost:${config.port}`}`,
    );
    return { feature, state: 'on', detail: origins.join(', ') };
  }
  return {
    feature,
    state: missing.length === operatorIds.length ? 'off' : 'partial',
    detail: `links of ${missing.join(', ')} point at http://<operator>.localhost:${config.port}, and the import invites none of their members`,
    missing: missing.map((op) => `PUBLIC_ORIGIN_${upper(op)}`),
  };
}

/** Where e-mail goes (the SMTP server's host only: SMTP_URL may hold a password). */
function email(config: Config): FeatureState {
  const settings = config.delivery.email;
  if (settings.mode === 'smtp') {
    const host =
      'url' in settings.smtp
        ? new URL(settings.smtp.url).host
        : `${settings.smtp.host}:${settings.smtp.port}`;
    return { feature: 'e-mail', state: 'on', detail: `delivered through SMTP at ${host}` };
  }
  if (settings.mode === 'sandbox')
    return { feature: 'e-mail', state: 'sandbox', detail: 'kept in the outbox, readable at /api/dev/outbox' };
  return {
    feature: 'e-mail',
    state: 'off',
    detail: 'not delivered: e-mails wait in the outbox table (status pending) until SMTP is configured',
    missing: ['SMTP_URL or SMTP_HOST', 'SMTP_FROM'],
  };
}

function sms(config: Config): FeatureState {
  const settings = config.delivery.sms;
  if (settings.mode === 'http')
    return { feature: 'SMS', state: 'on', detail: `delivered through ${new URL(settings.url).origin}` };
  if (settings.mode === 'sandbox')
    return {
      feature: 'SMS',
      state: 'sandbox',
      detail:
        'kept in the outbox, readable at /api/dev/outbox; the provider sandbox is /api/dev/sms/messages',
    };
  return {
    feature: 'SMS',
    state: 'off',
    detail: 'not delivered: SMS wait in the outbox table (status pending) until a provider is configured',
    missing: ['SMS_API_URL', 'SMS_API_KEY'],
  };
}

function metrics(config: Config): FeatureState {
  const { port, host } = config.metrics;
  if (port === null)
    return { feature: 'metrics', state: 'off', detail: 'no /metrics listener (METRICS_PORT sets one)' };
  return { feature: 'metrics', state: 'on', detail: `Prometheus at http://${host}:${port}/metrics` };
}

/** Every feature that depends on configuration, in the order the start log lists them. */
export function featureReport(config: Config): FeatureState[] {
  const production = config.isProduction;
  return [
    {
      feature: 'seed data',
      state: production ? 'off' : 'sandbox',
      detail: production
        ? 'never seeded in production; load clubs, products and members with npm run import'
        : 'the demo members on an empty database, their logins printed',
    },
    {
      feature: 'dev routes',
      state: production ? 'off' : 'sandbox',
      detail: production ? 'none' : 'outbox, clock, card, PT and SMS sandboxes under /api/dev',
    },
    {
      feature: 'OpenAPI',
      state: config.serveOpenApi ? 'on' : 'off',
      detail: config.serveOpenApi ? '/api/docs' : '/api/docs answers 404 (SERVE_OPENAPI=true serves it)',
    },
    email(config),
    sms(config),
    metrics(config),
    links(config),
    ...cards(config),
    sepa(config),
    pt(config),
    door(config),
    publicCancellation(config),
    phoneEntry(config),
    ...walletPasses(config),
    {
      feature: 'request limits',
      state: 'on',
      detail: config.redisUrl ? 'shared through Redis (REDIS_URL)' : 'counted per process',
    },
  ];
}

/** The report as aligned text lines. */
export function featureLines(features: FeatureState[]): string[] {
  const width = Math.max(...features.map((f) => f.feature.length)) + 2;
  return features.map((f) => {
    const set = f.missing?.length ? ` [set ${f.missing.join(', ')}]` : '';
    return `  ${f.feature.padEnd(width)}${f.state.padEnd(9)}${f.detail}${set}`;
  });
}

/**
 * Logs the report once as the server starts (one info entry: its lines and the list), and
 * a warning for each feature that does not (fully) work, saying how it answers meanwhile.
 */
export function logFeatureReport(log: FastifyBaseLogger, config: Config): void {
  const features = featureReport(config);
  log.info({ features }, ['Features as configured:', ...featureLines(features)].join('\n'));
  for (const f of features) {
    if (!f.missing) continue;
    if (f.feature === 'personal training') {
      // The PT warnings as earlier releases wrote them.
      if (!config.pt.secret) log.warn('PT_WIDGET_SECRET is not set: the PT widgets answer 503 until it is.');
      const ops = operatorIds.filter((op) => getOperator(op).ptEnabled && !providerBase(config.pt, op));
      if (ops.length) {
        const names = ops.map((op) => `PT_PROVIDER_URL_${upper(op)}`).join(', ');
        log.warn(`No PT provider for ${ops.join(', ')} (${names}): their PT widgets answer 503.`);
      }
      continue;
    }
    const set = f.missing.length ? `; set ${f.missing.join(', ')}` : '';
    log.warn(`${f.feature}: ${f.detail}${set}.`);
  }
}
