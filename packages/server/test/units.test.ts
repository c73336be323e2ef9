import path from 'node:path';
import { endOfMonth, monthsBetweenInclusive } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { maxFrozenPeriods } from '@portal/demo-data';
import { allowedOrigins, linkOrigin, operatorForHost } from '../src/http/origins.ts';
import { testConfig } from './support/harness.ts';

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      // Outside production only this machine reaches the portal, unless HOST says otherwise.
      host: '127.0.0.1',
      databaseUrl: null,
      portalClock: null,
      defaultOperator: 'de',
      isProduction: false,
    });
    // `data` at the repository root, wherever the server is started from (npm start, node on dist).
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, '../../../data'));
    expect(loadConfig({ DATA_DIR: 'here' }).dataDir).toBe(`${process.cwd()}/here`);
    expect(config.webDist).toMatch(/packages\/web\/dist$/);
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.11' }).host).toBe('10.0.0.11');
  });

  it('reads operator hosts and public origins, and refuses nonsense', () => {
    const config = loadConfig({
      OPERATOR_HOSTS: '{"Portal.Stride.no":"no"}',
      PUBLIC_ORIGIN_NO: 'https://portal.stride.no/some/path',
      DEFAULT_OPERATOR: 'fi',
    });
    expect(config.operatorHosts).toEqual({ 'portal.stride.no': 'no' });
    expect(config.publicOrigins).toEqual({ no: 'https://portal.stride.no' });
    expect(config.defaultOperator).toBe('fi');
    expect(loadConfig({ SIGN_IN_LIMIT_PER_IP: '200' }).signInLimits).toMatchObject({
      perIpAndUsername: 5,
      perIp: 200,
      delay: { maxMs: 2000 },
      noticeAfter: 10,
    });
    expect(
      loadConfig({
        SIGN_IN_LIMIT_PER_IP_AND_USERNAME: '3',
        SIGN_IN_DELAY_MAX_MS: '0',
        SIGN_IN_NOTICE_AFTER: '7',
      }).signInLimits,
    ).toMatchObject({ perIpAndUsername: 3, delay: { maxMs: 0 }, noticeAfter: 7 });
    expect(
      loadConfig({
        PUBLIC_CANCELLATION_LIMIT_PER_IP: '50',
        IP_HASH_KEY: 'k',
        PUBLIC_CANCELLATION_MIN_MS: '0',
      }).publicCancellation,
    ).toEqual({ perIpPerHour: 50, perIdentityPerDay: 3, minResponseMs: 0, ipHashKey: 'k' });
    expect(loadConfig({}).publicCancellation.minResponseMs).toBe(400);
    for (const env of [
      { PORT: 'eighty' },
      { DEFAULT_OPERATOR: 'se' },
      { OPERATOR_HOSTS: '{"a":"se"}' },
      { OPERATOR_HOSTS: 'nope' },
      { PORTAL_CLOCK: 'someday' },
      { PUBLIC_ORIGIN_DE: 'ftp://x' },
      { SIGN_IN_LIMIT_PER_IP: '0' },
      { SIGN_IN_LIMIT_PER_IP_AND_USERNAME: 'five' },
      { SIGN_IN_DELAY_MAX_MS: '-5' },
      { PUBLIC_CANCELLATION_LIMIT_PER_IDENTITY: 'three' },
      { PUBLIC_CANCELLATION_MIN_MS: '-1' },
      { DOOR_KEYS: 'door_plain_key' },
      { DOOR_KEYS: '{"de-berlin-mitte":"door_plain_key"}' },
      { DOOR_KEYS: '{"de-berlin-mitte":[]}' },
      { DOOR_CHECK_IN_LIMIT_PER_MINUTE: '0' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  it('takes door keys as hashes only, and demo keys outside production only', () => {
    const hash = 'AB'.repeat(32);
    const config = loadConfig({
      DOOR_KEYS: JSON.stringify({ 'de-berlin-mitte': hash, 'no-bergen-sentrum': [hash, 'cd'.repeat(32)] }),
    });
    expect(config.doorKeys).toEqual({
      hashes: {
        'de-berlin-mitte': ['ab'.repeat(32)],
        'no-bergen-sentrum': ['ab'.repeat(32), 'cd'.repeat(32)],
      },
      demo: true,
      perMinute: 120,
    });
    expect(loadConfig({ NODE_ENV: 'production', DOOR_CHECK_IN_LIMIT_PER_MINUTE: '30' }).doorKeys).toEqual({
      hashes: {},
      demo: false,
      perMinute: 30,
    });
  });
});

describe('origins', () => {
  const config = testConfig({
    port: 8080,
    operatorHosts: { 'portal.stride.no': 'no', 'mitglieder.stride.de:8443': 'de' },
    publicOrigins: { fi: 'https://jasen.stride.fi' },
  });

  it('picks the operator from the host name', () => {
    expect(operatorForHost('no.localhost:8080', config)).toBe('no');
    expect(operatorForHost('AT.localhost', config)).toBe('at');
    expect(operatorForHost('portal.stride.no', config)).toBe('no');
    expect(operatorForHost('mitglieder.stride.de:8443', config)).toBe('de');
    expect(operatorForHost('localhost:8080', config)).toBe('de');
    expect(operatorForHost('se.localhost:8080', config)).toBe('de');
    expect(operatorForHost(undefined, config)).toBe('de');
  });

  it('allows the local origins, the public origin and mapped hosts of that operator only', () => {
    expect([...allowedOrigins('fi', config)]).toEqual([
      'http://localhost:8080',
      'http://fi.localhost:8080',
      'http://127.0.0.1:8080',
      'https://jasen.stride.fi',
    ]);
    expect(linkOrigin('no', 'https://portal.stride.no/password/reset', config)).toBe(
      'https://portal.stride.no',
    );
    expect(linkOrigin('de', 'https://portal.stride.no/password/reset', config)).toBe(
      'http://de.localhost:8080',
    );
    expect(linkOrigin('fi', 'http://localhost:8080/x', config)).toBe('http://localhost:8080');
    expect(linkOrigin('fi', 'javascript:alert(1)', config)).toBe('https://jasen.stride.fi');
  });
});

describe('max_frozen freeze periods', () => {
  it('uses three months of this year that never cover today, in the past from April on', () => {
    for (let month = 1; month <= 12; month++) {
      for (const day of ['01', '15', '28']) {
        const today = `2026-${String(month).padStart(2, '0')}-${day}`;
        const periods = maxFrozenPeriods(today);
        const months = periods.reduce((sum, p) => sum + monthsBetweenInclusive(p.begin, p.end), 0);
        expect(months, today).toBe(3);
        for (const p of periods) {
          expect(p.begin.slice(0, 4)).toBe('2026');
          expect(p.end).toBe(endOfMonth(p.end));
          expect(p.begin <= today && today <= p.end, today).toBe(false);
          if (month >= 4) expect(p.end < today).toBe(true);
        }
      }
    }
  });
});
