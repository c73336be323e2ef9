import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ErrorBody, endpoints } from '@portal/contract';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { fixedClock } from '../src/clock.ts';
import { PRERENDER_SCRIPT } from '../src/plugins/prerendered.ts';
import type { Db } from '../src/db/client.ts';
import { bearer, databases, startApp, type TestApp, testConfig } from './support/harness.ts';

const expectErrorBody = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.status).toBe(status);
  return body;
};

describe.each(databases())('malformed input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, {
      config: {
        signInLimits: {
          perIpAndUsername: 1000,
          perIp: 100000,
          windowMs: 60_000,
          delay: { afterFailures: 1000, baseMs: 0, maxMs: 0 },
          noticeAfter: 1000,
        },
      },
    });
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: string, contentType = 'application/json', headers = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...headers } });

  it('answers health 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers bad JSON, an empty body and a wrong content type with 400 invalid_request', async () => {
    for (const [payload, type] of [
      ['{"username": "a",', 'application/json'],
      ['', 'application/json'],
      ['username=a&password=b', 'application/x-www-form-urlencoded'],
      ['hello', 'text/plain'],
      ['{"__proto__": {"x": 1}, "username": "a"}', 'application/json'],
      ['[1,2,3]', 'application/json'],
      ['null', 'application/json'],
    ] as const) {
      const body = expectErrorBody(await post('/api/auth/authenticate', payload, type), 400);
      expect(body.errors[0]?.type, `${type}: ${payload}`).toBe('invalid_request');
    }
  });

  it('names missing fields, unknown fields and wrong types in context.field', async () => {
    const missing = expectErrorBody(
      await post('/api/auth/authenticate', '{"username":"a","password":"b"}'),
      400,
    );
    expect(missing.errors.map((e) => e.context?.field)).toEqual(['body.operator_id']);
    const unknown = expectErrorBody(
      await post('/api/auth/authenticate', '{"username":"a","password":"b","operator_id":"de","admin":true}'),
      400,
    );
    expect(unknown.errors.map((e) => e.context?.field)).toEqual(['body.admin']);
    const wrongType = expectErrorBody(
      await post('/api/auth/authenticate', '{"username":1,"password":"b","operator_id":"se"}'),
      400,
    );
    expect(wrongType.errors.map((e) => e.context?.field).sort()).toEqual([
      'body.operator_id',
      'body.username',
    ]);
  });

  it('refuses a body over 64 KB with 400, not 413 or a 5xx', async () => {
    const huge = JSON.stringify({ username: 'a'.repeat(70 * 1024), password: 'b', operator_id: 'de' });
    expectErrorBody(await post('/api/auth/authenticate', huge), 400);
  });

  it('refuses NUL characters (which PostgreSQL cannot store) with 400', async () => {
    const body = expectErrorBody(
      await post(
        '/api/auth/authenticate',
        JSON.stringify({ username: 'a\u0000b', password: 'x', operator_id: 'de' }),
      ),
      400,
    );
    expect(body.errors[0]?.context?.field).toBe('body.username');
    const token = await t.signIn('active', 'de');
    const event = await post(
      '/api/v1/membership/event',
      JSON.stringify({ action: 'view', status: 'success', details: { 'k\u0000': 1 } }),
      'application/json',
      bearer(token),
    );
    expectErrorBody(event, 400);
  });

  it('answers unknown API paths and methods with a 404 error body that does not echo the path', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api'],
      ['DELETE', '/api/v2/membership'],
      ['PATCH', '/somewhere'],
      ['GET', '/api/echo-marker-<script>?q=echo-marker'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expectErrorBody(res, 404);
      expect(res.body).not.toContain('nope');
      expect(res.body).not.toContain('echo-marker');
      expect(res.body).not.toContain('somewhere');
    }
  });

  it('answers an over-long path parameter or a malformed address with a 400 error body', async () => {
    const token = await t.signIn('active', 'de');
    const headers = { authorization: `Bearer ${token}` };
    const long = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/membership/freeze_periods/${'x'.repeat(300)}`,
      headers,
    });
    expectErrorBody(long, 400);
    // Where no route takes the parameter (another method, a trailing segment) it is a 400 too,
    // never a 404 that echoes it.
    for (const [method, url] of [
      ['PUT', `/api/v1/membership/freeze_periods/${'x'.repeat(300)}`],
      ['GET', `/api/v1/membership/invoices/${'x'.repeat(300)}/refund`],
      ['GET', `/api/v2/membership/${'x'.repeat(300)}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      const body = expectErrorBody(res, 400);
      expect(body.errors[0]?.context?.field).toBe('path');
      expect(res.body).not.toContain('xxxxxxxx');
    }
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/membership/invoices/%E0%A4%A',
      headers,
    });
    expectErrorBody(malformed, 400);
  });

  it('never answers a 5xx or a body outside the contract for any authenticate body (property)', async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom('de', 'at', 'ch', 'no', 'fi'),
      fc.jsonValue(),
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ username: field, password: field, operator_id: field, extra: field }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.ipV4(), async (value, ip) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/authenticate',
          payload: JSON.stringify(value) ?? '',
          headers: { 'content-type': 'application/json' },
          remoteAddress: ip,
        });
        expect([400, 401, 429]).toContain(res.statusCode);
        expect(ErrorBody.parse(res.json()).status).toBe(res.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  it('never answers a 5xx for raw bytes sent as JSON (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (raw) => {
        const res = await post('/api/auth/reset', raw);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 204) ErrorBody.parse(res.json());
      }),
      { numRuns: 100 },
    );
  });
});

/** Sends bytes as they are on a socket to the listening app and reads the answer until it closes. */
function rawRequest(port: number, bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split(/\r\n\r\n(.*)/s, 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
    socket.setTimeout(5000, () => socket.destroy());
    socket.end(bytes);
  });
}

describe('framing errors on a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startApp('pglite', { seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('answers every request Node or Fastify refuse before routing with a 4xx and the error body', async () => {
    const cases: [string, string, number][] = [
      ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
      ['a request line with an extra word', 'GET /api/health HTTP/1.1 extra\r\nHost: a\r\n\r\n', 400],
      ['an unknown HTTP version', 'GET /api/health HTTP/9.9\r\nHost: a\r\n\r\n', 400],
      ['a path that is not one', 'GET nowhere HTTP/1.1\r\nHost: a\r\n\r\n', 400],
      [
        'a Content-Length that is no number',
        'POST /api/auth/reset HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
        400,
      ],
      [
        'two Content-Lengths',
        'POST /api/auth/reset HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
        400,
      ],
      [
        'Content-Length with chunked encoding',
        'POST /api/auth/reset HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      ['a malformed header', 'GET /api/health HTTP/1.1\r\nHost: a\r\nno colon here\r\n\r\n', 400],
      [
        'headers over the size limit',
        `GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
      ],
      ['HTTP/1.1 without Host', 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
      [
        'an over-long path parameter',
        `GET /api/v1/membership/invoices/${'x'.repeat(300)} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`,
        400,
      ],
    ];
    for (const [what, bytes, status] of cases) {
      const res = await rawRequest(port, bytes);
      expect(res.status, what).toBe(status);
      expect(res.headers, what).toMatch(/content-type: application\/json/i);
      const body = ErrorBody.parse(JSON.parse(res.body));
      expect(body.status, what).toBe(status);
      expect(body.errors[0]?.type, what).toBe('invalid_request');
    }
  });

  it('still answers HTTP/1.0 without Host, and a well-formed request after the refused ones', async () => {
    expect((await rawRequest(port, 'GET /api/health HTTP/1.0\r\n\r\n')).status).toBe(200);
    const ok = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ status: 'ok' });
  });
});

describe('health', () => {
  it('answers 503 when the database does not answer', async () => {
    const down = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    const app = await buildApp({
      db: down,
      clock: fixedClock('2026-11-22T10:00:00Z'),
      config: testConfig(),
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    await app.close();
  });
});

// The one inline script the CSP allows: that of a prerendered page, by its hash.
const scriptHash = `'sha256-${createHash('sha256').update(PRERENDER_SCRIPT).digest('base64')}'`;

describe('security headers', () => {
  // Helmet's headers are worked out once at start (plugins/security.ts): every answer, a
  // success, a refusal or an unknown path, carries the whole set, HSTS in production only.
  const HELMET = {
    'content-security-policy':
      `default-src 'self';script-src 'self' ${scriptHash};style-src 'self' 'unsafe-inline';img-src 'self' data:;` +
      "font-src 'self' data:;connect-src 'self';frame-src 'self';object-src 'none';base-uri 'self';" +
      "form-action 'self';frame-ancestors 'self'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it.each([false, true])('sends helmet’s headers on every answer (production: %s)', async (isProduction) => {
    const app = await buildApp({
      db: { execute: async () => [] } as unknown as Db,
      clock: fixedClock('2026-11-22T10:00:00Z'),
      config: testConfig({ isProduction }),
      logger: false,
    });
    for (const url of ['/api/health', '/api/v2/membership', '/api/nothing-here']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(HELMET);
      expect(res.headers['strict-transport-security'], url).toBe(
        isProduction ? 'max-age=31536000; includeSubDomains' : undefined,
      );
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      // Helmet sets none; the portal turns off what it never uses (docs/security.md, R11).
      expect(res.headers['permissions-policy'], url).toMatch(/(^|, )camera=\(\)(,|$)/);
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
    }
    await app.close();
  });
});

describe('app shell, docs and dev tools', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'themes', 'no'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Portal</title><!-- <meta name="portal-operator"> --></head><body><div id="root"></div></body></html>',
    );
    // What packages/web's build writes: the logged-out pages rendered per operator and language.
    const prerendered = (operator: string, locale: string, pagePath: string) => ({
      operator,
      locale,
      path: pagePath,
      title: `${pagePath} & more in ${locale}`,
      html: `<main>${operator} ${locale} ${pagePath}</main>`,
    });
    writeFileSync(
      path.join(dist, '.prerendered.json'),
      JSON.stringify({
        pages: [
          prerendered('no', 'nb-NO', '/'),
          prerendered('no', 'en-NO', '/'),
          prerendered('no', 'nb-NO', '/password/reset'),
          prerendered('de', 'en-DE', '/'),
        ],
      }),
    );
    writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'themes', 'no', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startApp('pglite', {
      seed: false,
      config: { webDist: dist, operatorHosts: { 'portal.stride.fi': 'fi' } },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });
  const operatorMeta = (html: string) =>
    [...html.matchAll(/<meta name="portal-operator" content="([a-z]{2})">/g)].map((m) => m[1]);

  it('serves index.html for app routes with the operator of the host name', async () => {
    for (const [host, url, op] of [
      ['no.localhost:8080', '/membership/freeze', 'no'],
      ['localhost:8080', '/', 'de'],
      ['127.0.0.1:8080', '/password/update?token=abc', 'de'],
      ['fi.localhost', '/invoice/123', 'fi'],
      ['portal.stride.fi', '/payment', 'fi'],
      ['ch.localhost:8080', '/index.html', 'ch'],
    ] as const) {
      const res = await page(url, host);
      expect(res.statusCode, `${host}${url}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(operatorMeta(res.body), `${host}${url}`).toEqual([op]);
      expect(res.body.indexOf('portal-operator" content')).toBeLessThan(res.body.indexOf('</head>'));
      // The operator's theme and body font start loading with the page, not after its script.
      expect(res.body).toContain(`<link id="portal-theme" rel="stylesheet" href="/themes/${op}/theme.css">`);
      expect(res.body).toContain(
        `<link rel="preload" href="/themes/${op}/fonts/body-latin.woff2" as="font" type="font/woff2" crossorigin>`,
      );
    }
  });

  it('sends a logged-out page prerendered, in the language of the cookie the app sets or the operator’s first', async () => {
    const get = (url: string, host: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { host, cookie } : { host } });
    const rootOf = (html: string) => html.match(/<div id="root"[^>]*>.*?<\/div>/)?.[0];

    const norwegian = await get('/', 'no.localhost:8080');
    expect(rootOf(norwegian.body)).toBe(
      '<div id="root" data-prerendered="nb-NO"><main>no nb-NO /</main></div>',
    );
    expect(norwegian.body).toContain('<html lang="nb-NO">');
    expect(norwegian.body).toContain('<title>/ &amp; more in nb-NO</title>');
    expect(norwegian.body).toContain('<meta name="portal-prerendered" content="nb-NO">');
    expect(norwegian.body).toContain(`<script>${PRERENDER_SCRIPT}</script>`);
    expect(norwegian.headers.vary).toMatch(/Cookie/i);

    // The member's pick in this browser, when the operator has that language.
    const english = await get('/?x=1', 'no.localhost:8080', 'a=b; portal_locale=en-NO');
    expect(rootOf(english.body)).toBe(
      '<div id="root" data-prerendered="en-NO"><main>no en-NO /</main></div>',
    );
    for (const cookie of ['portal_locale=fi-FI', 'portal_locale=<script>', 'xportal_locale=en-NO']) {
      const other = await get('/', 'no.localhost:8080', cookie);
      expect(rootOf(other.body), cookie).toBe(
        '<div id="root" data-prerendered="nb-NO"><main>no nb-NO /</main></div>',
      );
    }
    expect(rootOf((await get('/password/reset', 'no.localhost')).body)).toContain('/password/reset');

    // Another operator's page is never sent, nor a page for an address not prerendered.
    expect(rootOf((await get('/', 'localhost:8080')).body)).toContain('de en-DE /');
    for (const [url, host] of [
      ['/password/reset', 'localhost:8080'],
      ['/password/update?token=abc', 'no.localhost'],
      ['/membership', 'no.localhost'],
    ] as const) {
      const res = await get(url, host);
      expect(rootOf(res.body), url).toBe('<div id="root"></div>');
      expect(res.body, url).not.toContain('portal-prerendered');
    }
    // The build's file is not one of the files served.
    expect((await get('/.prerendered.json', 'no.localhost')).statusCode).toBe(404);
  });

  it('serves files, hashed assets with a long cache, and 404 for missing files', async () => {
    const asset = await page('/assets/index-Ab12Cd34.js', 'localhost:8080');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await page('/themes/no/logo.svg', 'localhost:8080');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('no-cache');
    expect((await page('/assets/missing-123.js', 'localhost:8080')).statusCode).toBe(404);
    expectErrorBody(await page('/themes/', 'localhost:8080'), 404);
  });

  it('sends security headers with a CSP the built app works with', async () => {
    const res = await page('/', 'localhost:8080');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const auth = doc.paths['/api/auth/authenticate'].post;
    expect(Object.keys(auth.requestBody.content['application/json'].schema.properties)).toEqual([
      'username',
      'password',
      'operator_id',
    ]);
    expect(doc.paths['/api/v2/membership'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/v1/membership/invoices/{id}']).toBeDefined();
    const contractPaths = new Set(
      Object.values(endpoints).map((e) => `/api${e.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    // Every operation lists 431 (headers too large) and 503 (database away); 429 only
    // those with request limits (docs/security.md, R11).
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)
      .filter(([path]) => contractPaths.has(path))
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m} ${path}`, op] as const));
    for (const [name, op] of operations) {
      expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(['431', '503']));
    }
    const limited = operations.filter(([, op]) => '429' in op.responses).map(([name]) => name);
    expect(limited).toEqual(
      expect.arrayContaining([
        'post /api/auth/authenticate',
        'post /api/auth/reset',
        'post /api/v1/door/check_ins',
      ]),
    );
    expect(limited).not.toContain('get /api/v2/membership');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('shows the dev outbox as JSON and as a page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual([]);
    const html = await t.app.inject({ method: 'GET', url: '/api/dev/outbox.html?to=%3Cscript%3E' });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('Dev outbox');
    expect(html.body).not.toContain('<script>');
  });

  it('has no dev outbox in production', async () => {
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig({ isProduction: true, nodeEnv: 'production' }),
      logger: false,
    });
    for (const url of ['/api/dev/outbox', '/api/dev/outbox.html']) {
      expectErrorBody(await app.inject({ method: 'GET', url }), 404);
    }
    await app.close();
  });

  it('keeps tokens and passwords out of the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig(),
      logger: { ...(loggerOptions('info') as object), stream },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'someone@de.example', password: 'hunter2-secret', operator_id: 'de' },
    });
    await app.inject({ method: 'GET', url: '/api/v2/membership', headers: bearer('tok-secret-123') });
    await app.inject({ method: 'GET', url: '/?access_token=tok-secret-456' });
    // A card provider's return to the portal page carries its card token and signature.
    await app.inject({
      method: 'GET',
      url: '/payment/payment-method-updated?checkout_id=c1&reuse_token=tok-secret-789&analytics_token=tok-secret-fp&signature=tok-secret-sig&MAC=tok-secret-mac',
    });
    const log = lines.join('');
    expect(log).toContain('checkout_id=c1');
    expect(log).toContain('/api/auth/authenticate');
    expect(log).not.toContain('hunter2-secret');
    expect(log).not.toContain('tok-secret');
    await app.close();
  });
});

describe.each(databases())('error logs on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startApp(kind);
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig(),
      logger: { ...(loggerOptions('info') as object), stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('logs a failing query by its kind, route and request id, never its parameters', async () => {
    // Every lookup by username now fails, with the username among the query's parameters.
    await t.db.execute(sql`alter table members rename column username to username_gone`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: 'Secret.Person@Example.org', password: 'hunter2-secret', operator_id: 'de' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body.toLowerCase()).not.toContain('secret.person');

    const log = lines.join('').toLowerCase();
    expect(log).not.toContain('secret.person');
    expect(log).not.toContain('hunter2');
    expect(log).not.toContain('failed query');
    expect(log).not.toContain('params');
    const failure = entries().find((e) => e.msg === 'unhandled error');
    expect(failure).toMatchObject({
      reqId: expect.any(String),
      req: { method: 'POST', url: '/api/auth/authenticate', route: '/api/auth/authenticate' },
      err: { type: 'DrizzleQueryError', cause: { code: '42703' } },
    });
    // Allowed keys only: no message, detail, query or params at any level.
    for (let err = failure?.err as Record<string, unknown> | undefined; err; err = err.cause as typeof err) {
      for (const key of Object.keys(err))
        expect(['type', 'code', 'statusCode', 'cause', 'stack']).toContain(key);
    }
  });

  it('logs a failing job (the reset mail: address, subject, link with its token) by its kind only', async () => {
    await t.db.execute(sql`alter table members rename column username_gone to username`);
    // Writing a mail fails now, with the address and the body (the reset link) as parameters.
    await t.db.execute(sql`alter table outbox rename column body to body_gone`);
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: {
        operator_id: 'de',
        username: 'active@de.example',
        url: 'http://de.localhost:8080/',
        locale: 'de-DE',
      },
    });
    expect(res.statusCode).toBe(204);
    // Reading the outbox runs the due jobs first (and fails itself, the column being gone).
    await app.inject({ method: 'GET', url: '/api/dev/outbox' });

    const log = lines.join('');
    expect(log).not.toContain('@de.example');
    expect(log).not.toContain('password/update');
    expect(log).not.toMatch(/Passwort|token=/);
    expect(entries().find((e) => e.msg === 'job failed, will retry')).toMatchObject({
      job: { kind: 'password_reset', attempts: 1 },
      err: { type: 'DrizzleQueryError', cause: { code: '42703' } },
    });
  });
});
