import { CardFormUrl, InvoicePaid, Invoices, type OperatorId } from '@portal/contract';
import { cardSandboxTexts, formatMoney } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, payments } from '../src/db/schema.ts';
import { type CardInput, cardClient, expectError, type ThreeDs } from './support/cards.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';

const VISA: CardInput = { number: '4111111111111111' };
const DECLINED: CardInput = { number: '4000000000000002' };
const THREE_DS: CardInput = { number: '4000000000003220' };
const CHARGES_DECLINED: CardInput = { number: '4000000000000341' };

describe.each(databases())('paying an open invoice now on %s', (kind) => {
  let t: TestApp;
  let c: ReturnType<typeof cardClient>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    c = cardClient(t);
  });
  afterAll(() => t?.close());

  const invoices = async (token: string) =>
    Invoices.parse((await c.api('GET', '/v1/membership/invoices', token)).json());
  const openInvoice = async (token: string) => {
    const open = (await invoices(token)).filter((i) => i.status === 'declined' && i.period !== null);
    expect(open).toHaveLength(1);
    return open[0]!;
  };
  const pay = (token: string, id: string) => c.api('POST', `/v1/membership/invoices/${id}/pay`, token, {});
  const payUrl = async (token: string, id: string) => {
    const res = await pay(token, id);
    expect(res.statusCode, res.body).toBe(200);
    return CardFormUrl.parse(res.json()).url;
  };
  const payReturn = (token: string, id: string, returned: string) =>
    c.api(
      'POST',
      `/v1/membership/invoices/${id}/pay/return`,
      token,
      Object.fromEntries(new URL(returned).searchParams),
    );
  const paidRows = async (invoiceId: string) =>
    (await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).filter(
      (p) => p.status === 'captured',
    );
  const payEvents = async (token: string) => {
    const m = await c.membership(token);
    return (await t.db.select().from(events).where(eq(events.membershipId, m.id))).filter(
      (e) => e.action === 'pay_open_invoice',
    );
  };
  const enter = async (token: string, id: string, card: CardInput, threeDs?: ThreeDs) =>
    c.enterCard(await payUrl(token, id), card, threeDs);

  it('pays the Austrian member’s open invoice: charged once, a payment row, a receipt, the alert gone; the return replayed is refused', async () => {
    const at = await t.signIn('unpaid', 'at');
    const open = await openInvoice(at);
    const url = await payUrl(at, open.id);
    // The checkout page asks for exactly the invoice's amount.
    const page = await c.page(url);
    // In the member's language (the Austrian member's is German).
    expect(page.body).toContain(cardSandboxTexts.de.payment);
    expect(page.body).toContain(formatMoney(open.amount, 'EUR', 'de-AT'));

    const returned = await c.enterCard(url, VISA);
    const res = await payReturn(at, open.id, returned);
    expect(res.statusCode, res.body).toBe(200);
    expect(InvoicePaid.parse(res.json()).invoice).toEqual({
      id: open.id,
      invoice_number: open.invoice_number,
      status: 'charged',
    });

    const after = (await invoices(at)).find((i) => i.id === open.id)!;
    expect(after.status).toBe('charged');
    expect(after.payment_method).toEqual({ type: 'card', details: 'visa **** **** **** 1111' });
    const rows = await paidRows(open.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: open.amount,
      providerReference: expect.stringMatching(/^sbx-verifone-charge-/),
    });
    const membership = await c.membership(at);
    expect(membership.current_payment_method?.details ?? '').not.toContain('1111');

    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=unpaid@at.example' })).json();
    const receipt = mails.find((m: { subject: string }) => m.subject.includes('Zahlungsbestätigung'));
    expect(receipt?.body).toContain(open.invoice_number);
    expect(receipt?.body).toContain('€');

    // The same return again: the checkout is closed, nothing is charged again.
    expectError(await payReturn(at, open.id, returned), 422, 'invalid_card_return');
    expect(await paidRows(open.id)).toHaveLength(1);
    // A charged invoice is not payable any more.
    expectError(await pay(at, open.id), 422, 'invoice_not_payable');
    expect((await payEvents(at)).map((e) => e.status).sort()).toEqual(['in_progress', 'success']);
  });

  it('charges once when the same invoice is paid twice at once (two checkouts, one return posted twice)', async () => {
    const de = await t.signIn('unpaid', 'de');
    const open = await openInvoice(de);
    const first = await enter(de, open.id, VISA);
    const second = await enter(de, open.id, { number: '5555555555554444' });
    const answers = await Promise.all([
      payReturn(de, open.id, first),
      payReturn(de, open.id, second),
      payReturn(de, open.id, first),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 422, 422]);
    expect(await paidRows(open.id)).toHaveLength(1);
    const types = answers
      .filter((a) => a.statusCode === 422)
      .map((a) => (a.json() as { errors: { type: string }[] }).errors[0]!.type)
      .sort();
    expect(types.every((type) => ['invalid_card_return', 'invoice_not_payable'].includes(type))).toBe(true);
  });

  const declinedCases: [string, OperatorId, CardInput, ThreeDs | undefined][] = [
    ['declined on the page (dibs)', 'no', DECLINED, undefined],
    ['3-D Secure failed (dibs)', 'fi', THREE_DS, 'fail'],
    ['the charge declined (verifone)', 'ch', CHARGES_DECLINED, undefined],
  ];
  it.each(declinedCases)('keeps the invoice open when the payment is %s', async (_, op, card, threeDs) => {
    const token = await t.signIn('unpaid', op);
    const open = await openInvoice(token);
    const returned = await enter(token, open.id, card, threeDs);
    expectError(await payReturn(token, open.id, returned), 422, 'card_declined');
    expect((await openInvoice(token)).id).toBe(open.id);
    expect(await paidRows(open.id)).toEqual([]);
    const failed = (await payEvents(token)).filter((e) => e.status === 'failure');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.details).toMatchObject({ invoice_id: open.id, error_code: expect.any(Number) });
  });

  it('pays after a 3-D Secure confirmation on the dibs page, and a cancelled page leaves the invoice open', async () => {
    const no = await t.signIn('unpaid', 'no');
    const open = await openInvoice(no);
    const cancelled = await c.cancel(await payUrl(no, open.id));
    expectError(await payReturn(no, open.id, cancelled), 422, 'payment_cancelled');
    expect((await openInvoice(no)).id).toBe(open.id);

    const returned = await enter(no, open.id, THREE_DS, 'confirm');
    const res = await payReturn(no, open.id, returned);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await paidRows(open.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerReference).toMatch(/^sbx-dibs-charge-/);
  });

  it('never takes a pay-now return for a card update, nor a card update’s return for paying', async () => {
    // The Swiss member's invoice stays open after the declined charge above.
    const ch = await t.signIn('unpaid', 'ch');
    const open = await openInvoice(ch);
    const before = await c.membership(ch);
    // The pay-now checkout's return posted as a card update: refused, no card stored, and
    // the checkout stays open for the payment it was made for.
    const paying = await enter(ch, open.id, VISA);
    expectError(await c.register(ch, paying, before.location.id), 422, 'invalid_card_return');
    expect((await c.membership(ch)).current_payment_method).toEqual(before.current_payment_method);
    // A card update's return posted as paying the invoice: refused, nothing charged.
    const updating = await c.enterCard(await c.verifoneUrl(ch), VISA);
    expectError(await payReturn(ch, open.id, updating), 422, 'invalid_card_return');
    expect(await paidRows(open.id)).toHaveLength(0);

    const res = await payReturn(ch, open.id, paying);
    expect(res.statusCode, res.body).toBe(200);
    expect(await paidRows(open.id)).toHaveLength(1);
  });

  it('answers 404 for another member’s invoice and 422 for a scheduled or charged one', async () => {
    const mine = await t.signIn('active', 'at');
    const other = await t.signIn('unpaid', 'fi');
    const theirs = await openInvoice(other);
    expectError(await pay(mine, theirs.id), 404, 'not_found');
    expectError(await pay(mine, 'no-such-invoice'), 404, 'not_found');
    // Their return, posted by someone else, is refused too, and their invoice stays open.
    const returned = await enter(other, theirs.id, VISA);
    expectError(await payReturn(mine, theirs.id, returned), 404, 'not_found');
    expect((await openInvoice(other)).id).toBe(theirs.id);

    const list = await invoices(mine);
    const charged = list.find((i) => i.status === 'charged');
    expect(charged).toBeDefined();
    expectError(await pay(mine, charged!.id), 422, 'invoice_not_payable');
    const scheduled = list.find((i) => i.status === 'scheduled');
    if (scheduled) expectError(await pay(mine, scheduled.id), 422, 'invoice_not_payable');
    expectError(
      await c.api('POST', `/v1/membership/invoices/${theirs.id}/pay`, null, {}),
      401,
      'unauthorized',
    );
  });
});
