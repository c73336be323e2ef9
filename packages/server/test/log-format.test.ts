import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { prettyFormat } from '../src/http/logging.ts';
import { bearer, startApp, type TestApp, testConfig } from './support/harness.ts';

describe('the log format', () => {
  it('is pretty outside production at a terminal, JSON otherwise, and JSON always in production', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }, true).logFormat).toBe('json');
    expect(() => loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, true)).toThrow(
      new ConfigError([
        {
          variable: 'LOG_FORMAT',
          message: 'must be json in production (log collectors read one JSON object a line)',
        },
      ]),
    );
    expect(() => loadConfig({ LOG_FORMAT: 'colourful' })).toThrow(/^LOG_FORMAT must be one of pretty, json$/);
  });
});

describe('pretty logs', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startApp('pglite');
    const format = await prettyFormat(false);
    app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig(),
      // What main.ts's prettyStdout writes, gathered here.
      logger: {
        ...(loggerOptions('info') as object),
        stream: { write: (line: string) => lines.push(format(line)) },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('give one line a request: time, level, method, path, status, duration', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/health?year=2026' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: GET \/api\/health\?year=2026 200 \d+ ms\n$/,
    );
  });

  it('show no more than the JSON lines: no token, password or query value outside the allow-list', async () => {
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'someone@de.example', password: 'hunter2-secret', operator_id: 'de' },
    });
    await app.inject({ method: 'GET', url: '/api/v2/membership', headers: bearer('tok-secret-123') });
    await app.inject({ method: 'GET', url: '/?access_token=tok-secret-456&checkout_id=c1' });
    expect(lines).toHaveLength(3);
    const log = lines.join('');
    expect(log).toContain('POST /api/auth/authenticate 401');
    expect(log).toContain('GET /api/v2/membership 401');
    expect(log).toContain('GET /?access_token=[redacted]&checkout_id=c1');
    expect(log).not.toContain('hunter2-secret');
    expect(log).not.toContain('tok-secret');
  });

  it('name a failure by its kind and code, never its message or parameters', async () => {
    await t.db.execute(sql`alter table members rename column username to username_gone`);
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'Secret.Person@Example.org', password: 'hunter2-secret', operator_id: 'de' },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('POST /api/auth/authenticate 500');
    expect(log).toContain('DrizzleQueryError');
    expect(log).toContain('42703');
    expect(log.toLowerCase()).not.toContain('secret.person');
    expect(log).not.toContain('hunter2');
    expect(log.toLowerCase()).not.toContain('failed query');
  });
});
