import { DEMO_PASSWORD } from '@portal/demo-data';
import { ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { featureLines, featureReport } from '../src/feature-report.ts';
import { parseConfig } from '../src/settings.ts';
import { bearer, startApp, type TestApp, testConfig } from './support/harness.ts';

const IBAN = 'DE89370400440532013000';

describe('SEPA creditors from the configuration', () => {
  it('outside production: demo creditors for de and at only', () => {
    const { sepa } = parseConfig({ NODE_ENV: 'test' });
    expect(Object.keys(sepa).sort()).toEqual(['at', 'de']);
    expect(sepa.de).toMatchObject({ creditorId: 'DE98ZZZ09999999999', demo: true });
  });

  it('in production: none without SEPA_CREDITOR_ID_<OP>, and the start report names the variable', () => {
    const env = { NODE_ENV: 'production', IP_HASH_KEY: 'x'.repeat(32) };
    const config = parseConfig(env);
    expect(config.sepa).toEqual({});
    const sepa = featureReport(config).find((f) => f.feature === 'SEPA direct debit');
    expect(sepa).toMatchObject({ state: 'off', missing: ['SEPA_CREDITOR_ID_DE', 'SEPA_CREDITOR_ID_AT'] });
    expect(featureLines([sepa!])[0]).toContain('answer 503');

    const configured = parseConfig({
      ...env,
      SEPA_CREDITOR_ID_DE: 'de98zzz09999999999',
      SEPA_CREDITOR_NAME_DE: 'Stride Fitness Deutschland GmbH',
    });
    expect(configured.sepa.de).toMatchObject({ creditorId: 'DE98ZZZ09999999999', demo: false });
    expect(featureReport(configured).find((f) => f.feature === 'SEPA direct debit')).toMatchObject({
      state: 'partial',
      missing: ['SEPA_CREDITOR_ID_AT'],
    });
  });

  it('refuses a malformed identifier and one for an operator without direct debit', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', SEPA_CREDITOR_ID_DE: 'not an id' })).toThrow(
      /SEPA_CREDITOR_ID_DE/,
    );
    expect(() => parseConfig({ NODE_ENV: 'test', SEPA_CREDITOR_ID_CH: 'CH12ZZZ00000000001' })).toThrow(
      /SEPA_CREDITOR_ID_CH/,
    );
  });
});

describe('SEPA mandate calls without a creditor, and what the logs hold', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startApp('pglite');
    app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig({ sepa: { at: testConfig().sepa.at! } }),
      logger: {
        ...(loggerOptions('debug') as object),
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const put = (token: string, iban: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/membership/sepa_mandate',
      headers: bearer(token),
      payload: { iban, account_holder: 'Anna Beispiel', password: DEMO_PASSWORD },
    });

  it('answers 503 with the error body for an operator with direct debit but no creditor', async () => {
    const token = await t.signIn('active', 'de');
    for (const res of [
      await put(token, IBAN),
      await app.inject({ method: 'GET', url: '/api/v1/membership/sepa_mandate', headers: bearer(token) }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('sepa_unavailable');
    }
  });

  it('never writes an IBAN, valid or not, into the logs', async () => {
    const token = await t.signIn('active', 'at');
    lines.length = 0;
    expect((await put(token, 'AT61 1904 3002 3457 3201')).statusCode).toBe(200);
    expect((await put(token, 'AT61 1904 3002 3457 3202')).statusCode).toBe(400);
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    expect(logged).toContain('/api/v1/membership/sepa_mandate');
    expect(logged).not.toMatch(/1904\s?3002|234573201|234573202|AT61 ••••/);
    expect(logged).not.toContain(DEMO_PASSWORD === 'demo' ? '"demo"' : DEMO_PASSWORD);
  });
});
