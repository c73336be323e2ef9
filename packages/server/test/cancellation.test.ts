import { CancellationPolicy, CancellationResult, ErrorBody, Membership } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

describe.each(databases())('cancellation and reactivation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    token: string,
    payload?: string | object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const membership = async (token: string) =>
    Membership.parse((await call('GET', '/v2/membership', token)).json());
  const policy = async (token: string) =>
    CancellationPolicy.parse((await call('GET', '/v1/membership/policies/cancellation', token)).json());
  const errorTypes = (res: { json(): unknown }) => ErrorBody.parse(res.json()).errors.map((e) => e.type);

  it('gives the notice period to a month end and no errors for an active member', async () => {
    const p = await policy(await t.signIn('active', 'de'));
    expect(p.cancellation_months).toBe(1);
    expect(p.membership.errors).toEqual([]);
    expect(p.membership.calculated_end_date! >= '2026-12-31').toBe(true);
  });

  it('lists why a membership cannot be cancelled', async () => {
    expect((await policy(await t.signIn('in_freeze', 'at'))).membership.errors.map((e) => e.type)).toEqual([
      'cancel_in_freeze_not_allowed',
    ]);
    expect(
      (await policy(await t.signIn('scheduled_freeze', 'at'))).membership.errors.map((e) => e.type),
    ).toEqual(['cancel_with_scheduled_freeze_not_allowed']);
    const cancelling = await policy(await t.signIn('in_cancellation', 'at'));
    expect(cancelling.membership.errors.map((e) => e.type)).toEqual(['already_in_cancellation_error']);
    expect(cancelling.membership.errors[0]?.message).toBeTruthy();
    expect(cancelling.membership.calculated_end_date).toBe('2026-12-31');
  });

  it('cancels an active membership, keeps the consent answer, confirms by e-mail, and reactivates for free', async () => {
    const token = await t.signIn('active', 'ch');
    const before = await membership(token);
    const expected = (await policy(token)).membership.calculated_end_date;
    const res = await call('POST', '/v1/membership/cancellations', token, { gdpr_opt_in: true });
    expect(res.statusCode).toBe(200);
    expect(CancellationResult.parse(res.json())).toEqual({
      status: 'in_cancellation',
      end_date: expected,
      received_at: '2026-11-22T10:00:00.000Z',
    });
    const cancelled = await membership(token);
    expect(cancelled).toMatchObject({ status: 'in_cancellation', end_date: expected, gdpr_opt_in: true });

    expect(errorTypes(await call('POST', '/v1/membership/cancellations', token, {}))).toEqual([
      'already_in_cancellation_error',
    ]);
    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=active@ch.example' })).json();
    expect(mails[0].body).toMatch(/2026|2027/);

    expect((await call('DELETE', '/v1/membership/cancellations', token)).statusCode).toBe(204);
    const back = await membership(token);
    expect(back).toMatchObject({ status: 'active', end_date: before.end_date, product: before.product });
    expect(errorTypes(await call('DELETE', '/v1/membership/cancellations', token))).toEqual([
      'no_cancellation_to_undo',
    ]);
  });

  it('becomes cancelled after the end date, and can no longer be reactivated', async () => {
    t.clock.set('2027-01-01T10:00:00Z');
    try {
      const token = await t.signIn('in_cancellation', 'no');
      expect((await membership(token)).status).toBe('cancelled');
      expect(errorTypes(await call('DELETE', '/v1/membership/cancellations', token))).toEqual([
        'no_cancellation_to_undo',
      ]);
    } finally {
      t.clock.set('2026-11-22T10:00:00Z');
    }
  });

  it('ends a trial or a presale at once', async () => {
    const trial = await t.signIn('in_trial', 'fi');
    const res = await call('POST', '/v1/membership/cancellations', trial, {});
    expect(CancellationResult.parse(res.json())).toEqual({
      status: 'cancelled_in_trial',
      end_date: '2026-11-22',
      received_at: '2026-11-22T10:00:00.000Z',
    });
    expect((await membership(trial)).status).toBe('cancelled_in_trial');
    const presale = await t.signIn('presale', 'de');
    const res2 = await call('POST', '/v1/membership/cancellations', presale, {});
    expect(CancellationResult.parse(res2.json()).status).toBe('cancelled_in_presale');
  });

  it('refuses a frozen membership and one with a freeze in the notice period', async () => {
    expect(
      errorTypes(await call('POST', '/v1/membership/cancellations', await t.signIn('in_freeze', 'de'), {})),
    ).toEqual(['cancel_in_freeze_not_allowed']);
    const scheduled = await t.signIn('scheduled_freeze', 'no');
    expect(errorTypes(await call('POST', '/v1/membership/cancellations', scheduled, {}))).toEqual([
      'cancel_with_scheduled_freeze_not_allowed',
    ]);
    expect((await membership(scheduled)).status).toBe('active');
    expect(
      errorTypes(await call('POST', '/v1/membership/cancellations', await t.signIn('stopped', 'de'), {})),
    ).toEqual(['invalid_status_to_cancel']);
  });

  it('cancels once when cancel requests race, and the rest are refused', async () => {
    const token = await t.signIn('rfid', 'fi');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/v1/membership/cancellations', token, {})),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422]);
  });

  it('rejects malformed bodies with 400', async () => {
    const token = await t.signIn('unpaid', 'fi');
    for (const payload of [{ gdpr_opt_in: 'yes' }, { reasons: 'x' }, { effective_date: '31.12.2026' }, []]) {
      const res = await call('POST', '/v1/membership/cancellations', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await membership(token)).status).toBe('active');
  });
});
