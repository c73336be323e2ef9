import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { ErrorBody } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestUnknownReset, startApp, type TestApp } from './support/harness.ts';

// A Redis that does not answer neither holds requests nor turns the request limits off:
// each process counts alone until it answers again (docs/security.md, R4).

/** A server that accepts connections and never answers, like a hung Redis. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: connecting is refused. */
async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `redis://127.0.0.1:${port}`;
}

const reset = requestUnknownReset;

/** The reset limit (30 per address in 15 minutes) still holds, and no answer waits on Redis. */
async function limitStillHolds(t: TestApp) {
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    const res = await reset(t);
    expect(res.statusCode).toBe(204);
    expect(performance.now() - started).toBeLessThan(1000);
  }
  const started = performance.now();
  const refused = await reset(t);
  expect(performance.now() - started).toBeLessThan(1000);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(ErrorBody.parse(refused.json()).errors[0]?.type).toBe('rate_limited');
}

async function readiness(t: TestApp) {
  const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
  expect(live.statusCode).toBe(200);
  return { status: ready.statusCode, body: ready.json() };
}

const prefix = () => `portal-test-${randomBytes(4).toString('hex')}:`;

describe('request limits when Redis does not answer', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let t: TestApp;
  beforeAll(async () => {
    silent = await silentServer();
    t = await startApp('pglite', { config: { redisUrl: silent.url, redisKeyPrefix: prefix() } });
  });
  afterAll(async () => {
    await t?.close();
    await silent?.close();
  });

  it('answers at once and still refuses what is over the limit', async () => {
    await limitStillHolds(t);
  });

  it('stays ready and says that Redis is down', async () => {
    expect(await readiness(t)).toEqual({ status: 200, body: { status: 'ok', redis: 'down' } });
  });
});

describe('request limits when Redis refuses connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { config: { redisUrl: await refusedUrl(), redisKeyPrefix: prefix() } });
  });
  afterAll(() => t?.close());

  it('still refuses what is over the limit', async () => {
    await limitStillHolds(t);
  });

  it('stays ready and says that Redis is down', async () => {
    expect(await readiness(t)).toEqual({ status: 200, body: { status: 'ok', redis: 'down' } });
  });
});

describe.runIf(process.env.REDIS_URL)('readiness with a Redis that answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', {
      config: { redisUrl: process.env.REDIS_URL ?? '', redisKeyPrefix: prefix() },
    });
  });
  afterAll(() => t?.close());

  it('says that Redis is up, and counts there', async () => {
    expect(await readiness(t)).toEqual({ status: 200, body: { status: 'ok', redis: 'up' } });
    await limitStillHolds(t);
  });
});
