import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DeliverySettings, loadDeliverySettings } from '../src/adapters/delivery/config.ts';
import { createTransports } from '../src/adapters/delivery/index.ts';
import type { Transport } from '../src/adapters/delivery/transport.ts';
import { createDeliveryWorker, type DeliveryWorker } from '../src/adapters/delivery/worker.ts';
import { outbox } from '../src/db/schema.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.ts';

const silent = { warn() {}, error() {}, info() {} } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databases())('outbox delivery on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let smsUrl: string;
  const workers: DeliveryWorker[] = [];
  const transports: Transport[] = [];
  /** The transports of a test's worker, closed after it (SMTP keeps a pool of connections). */
  const transportsOf = (settings: DeliverySettings) => {
    const made = createTransports(settings);
    transports.push(...Object.values(made));
    return made;
  };

  beforeAll(async () => {
    t = await startApp(kind);
    sink = await startSmtpSink();
    // The app's own SMS sandbox stands in for the provider.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    smsUrl = `${address}/api/dev/sms/messages`;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await Promise.all(transports.splice(0).map((tr) => tr.close()));
    await t.db.delete(outbox);
    sink.received.length = 0;
    sink.refuse(0, 451);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** A worker as an instance runs it, with SMTP to the sink and SMS to the sandbox. */
  function worker(env: Record<string, string> = {}) {
    const settings = loadDeliverySettings(
      {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SMTP_FROM: 'Stride Fitness <no-reply@stride.example>',
        SMTP_FROM_NO: 'Stride Trening <no-reply@stride.example.no>',
        SMTP_TIMEOUT_MS: '2000',
        SMS_API_URL: smsUrl,
        SMS_API_KEY: 'test-key',
        OUTBOX_RETRY_BASE_MS: '200',
        ...env,
      },
      false,
    );
    const w = createDeliveryWorker({ db: t.db, settings, transports: transportsOf(settings), log: silent });
    workers.push(w);
    return w;
  }

  const rows = () => t.db.select().from(outbox).orderBy(outbox.id);
  const resetFor = async (username: string, operator: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: {
        operator_id: operator,
        username,
        url: `http://${operator}.localhost:8080/`,
        locale: 'en-GB',
      },
    });
    expect(res.statusCode).toBe(204);
    // The dev outbox runs the reset job first: the mail is in the outbox when it answers.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(username)}`,
    });
    expect(listed.json()).toHaveLength(1);
  };

  it('delivers a password-reset mail through SMTP: sender, recipient, subject and the link arrive', async () => {
    await resetFor('active@no.example', 'no');
    const [row] = await rows();
    await worker().drain();

    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual(['active@no.example']);
    expect(mail.from).toBe('"Stride Trening" <no-reply@stride.example.no>');
    expect(mail.subject).toBe(row!.subject);
    expect(mail.text).toMatch(/http:\/\/no\.localhost:8080\/password\/update\?token=[A-Za-z0-9_-]+/);
    expect(mail.messageId).toBe(`<outbox-${row!.id}@stride.example.no>`);

    const [after] = await rows();
    expect(after).toMatchObject({ status: 'delivered', attempts: 1, lastError: null, lockedUntil: null });
    expect(after!.deliveredAt).toBeInstanceOf(Date);
    // The dev outbox still lists it.
    const listed = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=active%40no.example' });
    expect(listed.json()).toHaveLength(1);
  });

  it('sends a phone code by SMS to the provider (the sandbox) with the key and the operator as sender', async () => {
    const token = await t.signIn('cancelled_in_trial', 'no');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/membership/phone_verify',
      headers: bearer(token),
      payload: { domain: 'no.localhost', mobile: '+4741299032' },
    });
    expect(sent.statusCode).toBe(200);
    await worker().drain();

    const arrived = (
      await t.app.inject({ method: 'GET', url: '/api/dev/sms/messages?to=%2B4741299032' })
    ).json();
    const [row] = await rows();
    expect(arrived).toEqual([
      expect.objectContaining({
        to: '+4741299032',
        text: row!.body,
        sender: 'Stride Trening',
        idempotency_key: `outbox-${row!.id}`,
      }),
    ]);
    expect(arrived[0].text).toMatch(/\b\d{6}\b/);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('retries after a transient SMTP refusal, not before the backoff, and delivers once', async () => {
    await resetFor('active@de.example', 'de');
    sink.refuse(1, 451);
    const w = worker();
    await w.drain();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'smtp_4xx', lockedUntil: null });
    expect(sink.received).toHaveLength(0);

    // Not yet due: the first retry waits 100–200 ms (OUTBOX_RETRY_BASE_MS=200 with jitter).
    await w.drain();
    expect((await rows())[0]!.attempts).toBe(1);

    await sleep(250);
    await w.drain();
    [row] = await rows();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
    expect(sink.received.map((m) => m.to)).toEqual([['active@de.example']]);
  });

  it('gives a message up as dead after the configured tries, and at once when the server refuses it for good', async () => {
    await resetFor('active@de.example', 'de');
    sink.refuse(100, 451);
    const w = worker({ OUTBOX_MAX_ATTEMPTS: '3', OUTBOX_RETRY_BASE_MS: '10' });
    for (let i = 0; i < 20 && (await rows())[0]!.status === 'pending'; i++) {
      await w.drain();
      await sleep(25);
    }
    expect((await rows())[0]).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'smtp_4xx',
      deliveredAt: null,
    });
    // Dead stays dead: later runs do not try it again.
    await w.drain();
    expect((await rows())[0]!.attempts).toBe(3);

    await t.db.delete(outbox);
    await resetFor('active@at.example', 'at');
    sink.refuse(1, 550);
    await w.drain();
    expect((await rows())[0]).toMatchObject({ status: 'dead', attempts: 1, lastError: 'smtp_5xx' });
    expect(sink.received).toHaveLength(0);
  });

  it('leaves the messages of a channel without a provider queued (production without SMTP)', async () => {
    await resetFor('in_trial@de.example', 'de');
    const settings = loadDeliverySettings({ SMS_API_URL: 'https://sms.example', SMS_API_KEY: 'k' }, true);
    expect(settings.email.mode).toBe('off');
    const w = createDeliveryWorker({ db: t.db, settings, transports: transportsOf(settings), log: silent });
    workers.push(w);
    await w.drain();
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 0, deliveredAt: null });
  });

  it('takes again a message whose claim was never finished (a crashed instance), once its lease ran out', async () => {
    await resetFor('in_trial@de.example', 'de');
    // As a crashed instance leaves it: claimed, lease running, never marked.
    await t.db
      .update(outbox)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 hour'` as never })
      .where(eq(outbox.status, 'pending'));
    const w = worker();
    await w.drain();
    expect(sink.received).toHaveLength(0);
    await t.db.update(outbox).set({ lockedUntil: sql`now() - interval '1 second'` as never });
    await w.drain();
    expect(sink.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('stops as an instance drains: the send in flight is finished and recorded, the rest given back untried', async () => {
    for (const op of ['de', 'at', 'ch']) await resetFor(`active@${op}.example`, op);
    let release: () => void = () => {};
    const sent: number[] = [];
    const w = createDeliveryWorker({
      db: t.db,
      settings: loadDeliverySettings({}, false),
      transports: {
        email: {
          name: 'smtp',
          send: (message) =>
            new Promise<void>((resolve) => {
              sent.push(message.id);
              release = resolve;
            }),
          close: async () => {},
        },
      },
      log: silent,
      concurrency: 1,
    });
    const running = w.drain();
    for (let i = 0; i < 100 && sent.length === 0; i++) await sleep(10);
    const stopping = w.stop();
    release();
    await Promise.all([running, stopping]);

    const after = await rows();
    expect(sent).toHaveLength(1);
    expect(after.find((r) => r.id === sent[0])).toMatchObject({ status: 'delivered', attempts: 1 });
    // The others are free for another instance at once, and their claim did not count as a try.
    const rest = after.filter((r) => r.id !== sent[0]);
    expect(rest).toHaveLength(2);
    for (const r of rest) expect(r).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  });

  /** SMTP to the sink, polling every 10 minutes: only a notification wakes the worker in a test. */
  const pollingRarely = () =>
    loadDeliverySettings(
      {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SMTP_FROM: 'no-reply@stride.example',
        OUTBOX_POLL_MS: '600000',
      },
      false,
    );

  it('wakes up on a new message through the database notification, not its next poll', async () => {
    const settings = pollingRarely();
    const w = createDeliveryWorker({
      db: t.db,
      settings,
      transports: transportsOf(settings),
      log: silent,
      listen: t.listen,
    });
    workers.push(w);
    w.start();
    await w.drain();
    await resetFor('in_freeze@de.example', 'de');
    // Up to 10 s on a busy machine: far inside the 10-minute poll, so only the notification can
    // have woken the worker.
    for (let i = 0; i < 200 && sink.received.length === 0; i++) await sleep(50);
    expect(sink.received.map((m) => m.to)).toEqual([['in_freeze@de.example']]);
  });

  it('delivers a message written while its notification was being set up, without waiting for a poll', async () => {
    const settings = pollingRarely();
    let listening!: () => void;
    const setUp = new Promise<void>((resolve) => {
      listening = resolve;
    });
    const w = createDeliveryWorker({
      db: t.db,
      settings,
      transports: transportsOf(settings),
      log: silent,
      // LISTEN takes effect only after the message is written: its notification reaches no one.
      listen: async (channel, onNotify) => {
        await setUp;
        return t.listen(channel, onNotify);
      },
    });
    workers.push(w);
    w.start();
    await sleep(200);
    await resetFor('in_cancellation@de.example', 'de');
    expect(sink.received).toEqual([]);
    listening();
    for (let i = 0; i < 200 && sink.received.length === 0; i++) await sleep(50);
    expect(sink.received.map((m) => m.to)).toEqual([['in_cancellation@de.example']]);
  });
});

/** LISTEN as Database.listen does: PGlite's own API, or a connection of its own on PostgreSQL. */

describe('delivery settings', () => {
  const load =
    (env: Record<string, string>, production = true) =>
    () =>
      loadDeliverySettings(env, production);

  it('refuses an incomplete or unsafe configuration at start, without repeating a secret', () => {
    expect(load({ SMTP_URL: 'smtp://user:pw-secret-1@relay.example:587' })).toThrow(/SMTP_FROM/);
    expect(load({ SMTP_URL: 'http://user:pw-secret-1@relay.example', SMTP_FROM: 'a@x.example' })).toThrow(
      /^SMTP_URL must be a smtp: or smtps: URL$/,
    );
    expect(load({ SMS_API_URL: 'https://sms.example/send' })).toThrow(/SMS_API_KEY is required/);
    expect(load({ SMS_API_URL: 'http://sms.example/send', SMS_API_KEY: 'k' })).toThrow(
      /SMS_API_URL must be a https: URL/,
    );
    expect(
      load({
        SMS_API_URL: 'https://sms.example',
        SMS_API_KEY: 'k',
        SMS_TIMEOUT_MS: '10000',
        OUTBOX_LEASE_MS: '15000',
      }),
    ).toThrow(/more than twice the longest send/);
  });

  it('keeps messages in the sandbox outside production and holds them back in production until configured', () => {
    expect(loadDeliverySettings({}, false)).toMatchObject({
      email: { mode: 'sandbox' },
      sms: { mode: 'sandbox' },
    });
    expect(loadDeliverySettings({}, true)).toMatchObject({ email: { mode: 'off' }, sms: { mode: 'off' } });
    const configured = loadDeliverySettings(
      { SMTP_HOST: 'relay.example', SMTP_FROM: 'a@x.example', SMTP_FROM_FI: 'b@y.example' },
      true,
    );
    expect(configured.email).toMatchObject({ mode: 'smtp', smtp: { host: 'relay.example', port: 587 } });
    expect(configured.email.mode === 'smtp' && configured.email.from).toMatchObject({
      de: 'a@x.example',
      fi: 'b@y.example',
    });
  });
});
