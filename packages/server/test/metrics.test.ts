import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../src/adapters/delivery/transport.ts';
import { createDeliveryWorker } from '../src/adapters/delivery/worker.ts';
import { outbox } from '../src/db/schema.ts';
import { createMetrics, type Metrics, startMetricsServer } from '../src/metrics.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

const silent = { warn() {}, error() {}, info() {} } as never;

/** The value of one series in the exposition text, e.g. `name{a="b"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(databases())('metrics on %s', (kind) => {
  let t: TestApp;
  let metrics: Metrics;
  let listener: Awaited<ReturnType<typeof startMetricsServer>>;
  let scrapeUrl: string;

  beforeAll(async () => {
    t = await startApp(kind, {
      metrics: (db) => {
        metrics = createMetrics({ db });
        return metrics;
      },
    });
    listener = await startMetricsServer(metrics, { port: 0, host: '127.0.0.1' });
    const address = listener.server.address();
    scrapeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
  });

  const scrape = async () => {
    const res = await fetch(scrapeUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('counts answers and their durations by route pattern and status class, never by raw path', async () => {
    const token = await t.signIn('active', 'de');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect((await get('/api/v2/membership')).statusCode).toBe(200);
    expect((await get('/api/v2/membership')).statusCode).toBe(200);
    expect((await get('/api/v1/membership/invoices/INV-does-not-exist')).statusCode).toBe(404);

    const text = await scrape();
    const membership = 'method="GET",route="/api/v2/membership",status_class="2xx"';
    expect(sample(text, `portal_http_requests_total{${membership}}`)).toBe(2);
    expect(sample(text, `portal_http_request_duration_seconds_count{${membership}}`)).toBe(2);
    expect(sample(text, `portal_http_request_duration_seconds_bucket{le="10",${membership}}`)).toBe(2);
    const invoice = 'method="GET",route="/api/v1/membership/invoices/:id",status_class="4xx"';
    expect(sample(text, `portal_http_requests_total{${invoice}}`)).toBe(1);
    expect(text).not.toContain('INV-does-not-exist');
    expect(
      sample(
        text,
        'portal_http_requests_total{method="POST",route="/api/auth/authenticate",status_class="2xx"}',
      ),
    ).toBe(1);
  });

  it('counts failed sign-ins per operator, without the username', async () => {
    const before = sample(await scrape(), 'portal_sign_in_failures_total{operator="no"}');
    await expect(t.signIn('active', 'no', 'wrong password')).rejects.toThrow();
    await expect(t.signIn('nobody' as never, 'no')).rejects.toThrow();
    const text = await scrape();
    expect(sample(text, 'portal_sign_in_failures_total{operator="no"}')).toBe(before + 2);
    expect(text).not.toContain('@no.example');
  });

  it('shows the outbox backlog (pending, dead) and this instance’s delivery failures by kind', async () => {
    const message = {
      channel: 'sms' as const,
      operatorId: 'de',
      to: '+4915100000001',
      subject: null,
      body: 'x',
    };
    await t.db.insert(outbox).values([
      { ...message, createdAt: new Date() },
      { ...message, createdAt: new Date() },
      { ...message, createdAt: new Date(), status: 'dead' },
    ]);
    let text = await scrape();
    expect(sample(text, 'portal_outbox_messages{status="pending"}')).toBe(2);
    expect(sample(text, 'portal_outbox_messages{status="dead"}')).toBe(1);

    // A provider that answers 503: both pending messages fail once and stay pending.
    const worker = createDeliveryWorker({
      db: t.db,
      settings: {
        pollMs: 1000,
        maxAttempts: 5,
        retryBaseMs: 60_000,
        retryMaxMs: 60_000,
        leaseMs: 60_000,
        batchSize: 10,
      },
      transports: {
        sms: {
          name: 'http',
          send: async () => {
            throw new DeliveryError('http_5xx', false);
          },
          close: async () => {},
        },
      },
      log: silent,
      observer: metrics.delivery,
    });
    await worker.drain();
    await worker.stop();
    text = await scrape();
    expect(
      sample(text, 'portal_outbox_delivery_failures_total{channel="sms",kind="http_5xx",dead="false"}'),
    ).toBe(2);
    expect(sample(text, 'portal_outbox_messages{status="pending"}')).toBe(2);
    expect(text).not.toContain('+4915100000001');
    await t.db.delete(outbox);
  });

  it('serves /metrics only on its own listener, not on the app’s port', async () => {
    // The app's port answers with its web app (or 404), never with the metrics.
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).not.toMatch(/version=0\.0\.4/);
    expect(res.body).not.toContain('portal_http_requests_total');
    const other = await fetch(scrapeUrl.replace('/metrics', '/'));
    expect(other.status).toBe(404);
  });
});
