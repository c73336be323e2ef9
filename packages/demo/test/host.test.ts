import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DEMO_PASSWORD, demoUsername } from '@portal/demo-data';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoHost, type DemoHost, type DemoRequest } from '../src/index.ts';

// The demo's host on PGlite in Node, as the browser's worker runs it: the server's
// migrations, seed, endpoint table and sandboxes. What the server answers is the server's
// tests'; here: that the host wires them to the page (its links, card pages, messages).
const journal = createRequire(import.meta.url).resolve('@portal/server/drizzle/meta/_journal.json');
const migrations = readMigrationFiles({ migrationsFolder: path.dirname(path.dirname(journal)) });
const PAGE = { origin: 'https://demo.example', pathname: '/demo-base/' };
const NOW = new Date('2026-11-20T10:00:00Z');

let client: PGlite;
let host: DemoHost;
const steps: string[] = [];

const request = (
  name: DemoRequest['name'],
  method: string,
  url: string,
  { token, body, params = {} }: { token?: string; body?: unknown; params?: Record<string, string> } = {},
): DemoRequest => ({
  name,
  method,
  url: `${PAGE.origin}${PAGE.pathname}api${url}`,
  params,
  headers: {
    'content-type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  },
  body: body === undefined ? null : JSON.stringify(body),
});

async function signIn(persona: string, operator = 'de'): Promise<string> {
  const answer = await host.call(
    request('authenticate', 'POST', '/auth/authenticate', {
      body: {
        username: demoUsername(persona as 'active', operator as 'de'),
        password: DEMO_PASSWORD,
        operator_id: operator,
      },
    }),
  );
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

beforeAll(async () => {
  client = new PGlite();
  host = await createDemoHost({
    client,
    migrations,
    page: PAGE,
    now: () => NOW,
    progress: (s) => steps.push(s),
  });
});
afterAll(async () => {
  await client?.close();
});

describe('the demo host', () => {
  it('starts by the steps the page shows, with the seeded members', async () => {
    expect(steps).toEqual(['tables', 'members']);
    const token = await signIn('active');
    const answer = await host.call(request('membership', 'GET', '/v2/membership', { token }));
    expect(answer.status).toBe(200);
    expect((answer.body as { status: string }).status).toBe('active');
  });

  it('answers refusals with the server’s error body: a wrong password, no session, bad input', async () => {
    const wrong = await host.call(
      request('authenticate', 'POST', '/auth/authenticate', {
        body: { username: demoUsername('active', 'de'), password: 'not the password', operator_id: 'de' },
      }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ status: 401, errors: [{ type: 'unauthorized' }] });
    expect((await host.call(request('membership', 'GET', '/v2/membership'))).status).toBe(401);
    const token = await signIn('active');
    const bad = await host.call(
      request('createFreeze', 'POST', '/v1/membership/freeze_periods', { token, body: { nope: 1 } }),
    );
    expect(bad.status).toBe(400);
  });

  it('mails a reset link that opens the demo’s page by its hash route', async () => {
    const answer = await host.call(
      request('resetPassword', 'POST', '/auth/reset', {
        body: {
          username: demoUsername('active', 'de'),
          operator_id: 'de',
          url: PAGE.origin,
          locale: 'de-DE',
        },
      }),
    );
    expect(answer.status).toBe(204);
    const [mail] = await host.messages();
    expect(mail?.channel).toBe('email');
    expect(mail?.body).toContain(`${PAGE.origin}${PAGE.pathname}#/password/update?token=`);
  });

  it('opens the card provider’s page in the demo and returns a signed card the portal registers', async () => {
    const token = await signIn('active');
    const opened = await host.call(request('verifoneUrl', 'GET', '/v1/membership/verifone_url', { token }));
    expect(opened.status).toBe(200);
    expect(opened.wrote).toBe(true);
    const url = new URL((opened.body as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PAGE.origin}${PAGE.pathname}`);
    // The page's language goes with its address, as a provider's language parameter.
    const [, provider, checkoutId, locale] =
      /^#\/demo\/card\/([^/]+)\/([^?]+)\?locale=([\w-]+)$/.exec(url.hash) ?? [];
    expect(provider).toBe('verifone');
    expect(locale).toMatch(/^[a-z]{2}-DE$/);
    const page = await host.cardSandbox('open', provider!, decodeURIComponent(checkoutId!), {});
    expect(page.step.kind).toBe('form');
    const refused = await host.cardSandbox('submit', provider!, decodeURIComponent(checkoutId!), {
      card_number: '1234',
      expiry: '12/40',
      cvc: '123',
    });
    expect(refused.step).toMatchObject({ kind: 'form', status: 400 });
    const done = await host.cardSandbox('submit', provider!, decodeURIComponent(checkoutId!), {
      card_number: '4111111111111111',
      expiry: '12/40',
      cvc: '123',
    });
    if (done.step.kind !== 'return') throw new Error(`expected the return, got ${done.step.kind}`);
    const back = new URL(done.step.url);
    const [route, query] = back.hash.slice(1).split('?');
    expect(route).toBe('/payment/payment-method-updated');
    const params = Object.fromEntries(new URLSearchParams(query));
    const view = await host.call(request('membership', 'GET', '/v2/membership', { token }));
    const locationId = (view.body as { location: { id: string } }).location.id;
    const registered = await host.call(
      request('verifoneCreditCard', 'POST', '/v1/membership/verifone_credit_card', {
        token,
        body: { ...params, location_id: locationId },
      }),
    );
    expect(registered.status).toBe(200);
  });

  it('answers the PT provider’s widget API with a widget session’s token', async () => {
    const token = await signIn('active');
    const session = await host.call(
      request('ptWidgetSession', 'POST', '/v1/pt/widget_session', { token, body: { widget: 'package_buy' } }),
    );
    expect(session.status).toBe(200);
    const widgetToken = (session.body as { token: string }).token;
    const packages = await host.ptSandbox({
      method: 'GET',
      url: `${PAGE.origin}${PAGE.pathname}api/dev/pt/v1/packages`,
      params: {},
      headers: { authorization: `Bearer ${widgetToken}` },
      body: null,
    });
    expect(packages.status).toBe(200);
    const forged = await host.ptSandbox({
      method: 'GET',
      url: `${PAGE.origin}${PAGE.pathname}api/dev/pt/v1/packages`,
      params: {},
      headers: { authorization: 'Bearer forged.token.here' },
      body: null,
    });
    expect(forged.status).toBe(401);
  });
});
