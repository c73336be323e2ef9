import {
  ErrorBody,
  Invoice,
  Invoices,
  type OperatorId,
  RefundableItems,
  RefundReceipt,
} from '@portal/contract';
import { addMonths, closedDaysRefund, endOfMonth, startOfMonth } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardGateway } from '../src/adapters/cards/index.ts';
import { buildApp } from '../src/app.ts';
import { refunds } from '../src/db/schema.ts';
import type { Persona } from '@portal/demo-data';
import { databases, startApp, type TestApp, testConfig } from './support/harness.ts';
import { expectInvalid, expectRefusal, memberApi } from './support/member-api.ts';

const TODAY = '2026-11-22';
const LAST_MONTH = startOfMonth(addMonths(TODAY, -1));
/** The seeded closure of the closed_club persona's club: the 10th to the 14th of last month. */
const CLOSURE = { from: '2026-10-10', to: '2026-10-14' };
const FEES: Record<OperatorId, number> = { de: 2990, at: 3490, ch: 8900, no: 49900, fi: 3990 };

describe.each(databases())('refunds of closed days on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: `${TODAY}T10:00:00Z` });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const tokens = new Map<string, string>();
  const tokenOf = async (persona: Persona, op: OperatorId) => {
    const key = `${persona}@${op}`;
    if (!tokens.has(key)) tokens.set(key, await t.signIn(persona, op));
    return tokens.get(key)!;
  };
  const refundable = async (token: string) => {
    const res = await api.call('GET', '/v1/membership/invoices/refundable', token);
    expect(res.statusCode).toBe(200);
    return RefundableItems.parse(res.json());
  };
  const toCard = (token: string, id: string, body: unknown = {}) =>
    api.call('POST', `/v1/membership/invoices/${id}/refund`, token, body as object);
  const toBank = (token: string, id: string, body: unknown) =>
    api.call('POST', `/v1/membership/invoices/${id}/manual_refund`, token, body as object);
  const invoice = async (token: string, id: string) =>
    Invoice.parse((await api.call('GET', `/v1/membership/invoices/${id}`, token)).json());
  const refundRows = (invoiceId: string) =>
    t.db.select().from(refunds).where(eq(refunds.invoiceId, invoiceId));
  const refundMails = async (to: string) =>
    (await api.outbox(to)).filter(
      (m) => m.channel === 'email' && /refund|erstatt|refusjon|hyvitys|rembours/i.test(m.subject ?? ''),
    );
  const lastMonthItem = async (persona: Persona, op: OperatorId) => {
    const items = await refundable(await tokenOf(persona, op));
    expect(items, `${persona}@${op}`).toHaveLength(1);
    return items[0]!;
  };

  it('lists the closed days of last month’s paid period, computed as the domain does', async () => {
    for (const op of ['de', 'at', 'ch', 'no', 'fi'] as const) {
      const item = await lastMonthItem('closed_club', op);
      const period = { from: LAST_MONTH, to: endOfMonth(LAST_MONTH) };
      expect(item.invoice).toMatchObject({ status: 'charged', period, amount: FEES[op] });
      const expected = closedDaysRefund(period, FEES[op], CLOSURE)!;
      expect(expected.closed_days).toEqual({ closed: 5, paid: 31 });
      expect({
        closed_period: item.closed_period,
        closed_days: item.closed_days,
        refundable_amount: item.refundable_amount,
      }).toEqual(expected);
    }
    // 5 of 31 days of 29.90 €: 482.26 cents, rounded down.
    expect((await lastMonthItem('closed_club', 'de')).refundable_amount).toEqual({
      refundable: 482,
      paid: 2990,
    });
    // Another club, no closure; a frozen month is not paid club use.
    expect(await refundable(await tokenOf('active', 'de'))).toEqual([]);
    expect(await refundable(await tokenOf('in_trial', 'de'))).toEqual([]);
  });

  it('refunds to the card: completed, on the invoice, gone from the list, logged and e-mailed once', async () => {
    const token = await tokenOf('closed_club', 'fi');
    const item = await lastMonthItem('closed_club', 'fi');
    const res = await toCard(token, item.invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = RefundReceipt.parse(res.json());
    expect(receipt).toMatchObject({
      invoice_id: item.invoice.id,
      method: 'card',
      status: 'completed',
      amount: item.refundable_amount.refundable,
      currency: 'EUR',
      bank_account: null,
    });

    const after = await invoice(token, item.invoice.id);
    expect(after.payments[0]?.refunds).toEqual([
      { status: 'completed', amount: receipt.amount, created_at: receipt.created_at },
    ]);
    expect(await refundable(token)).toEqual([]);

    const [mail] = await refundMails('closed_club@fi.example');
    expect(mail?.subject).toBe('Stride Kunto: Hyvitys suljetuilta päiviltä');
    expect(mail?.body).toContain('5 päivää niistä 31 päivästä');
    expect(mail?.body).toContain(item.invoice.invoice_number);
    const logged = (await api.events('closed_club@fi.example')).filter(
      (e) => e.action === 'closed_days_refund',
    );
    expect(logged.map((e) => [e.status, e.details?.method, e.details?.amount])).toEqual([
      ['success', 'card', receipt.amount],
    ]);

    // Again: refused, nothing paid, written or sent twice.
    expectRefusal(await toCard(token, item.invoice.id), 'already_refunded');
    expectRefusal(
      await toBank(token, item.invoice.id, { bank_account_number: 'FI21 1234 5600 0007 85' }),
      'already_refunded',
    );
    expect(await refundRows(item.invoice.id)).toHaveLength(1);
    expect(await refundMails('closed_club@fi.example')).toHaveLength(1);
  });

  it('books a manual refund to an IBAN: pending, masked everywhere but the row finance pays from', async () => {
    const token = await tokenOf('closed_club', 'de');
    const item = await lastMonthItem('closed_club', 'de');
    const res = await toBank(token, item.invoice.id, { bank_account_number: 'de89 3704 0044 0532 0130 00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(RefundReceipt.parse(res.json())).toMatchObject({
      method: 'bank_account',
      status: 'pending',
      amount: 482,
      currency: 'EUR',
      bank_account: '•••• 3000',
    });
    expect(res.body).not.toContain('0532013000');

    const [row] = await refundRows(item.invoice.id);
    expect(row).toMatchObject({
      method: 'bank_account',
      status: 'pending',
      bankAccount: 'DE89370400440532013000',
    });
    expect((await invoice(token, item.invoice.id)).payments[0]?.refunds).toMatchObject([
      { status: 'pending', amount: 482 },
    ]);
    expect(await refundable(token)).toEqual([]);

    // de members read German (docs/operators.md, "Demo members").
    const [mail] = await refundMails('closed_club@de.example');
    expect(mail?.subject).toBe('Stride Fitness: Ihre Erstattung per Überweisung');
    expect(mail?.body).toContain('•••• 3000');
    expect(mail?.body).toContain('kann bis zu 14 Tage dauern');
    expect(mail?.body).toContain('4,82');
    const logged = (await api.events('closed_club@de.example')).filter(
      (e) => e.action === 'closed_days_refund',
    );
    expect(logged.map((e) => e.details?.bank_account)).toEqual(['•••• 3000']);
    for (const text of [mail!.body, JSON.stringify(logged)]) expect(text).not.toContain('0532013000');
  });

  it('takes the Norwegian account number in Norway, and tells in Norwegian it can take 14 days', async () => {
    const token = await tokenOf('closed_club', 'no');
    const item = await lastMonthItem('closed_club', 'no');
    const res = await toBank(token, item.invoice.id, { bank_account_number: '8601.11.17947' });
    expect(res.statusCode, res.body).toBe(200);
    expect(RefundReceipt.parse(res.json())).toMatchObject({
      status: 'pending',
      currency: 'NOK',
      amount: item.refundable_amount.refundable,
      bank_account: '•••• 7947',
    });
    const [mail] = await refundMails('closed_club@no.example');
    expect(mail?.subject).toBe('Stride Trening: Refusjon til bankkontoen din');
    expect(mail?.body).toContain('Overføringen kan ta opptil 14 dager.');
  });

  it('refuses an invalid account number with 400 naming the field, in the member’s language', async () => {
    const token = await tokenOf('closed_club', 'ch');
    const item = await lastMonthItem('closed_club', 'ch');
    for (const account of ['CH93 0076 2011 6238 5295 8', '86011117947', 'not an account']) {
      const res = await toBank(token, item.invoice.id, { bank_account_number: account });
      expectInvalid(res, 'body.bank_account_number');
      expect(ErrorBody.parse(res.json()).errors[0]?.message).toBe('Bitte geben Sie eine gültige IBAN ein.');
    }
    // Another member's invoice is not found before the account is looked at.
    const foreign = await toBank(await tokenOf('stopped', 'no'), item.invoice.id, {
      bank_account_number: 'x'.repeat(8),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await refundRows(item.invoice.id)).toEqual([]);
    expect(await lastMonthItem('closed_club', 'ch')).toEqual(item);
  });

  it('refunds once when the same item is asked for several times at once', async () => {
    const token = await tokenOf('closed_club', 'at');
    const item = await lastMonthItem('closed_club', 'at');
    const answers = await Promise.all([
      toCard(token, item.invoice.id),
      toBank(token, item.invoice.id, { bank_account_number: 'AT61 1904 3002 3457 3201' }),
      toCard(token, item.invoice.id),
      toBank(token, item.invoice.id, { bank_account_number: 'AT61 1904 3002 3457 3201' }),
      toCard(token, item.invoice.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) expectRefusal(res, 'already_refunded');
    expect(await refundRows(item.invoice.id)).toHaveLength(1);
    expect(await refundMails('closed_club@at.example')).toHaveLength(1);
  });

  it('pays a member who has left too (stopped), at the same club', async () => {
    const token = await tokenOf('stopped', 'de');
    const item = await lastMonthItem('stopped', 'de');
    expect(item.closed_period).toEqual(CLOSURE);
    const res = await toBank(token, item.invoice.id, { bank_account_number: 'DE89370400440532013000' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('writes Swiss German with ss, never ß, in the ch operator’s refusals and e-mails (de-CH)', async () => {
    const token = await tokenOf('closed_club', 'ch');
    const item = await lastMonthItem('closed_club', 'ch');
    expect((await toCard(token, item.invoice.id)).statusCode).toBe(200);
    const [mail] = await refundMails('closed_club@ch.example');
    expect(mail?.subject).toContain('Ihre Erstattung für die Schliesstage');
    expect(`${mail?.subject} ${mail?.body}`).not.toContain('ß');
    const refused = expectRefusal(await toCard(token, item.invoice.id), 'already_refunded');
    expect(refused.message).toBe('Die Schliesstage dieser Rechnung wurden bereits erstattet.');
  });

  it('answers 404 for another member’s or an unknown invoice, 422 when nothing is refundable', async () => {
    const theirs = (await lastMonthItem('rfid', 'no')).invoice.id;
    for (const [persona, op] of [
      ['closed_club', 'no'],
      ['in_freeze', 'no'],
      ['rfid', 'de'],
    ] as const) {
      const token = await tokenOf(persona, op);
      for (const res of [
        await toCard(token, theirs),
        await toBank(token, theirs, { bank_account_number: '86011117947' }),
        await api.call('GET', `/v1/membership/invoices/${theirs}`, token),
      ]) {
        expect(res.statusCode, `${persona}@${op}`).toBe(404);
        expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('not_found');
      }
    }
    const token = await tokenOf('rfid', 'no');
    expect((await toCard(token, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect(await refundRows(theirs)).toEqual([]);

    // This month's invoice is not touched by the closure.
    const invoices = Invoices.parse((await api.call('GET', '/v1/membership/invoices', token)).json());
    const current = invoices.find((i) => i.invoice_date === '2026-11-01')!;
    const refused = expectRefusal(await toCard(token, current.id), 'nothing_to_refund');
    expect(refused.message).toBe('Denne fakturaen har ingen stengte dager å refundere.');
  });

  it('answers 400 with the error body for malformed requests, never a 5xx', async () => {
    const token = await tokenOf('rfid', 'at');
    const id = (await lastMonthItem('rfid', 'at')).invoice.id;
    const malformed: [string, unknown][] = [
      ['refund', { extra: 1 }],
      ['refund', []],
      ['refund', 'null'],
      ['refund', '{"broken"'],
      ['manual_refund', {}],
      ['manual_refund', { bank_account_number: 12345678 }],
      ['manual_refund', { bank_account_number: null }],
      ['manual_refund', { bank_account_number: 'AT61 1904 3002 3457 3201', extra: 'x' }],
      ['manual_refund', { bank_account_number: 'AT61' }],
      ['manual_refund', { bank_account_number: 'A'.repeat(41) }],
      ['manual_refund', ''],
      ['manual_refund', '"AT611904300234573201"'],
    ];
    for (const [path, body] of malformed) {
      const res = await api.call('POST', `/v1/membership/invoices/${id}/${path}`, token, body as object);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('invalid_request');
    }
    const long = await toCard(token, 'x'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(await refundRows(id)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/membership/invoices/${id}/refund`, payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('books nothing when the card provider declines, logs why, and lets the member try again', async () => {
    const declining: CardGateway = {
      provider: 'verifone',
      startCheckout: () => Promise.reject(new Error('not used')),
      verifyReturn: () => Promise.reject(new Error('not used')),
      charge: () => Promise.reject(new Error('not used')),
      refund: async () => ({ ok: false, errorCode: 121 }),
    };
    const unreachable: CardGateway = {
      ...declining,
      provider: 'dibs',
      refund: () => Promise.reject(new Error('timeout')),
    };
    const other = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig(),
      logger: false,
      cardGateways: { verifone: declining, dibs: unreachable },
    });
    try {
      for (const [op, text] of [
        ['ch', 'Declined by the processor'],
        ['fi', 'Unexpected error'],
      ] as const) {
        const token = await tokenOf('rfid', op);
        const item = await lastMonthItem('rfid', op);
        const res = await other.inject({
          method: 'POST',
          url: `/api/v1/membership/invoices/${item.invoice.id}/refund`,
          headers: { authorization: `Bearer ${token}` },
          payload: {},
        });
        expectRefusal(res, 'refund_failed');
        expect(await refundRows(item.invoice.id)).toEqual([]);
        const failed = (await api.events(`rfid@${op}.example`)).filter(
          (e) => e.action === 'closed_days_refund',
        );
        expect(failed.map((e) => [e.status, e.details?.error])).toEqual([['failure', text]]);
        expect(await lastMonthItem('rfid', op)).toEqual(item);
        // The sandbox of the real app accepts it.
        expect((await toCard(token, item.invoice.id)).statusCode).toBe(200);
      }
    } finally {
      await other.close();
    }
  });
});
