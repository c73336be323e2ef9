import { Writable } from 'node:stream';
import { ErrorBody } from '@portal/contract';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureLines, featureReport } from '../src/feature-report.ts';
import { buildApp } from '../src/app.ts';
import { type Config, ConfigError, loadConfig } from '../src/config.ts';
import { members } from '../src/db/schema.ts';
import { seedOutsideProduction } from '../src/db/startup.ts';
import { hashDoorKey } from '../src/modules/workouts/door-keys.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';
import { importInto, lastMailTo, setPassword, signInAs, tokenIn } from './support/imports.ts';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';

const NOW = '2026-11-22T10:00:00Z';

/** What `NODE_ENV=production` and a database alone give, plus what a test names. */
const production = (env: Record<string, string> = {}): Config => ({
  ...loadConfig({ NODE_ENV: 'production', PORT: '8080', WEB_DIST: '/nonexistent/web-dist', ...env }),
  logLevel: 'silent',
});

type Res = { statusCode: number; body: string; json(): unknown };
const expectError = (res: Res, status: number, type: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body).toMatchObject({ status, errors: [{ type }] });
  return body.errors[0]!;
};

const publicCancellation = {
  operator_id: 'de',
  locale: 'de-DE',
  kind: 'ordinary',
  first_name: 'Erika',
  last_name: 'Muster',
  membership_number: 'D-0000001',
  contract: 'membership',
  confirmation_email: 'erika@example.org',
};

describe('production configuration', () => {
  it('starts from NODE_ENV=production and DATABASE_URL alone: no demo, no sandboxes, no OpenAPI, no address key', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/portal' });
    expect(config).toMatchObject({
      isProduction: true,
      databaseUrl: 'postgres://db.example/portal',
      serveOpenApi: false,
      cards: { verifone: { mode: 'off' }, dibs: { mode: 'off' } },
      pt: { secret: null, sandbox: false },
      doorKeys: { demo: false, hashes: {} },
      publicCancellation: { ipHashKey: null },
    });
    expect(loadConfig({ NODE_ENV: 'production', SERVE_OPENAPI: 'true' }).serveOpenApi).toBe(true);
    expect(loadConfig({ SERVE_OPENAPI: 'false' }).serveOpenApi).toBe(false);
    expect(loadConfig({}).serveOpenApi).toBe(true);
    expect(() => loadConfig({ SERVE_OPENAPI: 'yes' })).toThrow(ConfigError);
    // Outside production the form keeps working with a key of the process.
    expect(loadConfig({}).publicCancellation.ipHashKey).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(databases())('production mode on %s', (kind) => {
  let t: TestApp;
  const config = production({ PUBLIC_ORIGIN_DE: 'https://mitglieder.stride.example' });
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW, seed: false, config });
  });
  afterAll(() => t?.close());

  const withApp = async (env: Record<string, string>, run: (app: FastifyInstance) => Promise<void>) => {
    const app = await buildApp({ db: t.db, clock: t.clock, config: production(env), logger: false });
    try {
      await run(app);
    } finally {
      await app.close();
    }
  };

  it('never seeds the demo members, so no demo login works', async () => {
    expect(await seedOutsideProduction(t.db, t.clock, config, nodePasswordHasher)).toBe(false);
    expect((await t.db.select({ n: count() }).from(members))[0]!.n).toBe(0);
    expectError(await signInAs(t, 'de', 'active@de.example', 'demo'), 401, 'unauthorized');
  });

  it('answers the health check, and has no dev routes and no OpenAPI document', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    for (const url of [
      '/api/dev/outbox',
      '/api/dev/outbox.html',
      '/api/dev/clock',
      '/api/dev/pt/widget.js',
      '/api/dev/pt/frame.html',
      '/api/dev/sms/messages',
      '/api/docs',
      '/api/docs/json',
    ]) {
      expectError(await t.app.inject({ method: 'GET', url }), 404, 'not_found');
    }
  });

  it('serves the OpenAPI document when SERVE_OPENAPI=true', async () => {
    await withApp({ SERVE_OPENAPI: 'true' }, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Member portal API' } });
    });
  });

  it('answers 503 with the error body for door check-ins without DOOR_KEYS, 401 for a wrong key with them', async () => {
    const checkIn = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/door/check_ins',
        headers: bearer('door_some-key'),
        payload: { check_in_id: 'c-1', code: '123456', at: NOW },
      });
    const off = expectError(await checkIn(t.app), 503, 'door_check_ins_unavailable');
    expect(off.message).toContain('DOOR_KEYS');
    await withApp(
      { DOOR_KEYS: JSON.stringify({ 'de-leipzig-zentrum': hashDoorKey('door_the-real-key') }) },
      async (app) => {
        expectError(await checkIn(app), 401, 'unauthorized');
      },
    );
  });

  it('answers 503 for the cancellation form without IP_HASH_KEY, naming the support address in the visitor’s language', async () => {
    const post = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/v1/public/cancellations', payload: publicCancellation });
    const off = expectError(await post(t.app), 503, 'public_cancellation_unavailable');
    expect(off.message).toBe(
      'Das Kündigungsformular ist gerade nicht verfügbar. Bitte senden Sie Ihre Kündigung per E-Mail an kundenservice@de.stride.example.',
    );
    expect(off.context).toEqual({ support_email: 'kundenservice@de.stride.example' });
    await withApp({ IP_HASH_KEY: 'a-key-every-process-shares-0123456789' }, async (app) => {
      const res = await post(app);
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('lets an imported member set a password and sign in; cards and PT then answer 503 with the error body', async () => {
    const report = await importInto(
      t,
      {
        clubs: [
          {
            id: 'de-leipzig-zentrum',
            operator_id: 'de',
            name: 'Stride Leipzig Zentrum',
            opening_date: '2019-05-01',
            street: 'Petersstraße 36',
            postal_code: '04109',
            postal_location: 'Leipzig',
          },
        ],
        products: [
          {
            id: 'de-leipzig',
            operator_id: 'de',
            presentation: { en: { name: 'Leipzig', description: 'Our Leipzig club.' } },
            monthly_fee: 2490,
            club_ids: ['de-leipzig-zentrum'],
          },
        ],
        members: [
          {
            membership_number: 'D-0000001',
            operator_id: 'de',
            email: 'erika@example.org',
            first_name: 'Erika',
            last_name: 'Muster',
            street: 'Nikolaistraße 2',
            postal_code: '04109',
            postal_location: 'Leipzig',
            mobile_prefix: '+49',
            mobile_number: '15112345678',
            product_id: 'de-leipzig',
            club_id: 'de-leipzig-zentrum',
            begin_date: '2025-01-01',
          },
        ],
      },
      config,
    );
    expect(report.invited).toBe(1);
    const mail = await lastMailTo(t, 'erika@example.org', 'de');
    expect(mail?.body).toContain('https://mitglieder.stride.example/password/update?token=');
    expect((await setPassword(t, 'de', tokenIn(mail!.body)!, 'ein-gutes-passwort')).statusCode).toBe(204);
    const signIn = await signInAs(t, 'de', 'erika@example.org', 'ein-gutes-passwort');
    expect(signIn.statusCode, signIn.body).toBe(200);
    const auth = bearer((signIn.json() as { token: string }).token);

    const card = await t.app.inject({ method: 'GET', url: '/api/v1/membership/verifone_url', headers: auth });
    expectError(card, 503, 'card_provider_unavailable');
    const pt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pt/widget_session',
      headers: auth,
      payload: { widget: 'booking' },
    });
    expectError(pt, 503, 'pt_unavailable');
  });

  it('lists every feature’s configuration once at start and warns for each one that lacks it, without secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const secret = 'a-pt-widget-secret-of-more-than-32-characters';
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: production({ PT_WIDGET_SECRET: secret, IP_HASH_KEY: 'the-ip-hash-key-0123456789abcdef' }),
      logger: { level: 'info', stream },
    });
    await app.close();
    const entries = lines.map(
      (line) => JSON.parse(line) as { level: number; msg: string; features?: unknown[] },
    );
    const report = entries.filter((e) => e.features);
    expect(report).toHaveLength(1);
    const block = report[0]!.msg;
    expect(block).toMatch(/^Features as configured:\n/);
    expect(block).toMatch(/seed data +off +never seeded in production/);
    expect(block).toMatch(/OpenAPI +off/);
    expect(block).toMatch(/cards \(verifone\) +off .*\[set CARD_PROVIDER_VERIFONE=live/);
    expect(block).toMatch(/personal training +off +the PT widgets of de, ch, no answer 503/);
    expect(block).toMatch(/door check-ins +off .*\[set DOOR_KEYS\]/);
    expect(block).toMatch(/cancellation without sign-in \(§ 312k\) +on/);
    expect(block).toMatch(/links in e-mails +off .*\[set PUBLIC_ORIGIN_DE, PUBLIC_ORIGIN_AT/);
    expect(block).toMatch(
      /e-mail +off +not delivered: e-mails wait .*\[set SMTP_URL or SMTP_HOST, SMTP_FROM\]/,
    );
    expect(block).toMatch(/SMS +off +not delivered: SMS wait .*\[set SMS_API_URL, SMS_API_KEY\]/);
    const warnings = entries.filter((e) => e.level === 40).map((e) => e.msg);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'door check-ins: POST /api/v1/door/check_ins answers 503; set DOOR_KEYS.',
        'cards (dibs): card updates of no, fi answer 503 and charges fail; set CARD_PROVIDER_DIBS=live, NETS_EASY_API_URL, NETS_EASY_SECRET_KEY, NETS_EASY_TERMS_URL.',
        'No PT provider for de, ch, no (PT_PROVIDER_URL_DE, PT_PROVIDER_URL_CH, PT_PROVIDER_URL_NO): their PT widgets answer 503.',
        'e-mail: not delivered: e-mails wait in the outbox table (status pending) until SMTP is configured; set SMTP_URL or SMTP_HOST, SMTP_FROM.',
      ]),
    );
    expect(warnings.join('\n')).not.toContain('PT_WIDGET_SECRET is not set');
    const log = lines.join('');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('the-ip-hash-key');
    expect(log.toLowerCase()).not.toContain('demo');
  });

  it('reports no/fi card updates as working once Nets Easy is configured, without its key', () => {
    const config = production({
      CARD_PROVIDER_DIBS: 'live',
      NETS_EASY_API_URL: 'https://test.api.dibspayment.eu',
      NETS_EASY_SECRET_KEY: 'test-secret-key-0123456789abcdef',
      NETS_EASY_TERMS_URL: 'https://stride.example/terms',
    });
    const report = featureLines(featureReport(config)).join('\n');
    expect(report).toMatch(/cards \(dibs\) +on +live API \(Nets Easy\) for no, fi/);
    expect(report).not.toContain('test-secret-key');
  });

  it('reports e-mail and SMS as delivered once configured, naming the hosts but never a credential', () => {
    const config = production({
      SMTP_URL: 'smtp://mailer:smtp-password-123@smtp.stride.example:587',
      SMTP_FROM: 'Stride Fitness <no-reply@stride.example>',
      SMS_API_URL: 'https://sms.provider.example/v1/messages',
      SMS_API_KEY: 'sms-key-456',
    });
    const report = featureLines(featureReport(config)).join('\n');
    expect(report).toMatch(/e-mail +on +delivered through SMTP at smtp\.stride\.example:587/);
    expect(report).toMatch(/SMS +on +delivered through https:\/\/sms\.provider\.example/);
    expect(report).not.toContain('smtp-password-123');
    expect(report).not.toContain('sms-key-456');
    expect(report).not.toContain('mailer');
  });
});
