import { ErrorBody, FreezePeriod, FreezePolicy, Invoices, Membership } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCatalogue, operatorIds } from '@portal/domain';
import { operatorSeeds } from '@portal/demo-data';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

// The demo's prices make sense together: a frozen month costs each operator's member a
// fraction of the month they pause (docs/operators.md), never the same figure in every currency.
describe('demo freeze fees', () => {
  it.each(operatorIds)('%s charges a frozen month at most a third of its monthly fee', (id) => {
    const { freezePolicy } = operatorCatalogue[id];
    const { monthlyFee } = operatorSeeds[id];
    expect(freezePolicy.monthlyFee).toBeGreaterThan(0);
    expect(freezePolicy.monthlyFee * 3).toBeLessThanOrEqual(monthlyFee);
  });

  it('follows the currency: a Norwegian fee in kroner is not the euro figure', () => {
    expect(operatorCatalogue.no.freezePolicy.monthlyFee).toBeGreaterThan(
      operatorCatalogue.de.freezePolicy.monthlyFee * 5,
    );
  });
});

describe.each(databases())('freezes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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
    FreezePolicy.parse((await call('GET', '/v1/membership/policies/freeze', token)).json());
  const outboxFor = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${to}` })).json();
  const freezeBody = (begin_date: string, end_date: string) => ({ freeze_period: { begin_date, end_date } });
  const expectRefusal = (res: { statusCode: number; json(): unknown }, type: string) => {
    expect(res.statusCode).toBe(422);
    const body = ErrorBody.parse(res.json());
    expect(body.errors[0]?.type).toBe(type);
    return body.errors[0]!;
  };

  it('explains the policy: fee, maximum, months left, eligibility', async () => {
    const p = await policy(await t.signIn('active', 'de'));
    expect(p).toMatchObject({ monthly_fee: 990, max_months: 3, required_membership_status: ['active'] });
    expect(p.membership.status).toBe('active');
    expect(p.membership.used_months + p.membership.available_months).toBe(3);
    expect(p.membership.eligible_to_freeze).toBe(true);
    const frozen = await policy(await t.signIn('in_freeze', 'de'));
    expect(frozen.membership.current_freeze).toMatchObject({
      begin_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    const cancelled = await policy(await t.signIn('cancelled', 'de'));
    expect(cancelled.membership.eligible_to_freeze).toBe(false);
  });

  it('books a freeze, shows it as scheduled, bills its months and confirms by e-mail', async () => {
    const token = await t.signIn('active', 'at');
    const res = await call(
      'POST',
      '/v1/membership/freeze_periods',
      token,
      freezeBody('2027-01-01', '2027-02-28'),
    );
    expect(res.statusCode).toBe(200);
    const created = FreezePeriod.parse(res.json());
    const m = await membership(token);
    expect(m.status).toBe('active');
    expect(m.scheduled_freeze).toMatchObject({
      id: created.id,
      begin_date: '2027-01-01',
      end_date: '2027-02-28',
    });
    const invoices = Invoices.parse((await call('GET', '/v1/membership/invoices', token)).json());
    const fees = invoices.filter((i) =>
      i.lines.some((l) => l.product_type === 'freeze_fee' && l.product_id === created.id),
    );
    expect(fees.map((i) => [i.invoice_date, i.amount, i.status])).toEqual(
      expect.arrayContaining([
        ['2027-01-01', 990, 'scheduled'],
        ['2027-02-01', 990, 'scheduled'],
      ]),
    );
    expect(fees).toHaveLength(2);
    const mails = await outboxFor('active@at.example');
    expect(mails[0].subject).toMatch(/Pause|freeze/i);
  });

  it('refuses a second scheduled freeze, naming the first one', async () => {
    const token = await t.signIn('scheduled_freeze', 'ch');
    const error = expectRefusal(
      await call('POST', '/v1/membership/freeze_periods', token, freezeBody('2027-03-01', '2027-03-31')),
      'scheduled_freeze_present',
    );
    expect(error.context).toMatchObject({ begin_date: '2026-12-01', end_date: '2026-12-31' });
  });

  it('refuses statuses that cannot freeze, with the status', async () => {
    const token = await t.signIn('in_cancellation', 'fi');
    const error = expectRefusal(
      await call('POST', '/v1/membership/freeze_periods', token, freezeBody('2026-12-01', '2026-12-31')),
      'invalid_status_to_freeze',
    );
    expect(error.context).toEqual({ status: 'in_cancellation' });
    expect(error.message).toMatch(/in_cancellation/);
  });

  it('refuses going past the yearly maximum, with max and used months', async () => {
    const token = await t.signIn('max_frozen', 'no');
    const error = expectRefusal(
      await call('POST', '/v1/membership/freeze_periods', token, freezeBody('2026-12-01', '2026-12-31')),
      'max_freeze_months_reached',
    );
    expect(error.context).toMatchObject({ max_months: 3, used_months: 3 });
    // Next year is still open.
    const next = await call(
      'POST',
      '/v1/membership/freeze_periods',
      token,
      freezeBody('2027-01-01', '2027-01-31'),
    );
    expect(next.statusCode).toBe(200);
  });

  it('refuses dates that are not a first and a month end, or in the past', async () => {
    const token = await t.signIn('active', 'ch');
    const post = (b: string, e: string) =>
      call('POST', '/v1/membership/freeze_periods', token, freezeBody(b, e));
    expectRefusal(await post('2026-12-15', '2026-12-31'), 'freeze_begin_not_first_of_month');
    expectRefusal(await post('2026-12-01', '2026-12-30'), 'freeze_end_not_month_end');
    expectRefusal(await post('2026-11-01', '2026-11-30'), 'freeze_begin_too_early');
    expectRefusal(await post('2027-03-01', '2027-01-31'), 'freeze_end_before_begin');
    const bad = await post('2026-13-01', '2026-12-31');
    expect(bad.statusCode).toBe(400);
  });

  it('moves the end of a freeze under way and ends it early, billing the rest of the month', async () => {
    const token = await t.signIn('in_freeze', 'no');
    const current = (await membership(token)).freeze_periods.find((f) => f.begin_date === '2026-11-01')!;
    const changed = await call(
      'PATCH',
      `/v1/membership/freeze_periods/${current.id}`,
      token,
      freezeBody('2026-11-01', '2026-12-31'),
    );
    expect(changed.statusCode).toBe(200);
    expect((await membership(token)).activates_on).toBe('2027-01-01');
    expectRefusal(
      await call(
        'PATCH',
        `/v1/membership/freeze_periods/${current.id}`,
        token,
        freezeBody('2026-12-01', '2026-12-31'),
      ),
      'freeze_begin_date_fixed',
    );

    const ended = await call('DELETE', `/v1/membership/freeze_periods/${current.id}`, token);
    expect(ended.statusCode).toBe(204);
    const m = await membership(token);
    expect(m.status).toBe('active');
    const invoices = Invoices.parse((await call('GET', '/v1/membership/invoices', token)).json());
    const restOfMonth = invoices.flatMap((i) => i.lines).find((l) => l.product_type === 'cancel_freeze_fee');
    expect(restOfMonth?.period).toEqual({ from: '2026-11-22', to: '2026-11-30' });
    expect(restOfMonth!.amount).toBeGreaterThan(0);
    // December's freeze fee is no longer billed.
    const decemberFee = invoices.find(
      (i) =>
        i.invoice_date === '2026-12-01' &&
        i.lines.some((l) => l.product_type === 'freeze_fee' && l.product_id === current.id),
    );
    expect(decemberFee).toBeUndefined();
    // A cancelled freeze cannot be cancelled again.
    expectRefusal(
      await call('DELETE', `/v1/membership/freeze_periods/${current.id}`, token),
      'freeze_not_changeable',
    );
  });

  it('cancels a scheduled freeze at no cost', async () => {
    const token = await t.signIn('scheduled_freeze', 'de');
    const scheduled = (await membership(token)).scheduled_freeze!;
    expect((await call('DELETE', `/v1/membership/freeze_periods/${scheduled.id}`, token)).statusCode).toBe(
      204,
    );
    const m = await membership(token);
    expect(m.scheduled_freeze).toBeNull();
    const invoices = Invoices.parse((await call('GET', '/v1/membership/invoices', token)).json());
    expect(invoices.flatMap((i) => i.lines).filter((l) => l.product_id === scheduled.id)).toEqual([]);
  });

  it("answers 404 for another member's freeze and for unknown ids", async () => {
    const owner = await t.signIn('scheduled_freeze', 'fi');
    const id = (await membership(owner)).scheduled_freeze!.id;
    const other = await t.signIn('active', 'fi');
    expect((await call('DELETE', `/v1/membership/freeze_periods/${id}`, other)).statusCode).toBe(404);
    expect(
      (
        await call(
          'PATCH',
          `/v1/membership/freeze_periods/nope`,
          other,
          freezeBody('2027-01-01', '2027-01-31'),
        )
      ).statusCode,
    ).toBe(404);
    expect((await membership(owner)).scheduled_freeze?.id).toBe(id);
  });

  it('creates one freeze when the same request is fired five times at once', async () => {
    const token = await t.signIn('rfid', 'de');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(
          'POST',
          '/v1/membership/freeze_periods',
          token,
          freezeBody(`2027-0${i + 1}-01`, `2027-0${i + 1}-${i === 1 ? 28 : i === 3 ? 30 : 31}`),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(ErrorBody.parse(r.json()).errors[0]?.type).toBe('scheduled_freeze_present');
    }
    const m = await membership(token);
    expect(
      m.freeze_periods.filter((f) => f.cancel_date === null && f.begin_date > '2026-11-22'),
    ).toHaveLength(1);
  });

  it('rejects malformed freeze requests with 400, never 5xx', async () => {
    const token = await t.signIn('unpaid', 'de');
    for (const payload of [
      {},
      { freeze_period: {} },
      { freeze_period: { begin_date: 20261201, end_date: '2026-12-31' } },
      { freeze_period: { begin_date: '2026-12-01', end_date: '2026-12-31', extra: 1 } },
      { begin_date: '2026-12-01', end_date: '2026-12-31' },
      'not json',
    ]) {
      const res = await call('POST', '/v1/membership/freeze_periods', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('invalid_request');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/membership/policies/freeze' })).statusCode,
    ).toBe(401);
  });
});
