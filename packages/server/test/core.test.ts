import { DEMO_PASSWORD, demoUsername, PERSONAS } from '@portal/demo-data';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  type AppDeps,
  ApiError,
  createCardGateways,
  createJobQueue,
  createServices,
  memoryMetrics,
  mutableClock,
  parseConfig,
  plainHost,
  sandboxMailer,
  sandboxSms,
  seedIfEmpty,
  wasmPasswordHasher,
} from '../src/core.ts';
import { openTestDatabase } from './support/harness.ts';

// What core.ts gives a host without Node: the configuration parsed from an env record with
// the same schemas as loadConfig, and metrics counted in memory.

describe('the core for other hosts', () => {
  it('parses an env record as loadConfig does, with the host’s paths and name', () => {
    const env = { NODE_ENV: 'test', PORTAL_CLOCK: '2026-03-15T10:00:00Z', SIGN_IN_LIMIT_PER_IP: '7' };
    const parsed = parseConfig(env);
    const loaded = loadConfig(env, false);
    const hostOnly = ['dataDir', 'webDist', 'instanceId', 'publicCancellation'] as const;
    const without = (config: object) =>
      Object.fromEntries(
        Object.entries(config).filter(([key]) => !(hostOnly as readonly string[]).includes(key)),
      );
    expect(without(parsed)).toEqual(without(loaded));
    expect(parsed).toMatchObject({ dataDir: 'data', webDist: 'packages/web/dist', instanceId: 'portal' });
    // A random key per process outside production, as in Node.
    expect(parsed.publicCancellation.ipHashKey).toMatch(/^[0-9a-f]{64}$/);
    expect(() => parseConfig({ PORT: 'eighty' }, plainHost)).toThrow(/PORT must be a port number/);
  });

  it('counts metrics in memory', () => {
    const metrics = memoryMetrics();
    metrics.signInFailures.inc({ operator: 'de' });
    metrics.signInFailures.inc({ operator: 'de' });
    metrics.delivery.delivered('email');
    metrics.delivery.failed('sms', 'timeout', true);
    metrics.readModel.read('cache');
    metrics.readModel.listening(true);
    expect(metrics.counts()).toEqual({
      signInFailures: { de: 2 },
      delivered: { email: 1 },
      deliveryFailures: { 'sms timeout true': 1 },
      readModelReads: { cache: 1 },
      readModelListening: true,
    });
  });
});

describe('the core without the Node shell', () => {
  it('seeds with the WebAssembly hasher and signs a demo member in through the services', async () => {
    const opened = await openTestDatabase('pglite');
    try {
      const clock = mutableClock('2026-11-22T10:00:00Z');
      expect(await seedIfEmpty(opened.db, clock, wasmPasswordHasher)).toBe(true);
      const config = parseConfig({ NODE_ENV: 'test' });
      const metrics = memoryMetrics();
      const silent = { error() {}, warn() {}, info() {}, debug() {} };
      const deps: AppDeps = {
        db: opened.db,
        clock,
        config,
        mailer: sandboxMailer(clock),
        sms: sandboxSms(clock),
        cardGateways: createCardGateways(config.cards),
        wallClock: Date.now,
        jobs: createJobQueue(opened.db, { wallClock: Date.now, log: silent }),
        metrics,
        passwords: wasmPasswordHasher,
      };
      const services = createServices(deps);
      const username = demoUsername(PERSONAS[0]!, 'de');
      const { token } = await services.auth.authenticate(
        { operator_id: 'de', username, password: DEMO_PASSWORD },
        '192.0.2.1',
      );
      expect(token).toMatch(/^[\w-]{43}$/);
      await expect(
        services.auth.authenticate(
          { operator_id: 'de', username, password: 'not the password' },
          '192.0.2.1',
        ),
      ).rejects.toBeInstanceOf(ApiError);
      expect(metrics.counts().signInFailures).toEqual({ de: 1 });
      await deps.jobs.stop();
    } finally {
      await opened.close();
    }
  }, 60_000);
});
