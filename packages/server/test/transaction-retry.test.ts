import { ErrorBody } from '@portal/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { retryConflicts } from '../src/db/retry.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';

/** What drizzle throws for a failed query: its own error, the driver's as `cause`. */
const conflict = (code: string) =>
  Object.assign(new Error('Failed query: update …'), {
    cause: Object.assign(new Error('deadlock'), { code }),
  });

const noWait = { attempts: 4, baseMs: 25, sleep: async () => {} };

describe('transactions that PostgreSQL aborted for a conflict (ADR 033)', () => {
  it('runs a transaction again after a deadlock or serialization failure, with growing jittered waits', async () => {
    const waits: number[] = [];
    let runs = 0;
    const answer = await retryConflicts(
      async () => {
        runs++;
        if (runs === 1) throw conflict('40P01');
        if (runs === 2) throw conflict('40001');
        return 'committed';
      },
      { ...noWait, sleep: async (ms) => waits.push(ms), random: () => 1 },
    );
    expect(answer).toBe('committed');
    expect(runs).toBe(3);
    expect(waits).toEqual([25, 50]);
  });

  it('does not run again for any other error', async () => {
    let runs = 0;
    const unique = Object.assign(new Error('duplicate'), { code: '23505' });
    await expect(
      retryConflicts(async () => {
        runs++;
        throw unique;
      }, noWait),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });

  it('answers 503 with Retry-After and the error body when every run collided', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    let runs = 0;
    app.post('/api/write', async () =>
      retryConflicts(async () => {
        runs++;
        throw conflict('40P01');
      }, noWait),
    );
    const res = await app.inject({ method: 'POST', url: '/api/write' });
    expect(runs).toBe(4);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('service_unavailable');
    await app.close();
  });
});
