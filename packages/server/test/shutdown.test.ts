import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { createLifecycle } from '../src/http/lifecycle.ts';
import { drainAndClose } from '../src/shutdown.ts';
import { type OpenedDb, openTestDatabase, testConfig } from './support/harness.ts';

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; at: number }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, at: Date.now() }),
        );
      })
      .on('error', reject);
  });
}

describe('draining on SIGTERM (shutdown.ts)', () => {
  let app: FastifyInstance;
  let database: OpenedDb;
  const lifecycle = createLifecycle();
  const order: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({
      db: database.db,
      clock: systemClock,
      config: testConfig(),
      logger: false,
      lifecycle,
    });
  });

  it('answers the request in flight with Connection: close, refuses new connections, then stops closers and the pool in order', async () => {
    app.get('/api/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      order.push('slow answered');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    // One idle keep-alive connection, as nginx keeps them.
    expect((await get(port, '/api/health/live', agent)).connection).toBe('keep-alive');

    const slow = get(port, '/api/test/slow', agent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = drainAndClose({
      app,
      lifecycle,
      settings: { graceMs: 300, timeoutMs: 5000 },
      closers: [
        { name: 'worker', close: async () => void order.push('worker stopped') },
        { name: 'failing', close: async () => Promise.reject(new Error('boom')) },
      ],
      closeDatabase: async () => {
        order.push('pool released');
        await database.close();
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lifecycle.draining).toBe(true);
    const fresh = new http.Agent({ keepAlive: false });
    await expect(get(port, '/api/health/live', fresh)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    await drained;
    expect(order).toEqual(['slow answered', 'worker stopped', 'pool released']);
    agent.destroy();
    fresh.destroy();
  });
});
