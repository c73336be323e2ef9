import { readFileSync } from 'node:fs';
import path from 'node:path';
import { operatorIds } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { loadCardSettings } from '../src/adapters/cards/config.ts';
import { loadDeliverySettings } from '../src/adapters/delivery/config.ts';
import { ConfigError, configVariables, loadConfig } from '../src/config.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The ConfigError `run` throws (the test fails if it throws none or another). */
function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('no ConfigError');
}

describe('configuration errors', () => {
  it('name every wrong variable of every area at once, each with the form it must have', () => {
    const error = configError(() =>
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DEFAULT_OPERATOR: 'se',
        OPERATOR_HOSTS: '{"portal.example":"se"}',
        SIGN_IN_LIMIT_PER_IP: '0',
        DOOR_KEYS: '{"de-berlin-mitte":"door_plain_key"}',
        CARD_PROVIDER_DIBS: 'sandbox',
        CARD_PROVIDER_VERIFONE: 'live',
        VERIFONE_API_URL: 'http://verifone.example',
        PT_PROVIDER_URL_NO: 'https://pt.example/?q=1',
        SMS_API_URL: 'https://sms.example',
        OUTBOX_POLL_MS: 'often',
      }),
    );
    expect(error.problems).toEqual([
      { variable: 'PORT', message: 'must be a port number from 0 to 65535' },
      { variable: 'DEFAULT_OPERATOR', message: 'must be one of de, at, ch, no, fi' },
      {
        variable: 'OPERATOR_HOSTS',
        message:
          'must be a JSON object mapping host names to operators (de, at, ch, no, fi) (at portal.example)',
      },
      { variable: 'SIGN_IN_LIMIT_PER_IP', message: 'must be a whole number of at least 1' },
      {
        variable: 'DOOR_KEYS',
        message: expect.stringMatching(/^must be a JSON object .* \(at de-berlin-mitte\)$/),
      },
      { variable: 'VERIFONE_API_URL', message: 'must be a https: URL' },
      { variable: 'CARD_PROVIDER_DIBS', message: 'must not be sandbox in production (set live or off)' },
      ...[
        'VERIFONE_USER_ID',
        'VERIFONE_API_KEY',
        'VERIFONE_ENTITY_ID',
        'VERIFONE_PAYMENT_CONTRACT_ID',
        'VERIFONE_TOKEN_SCOPE',
      ].map((variable) => ({ variable, message: 'is required when CARD_PROVIDER_VERIFONE=live' })),
      {
        variable: 'PT_PROVIDER_URL_NO',
        message: expect.stringMatching(/^must be an absolute URL, https, without query/),
      },
      { variable: 'OUTBOX_POLL_MS', message: 'must be a whole number of milliseconds of at least 10' },
      // A rule between variables is checked although another variable of its area is wrong.
      { variable: 'SMS_API_KEY', message: 'is required with SMS_API_URL' },
    ]);
    expect(error.message.split('\n')).toEqual([
      'The environment has 15 problems:',
      ...error.problems.map((p) => `  ${p.variable} ${p.message}`),
    ]);
  });

  it('never repeat a value, which may be a secret', () => {
    const secrets = {
      SMTP_URL: 'http://user:pw-secret-1@relay.example',
      PT_WIDGET_SECRET: 'short-secret-2',
      CARD_SANDBOX_SECRET_DIBS: 'short-secret-3',
      IP_HASH_KEY: 'fine-secret-4',
      INSTANCE_ID: 'name with spaces secret-5',
    };
    const error = configError(() => loadConfig(secrets));
    expect(error.problems.map((p) => p.variable).sort()).toEqual(
      ['CARD_SANDBOX_SECRET_DIBS', 'INSTANCE_ID', 'PT_WIDGET_SECRET', 'SMTP_FROM', 'SMTP_URL'].sort(),
    );
    expect(`${error.message} ${JSON.stringify(error.problems)}`).not.toMatch(/secret-\d/);
  });

  it('take a blank value as unset, and check a set variable even where its feature is off', () => {
    const config = loadConfig({ PORT: ' ', SMTP_HOST: '', CARD_PROVIDER_VERIFONE: '  ', LOG_LEVEL: '' });
    expect(config).toMatchObject({ port: 8080, logLevel: 'info', cards: { verifone: { mode: 'sandbox' } } });
    expect(config.delivery.email).toEqual({ mode: 'sandbox' });
    expect(configError(() => loadDeliverySettings({ SMTP_PORT: 'twenty-five' }, false)).message).toBe(
      'SMTP_PORT must be a whole number of at least 1',
    );
    expect(configError(() => loadCardSettings({ VERIFONE_TIMEOUT_MS: '10' }, false)).message).toBe(
      'VERIFONE_TIMEOUT_MS must be a whole number of milliseconds of at least 1000',
    );
    expect(configError(() => loadConfig({ LOG_LEVEL: 'verbose' })).message).toMatch(
      /^LOG_LEVEL must be one of fatal/,
    );
  });

  it('name the operators that have no sender when SMTP is set', () => {
    const env = { SMTP_HOST: 'relay.example', SMTP_FROM_DE: 'a@x.example', SMTP_FROM_AT: 'b@x.example' };
    expect(configError(() => loadDeliverySettings(env, true)).message).toBe(
      'SMTP_FROM is required with SMTP for the operators without a sender of their own (SMTP_FROM_CH, SMTP_FROM_NO, SMTP_FROM_FI)',
    );
  });
});

/** The variables a markdown table's first column names, `<OP>` expanded to each operator. */
function tableVariables(markdown: string, heading: string): string[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`no section ${heading}`);
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) =>
    [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*(?:<OP>)?)`/g)].flatMap(([, name]) =>
      name!.endsWith('<OP>') ? operatorIds.map((op) => name!.replace('<OP>', op.toUpperCase())) : [name!],
    ),
  );
}

/** Variables of the tables that scripts read, not the server: where each is read. */
const SCRIPT_VARIABLES: Record<string, string> = { CLUSTER_PORT: 'scripts/cluster.mjs' };

describe('the documented variables', () => {
  const schema = configVariables();

  it('are the schemas’ variables: the README’s table lists every one and no other', () => {
    const readme = tableVariables(readFileSync(path.join(ROOT, 'README.md'), 'utf8'), 'Configuration');
    const documented = readme.filter((name) => !(name in SCRIPT_VARIABLES));
    expect(new Set(documented).size, 'a variable listed twice').toBe(documented.length);
    expect([...documented].sort()).toEqual([...schema].sort());
  });

  it('in docs/operations.md are the schemas’ too', () => {
    const operations = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const unknown = tableVariables(operations, 'Configuration').filter(
      (name) => !schema.includes(name) && !(name in SCRIPT_VARIABLES),
    );
    expect(unknown).toEqual([]);
  });

  it('that only scripts read are read there', () => {
    for (const [name, file] of Object.entries(SCRIPT_VARIABLES))
      expect(readFileSync(path.join(ROOT, file), 'utf8')).toContain(`process.env.${name}`);
  });
});
