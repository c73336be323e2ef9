import { ErrorBody, Invoice, Invoices, type OperatorId, ScheduledInvoice } from '@portal/contract';
import { hasPaymentAlert } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@portal/demo-data';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

describe.each(databases())('invoices on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const tokenOf = async (persona: Persona, op: OperatorId) => {
    const key = `${persona}@${op}`;
    if (!tokens.has(key)) tokens.set(key, await t.signIn(persona, op));
    return tokens.get(key)!;
  };
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = async (persona: Persona, op: OperatorId) =>
    Invoices.parse((await get('/api/v1/membership/invoices', await tokenOf(persona, op))).json());

  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t?.close());

  it('lists monthly invoices from January of last year, newest first, parsed by the contract', async () => {
    const all = await list('active', 'de');
    // Besides the membership: the PT package the seed bought on 3 November (seed-pt.ts), paid.
    const pt = all.filter((i) => i.lines.some((l) => l.system_concept === 'pt_package'));
    expect(pt).toHaveLength(1);
    const invoices = all.filter((i) => !pt.includes(i));
    // 2025-01 to 2026-11: a whole previous year for the health-insurance confirmation and the invoice history.
    expect(invoices).toHaveLength(23);
    const dates = all.map((i) => i.invoice_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.slice(0, 3)).toEqual(['2026-11-03', '2026-11-01', '2026-10-01']);
    expect(dates.at(-1)).toBe('2025-01-01');
    for (const invoice of all) {
      expect(invoice.status).toBe('charged');
      expect(invoice.amount).toBe(invoice.lines.reduce((sum, l) => sum + l.amount, 0));
      expect(invoice.currency).toBe('EUR');
      expect(invoice.vat_rate).toBe(19);
      expect(invoice.payments[0]?.status).toBe('captured');
    }
    expect(hasPaymentAlert(all)).toBe(false);
  });

  it('bills a PT package on its purchase day as one add-on line without a period: it is no period of club use', async () => {
    const [pt] = (await list('active', 'de')).filter((i) =>
      i.lines.some((l) => l.system_concept === 'pt_package'),
    );
    expect(pt).toMatchObject({ status: 'charged', invoice_date: '2026-11-03', amount: 29900, period: null });
    expect(pt?.lines).toEqual([
      expect.objectContaining({
        amount: 29900,
        product_type: 'add_on_fee',
        system_concept: 'pt_package',
        human_concept: '5er-Paket', // bought in the member's language, German
        period: null,
      }),
    ]);
  });

  it("labels the member's number in the member's language and the operator's numbers as its market does", async () => {
    const [german] = await list('active', 'de');
    expect(german?.member.identifiers[0]?.label).toBe('Mitgliedsnummer'); // seeded in German (docs/operators.md)
    expect(german?.operator.identifiers.map((i) => i.label)).toContain('USt-IdNr.');
    const [norwegian] = await list('active', 'no');
    expect(norwegian?.member.identifiers[0]?.label).toBe('Medlemsnummer');
    expect(norwegian?.operator.identifiers.map((i) => i.label)).toEqual(['Org.nr.']);
  });

  it('takes the VAT rate from the operator and the invoice date', async () => {
    expect((await list('active', 'ch'))[0]?.vat_rate).toBe(8.1);
    expect((await list('active', 'no'))[0]?.vat_rate).toBe(0);
    expect((await list('active', 'fi'))[0]?.vat_rate).toBe(14);
    expect((await list('active', 'at'))[0]?.vat_rate).toBe(20);
  });

  it('shows the unpaid member a declined invoice with a period (the payment alert)', async () => {
    const invoices = await list('unpaid', 'no');
    expect(invoices[0]).toMatchObject({
      status: 'declined',
      period: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(hasPaymentAlert(invoices)).toBe(true);
  });

  it('bills freeze months with the freeze fee', async () => {
    const [current] = await list('in_freeze', 'fi');
    expect(current?.lines[0]).toMatchObject({ product_type: 'freeze_fee', amount: 990 });
  });

  it('answers one invoice, and 404 for an unknown one or another member’s', async () => {
    const [first] = await list('rfid', 'de');
    const own = await get(`/api/v1/membership/invoices/${first!.id}`, await tokenOf('rfid', 'de'));
    expect(own.statusCode).toBe(200);
    expect(Invoice.parse(own.json())).toEqual(first);

    for (const [persona, op] of [
      ['active', 'de'],
      ['rfid', 'at'],
    ] as const) {
      const other = await get(`/api/v1/membership/invoices/${first!.id}`, await tokenOf(persona, op));
      expect(other.statusCode).toBe(404);
      expect(ErrorBody.parse(other.json()).errors[0]?.type).toBe('not_found');
    }
    const unknown = await get(
      '/api/v1/membership/invoices/00000000-0000-0000-0000-000000000000',
      await tokenOf('rfid', 'de'),
    );
    expect(unknown.statusCode).toBe(404);
    const weird = await get(`/api/v1/membership/invoices/${'x'.repeat(65)}`, await tokenOf('rfid', 'de'));
    expect(weird.statusCode).toBe(400);
  });

  it('answers the next payment, and 404 for inactive memberships', async () => {
    const next = ScheduledInvoice.parse(
      (await get('/api/v1/membership/invoices/next', await tokenOf('rfid', 'ch'))).json(),
    );
    expect(next).toEqual({ invoice_date: '2026-12-01', amount: 8900 });
    // The seed's PT package was paid weeks ago: the next payment is the membership fee.
    const paidPt = ScheduledInvoice.parse(
      (await get('/api/v1/membership/invoices/next', await tokenOf('active', 'ch'))).json(),
    );
    expect(paidPt).toEqual({ invoice_date: '2026-12-01', amount: 8900 });
    const frozen = ScheduledInvoice.parse(
      (await get('/api/v1/membership/invoices/next', await tokenOf('scheduled_freeze', 'ch'))).json(),
    );
    expect(frozen).toEqual({ invoice_date: '2026-12-01', amount: 1900 });
    const trial = ScheduledInvoice.parse(
      (await get('/api/v1/membership/invoices/next', await tokenOf('in_trial', 'ch'))).json(),
    );
    expect(trial.invoice_date).toBe('2026-12-02');
    for (const persona of ['cancelled', 'stopped', 'cancelled_in_trial'] as const) {
      expect((await get('/api/v1/membership/invoices/next', await tokenOf(persona, 'ch'))).statusCode).toBe(
        404,
      );
    }
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/membership/invoices' })).statusCode).toBe(401);
  });
});
