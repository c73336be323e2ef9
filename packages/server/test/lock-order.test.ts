import { randomBytes } from 'node:crypto';
import { Membership } from '@portal/contract';
import { DEMO_PASSWORD } from '@portal/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionConflicts } from '../src/db/retry.ts';
import { bearer, startApp, type TestApp } from './support/harness.ts';

// One lock order for every writer of a member's rows, and conflicts retried (ADR 033,
// docs/security.md, R3). PGlite has a single connection: its transactions never overlap,
// so only PostgreSQL can deadlock.
describe.runIf(process.env.DATABASE_URL)('concurrent writes of one member on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('answers profile saves, password changes and events sent at once without a 5xx', async () => {
    const token = await t.signIn('active', 'de');
    const { profile } = Membership.parse((await call('GET', '/v2/membership', token)).json());
    const save = (n: number) =>
      call('PATCH', '/v1/membership/profile', token, {
        email: profile.email,
        address: {
          street: `Teststraße ${n}`,
          postal_code: profile.address.postal_code,
          postal_location: profile.address.postal_location,
        },
        mobile: profile.mobile,
      });
    const event = () =>
      call('POST', '/v1/membership/event', token, { action: 'update_credit_card', status: 'in_progress' });
    const conflictsBefore = transactionConflicts.count;
    let password = DEMO_PASSWORD;
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      const next = `Lock-order ${randomBytes(6).toString('hex')} horse`;
      const answers = await Promise.all([
        event(),
        save(2 * round),
        event(),
        call('POST', '/v1/membership/password', token, { current_password: password, new_password: next }),
        event(),
        save(2 * round + 1),
        event(),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
      // The change answered 204 or was refused by the limit; the next round uses what holds.
      if (answers[3]!.statusCode === 204) password = next;
    }
    expect(statuses).toHaveLength(56);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 204).length).toBeGreaterThanOrEqual(40);
    // Not one deadlock to retry: every writer takes the member's locks in one order.
    expect(transactionConflicts.count - conflictsBefore).toBe(0);
  });
});
