import {
  ErrorBody,
  HealthInsuranceConfirmation,
  type Invoice,
  Invoices,
  type OperatorId,
} from '@portal/contract';
import { wholeMonthsBetween } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@portal/demo-data';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, memberApi } from './support/member-api.ts';

const URL = '/v1/membership/health_insurance_confirmation';

describe.each(databases())('health-insurance confirmation on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const tokens = new Map<string, string>();
  const tokenOf = async (persona: Persona, op: OperatorId = 'ch') => {
    const key = `${persona}@${op}`;
    if (!tokens.has(key)) tokens.set(key, await t.signIn(persona, op));
    return tokens.get(key)!;
  };
  const confirmation = async (persona: Persona, query = '') => {
    const res = await api.call('GET', `${URL}${query}`, await tokenOf(persona));
    expect(res.statusCode, res.body).toBe(200);
    return HealthInsuranceConfirmation.parse(res.json());
  };
  const invoices = async (persona: Persona) =>
    Invoices.parse((await api.call('GET', '/v1/membership/invoices', await tokenOf(persona))).json());
  const chargedIn = (list: Invoice[], year: number) =>
    list.filter((i) => i.status === 'charged' && i.invoice_date.startsWith(String(year)));

  it('confirms last year’s fees to a member of more than six months, with the invoice parties', async () => {
    const c = await confirmation('active');
    const all = await invoices('active');
    const lastYear = chargedIn(all, 2025);
    expect(lastYear).toHaveLength(12);
    expect(c).toMatchObject({
      year: 2025,
      years: [2026, 2025],
      eligible: true,
      member_since: '2024-10-01',
      months_member: 25,
      required_months: 6,
      reimbursement_percent: 90,
      currency: 'CHF',
      issued_on: '2026-11-22',
    });
    expect(c.paid_total).toBe(lastYear.reduce((sum, i) => sum + i.amount, 0));
    expect(c.paid_total).toBe(12 * 8900);
    expect(c.payments.map((p) => p.invoice_number)).toEqual(lastYear.map((i) => i.invoice_number).reverse());
    expect(c.member).toEqual(all[0]?.member);
    expect(c.operator).toEqual(all[0]?.operator);

    const thisYear = await confirmation('active', '?year=2026');
    const fees = chargedIn(all, 2026).filter((i) =>
      i.lines.every((l) => l.product_type === 'membership_fee'),
    );
    expect(thisYear.paid_total).toBe(fees.reduce((sum, i) => sum + i.amount, 0));
    expect(thisYear.payments).toHaveLength(11);
  });

  it('counts only what paid for the membership: a charged PT package is not a fitness fee', async () => {
    // The seed's PT package of the active persona, bought and paid this November.
    const pt = (await invoices('active')).find((i) => i.lines.some((l) => l.system_concept === 'pt_package'));
    expect(pt).toMatchObject({ status: 'charged', invoice_date: '2026-11-03', amount: 44900 });
    const c = await confirmation('active', '?year=2026');
    expect(c.payments.map((p) => p.invoice_number)).not.toContain(pt!.invoice_number);
    expect(c.payments).toHaveLength(11);
    expect(c.paid_total).toBe(11 * 8900);
  });

  it('tells a member of under six months they do not qualify yet, and deducts refunds', async () => {
    const before = await confirmation('closed_club');
    expect(before).toMatchObject({ year: 2026, years: [2026], eligible: false, months_member: 4 });
    expect(before.paid_total).toBe(chargedIn(await invoices('closed_club'), 2026).length * 8900);

    const [item] = (
      await api.call('GET', '/v1/membership/invoices/refundable', await tokenOf('closed_club'))
    ).json();
    const refund = await api.call(
      'POST',
      `/v1/membership/invoices/${item.invoice.id}/refund`,
      await tokenOf('closed_club'),
      {},
    );
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await confirmation('closed_club');
    expect(after.paid_total).toBe(before.paid_total - refund.json().amount);
    expect(after.payments.find((p) => p.invoice_number === item.invoice.invoice_number)?.amount).toBe(
      8900 - refund.json().amount,
    );

    const trial = await confirmation('in_trial');
    expect(trial).toMatchObject({
      year: 2026,
      years: [],
      eligible: false,
      months_member: 0,
      paid_total: 0,
      payments: [],
    });
  });

  it('counts the months of a membership that ended up to its end', async () => {
    const m = await api.membership(await tokenOf('cancelled'));
    const c = await confirmation('cancelled');
    expect(c.months_member).toBe(wholeMonthsBetween(m.begin_date, m.end_date!));
    expect(c.months_member).toBeLessThan(wholeMonthsBetween(m.begin_date, '2026-11-22'));
  });

  it('answers a year without fees with nothing paid', async () => {
    expect(await confirmation('active', '?year=2019')).toMatchObject({
      year: 2019,
      paid_total: 0,
      payments: [],
    });
  });

  it('is not issued where insurers do not reimburse fees (404 with the error body)', async () => {
    for (const op of ['de', 'at', 'no', 'fi'] as const) {
      const res = await api.call('GET', URL, await tokenOf('active', op));
      expect(res.statusCode, op).toBe(404);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('not_found');
    }
  });

  it('refuses a bad year with 400 naming it, never a 5xx', async () => {
    const token = await tokenOf('active');
    for (const query of ['?year=abc', '?year=1999', '?year=2101', '?year=2026.5', '?year=', '?year=2027']) {
      expectInvalid(await api.call('GET', `${URL}${query}`, token), 'query.year');
    }
    const extra = await api.call('GET', `${URL}?year=2025&member=other`, token);
    expect(extra.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api${URL}` })).statusCode).toBe(401);
  });
});
