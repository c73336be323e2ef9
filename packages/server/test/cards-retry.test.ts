import { CardRegistered, type Invoice, Invoices } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTexts, TEST_CARDS } from '@portal/domain';
import { events, payments } from '../src/db/schema.ts';
import { cardClient, everyRow } from './support/cards.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';

const CVC = '8642';

describe.each(databases())('declined invoices retried against a new card on %s', (kind) => {
  let t: TestApp;
  let c: ReturnType<typeof cardClient>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    c = cardClient(t);
  });
  afterAll(() => t?.close());

  const invoices = async (token: string) =>
    Invoices.parse((await c.api('GET', '/v1/membership/invoices', token)).json());
  /** The payment alert's condition: a declined invoice with a period. */
  const unpaid = (list: Invoice[]) => list.filter((i) => i.status === 'declined' && i.period !== null);
  const retryEvents = async (membershipId: string) =>
    (await t.db.select().from(events).where(eq(events.membershipId, membershipId))).filter(
      (e) => e.action === 'retry_declined_invoice',
    );

  it('charges the unpaid invoice to the new card: paid, alert gone, receipt sent, once', async () => {
    const de = await t.signIn('unpaid', 'de');
    const m = await c.membership(de);
    const [open] = unpaid(await invoices(de));
    expect(open).toBeDefined();

    const returned = await c.enterCard(await c.verifoneUrl(de), { number: '4111111111111111', cvc: CVC });
    const [first, second] = await Promise.all([
      c.register(de, returned, m.location.id),
      c.register(de, returned, m.location.id),
    ]);
    const ok = first.statusCode === 200 ? first : second;
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    expect(CardRegistered.parse(ok.json()).retried_invoices).toEqual([
      { id: open!.id, invoice_number: open!.invoice_number, status: 'charged' },
    ]);

    const after = await invoices(de);
    expect(unpaid(after)).toEqual([]);
    const paid = after.find((i) => i.id === open!.id)!;
    expect(paid.status).toBe('charged');
    expect(paid.payment_method).toEqual({ type: 'card', details: 'visa **** **** **** 1111' });
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, open!.id));
    const captured = rows.filter((p) => p.status === 'captured');
    expect(captured).toHaveLength(1);
    expect(captured[0]).toMatchObject({
      amount: open!.amount,
      providerReference: expect.stringMatching(/^sbx-verifone-charge-/),
    });
    expect(await retryEvents(m.id)).toEqual([
      expect.objectContaining({
        status: 'success',
        details: expect.objectContaining({ invoice_id: open!.id }),
      }),
    ]);

    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=unpaid@de.example' })).json();
    // In the member's language, German (docs/operators.md, "Demo members").
    const receipt = mails.find((m: { subject: string }) => m.subject.endsWith(cardTexts.de.receipt.subject));
    expect(receipt?.body).toContain(open!.invoice_number);
    expect(receipt?.body).toContain('€');
  });

  it('keeps the invoice declined when the new card’s charge fails (0341) and logs why; a later card pays it', async () => {
    const no = await t.signIn('unpaid', 'no');
    const m = await c.membership(no);
    const [open] = unpaid(await invoices(no));
    const query = {
      success: 'http://no.localhost:8080/payment/payment-method-updated',
      cancel: 'http://no.localhost:8080/payment/credit-card?cancelled=1',
      locale: 'nb-NO',
      location: m.location.id,
    };
    const url = async () => (await c.dibsUrl(no, query)).json().url as string;

    const res = await c.register(
      no,
      await c.enterCard(await url(), { number: '4000000000000341' }),
      m.location.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'success',
      retried_invoices: [{ id: open!.id, status: 'declined' }],
    });
    expect(unpaid(await invoices(no)).map((i) => i.id)).toEqual([open!.id]);
    expect((await c.membership(no)).current_payment_method?.details).toBe('**** **** **** 0341');
    const failed = await retryEvents(m.id);
    expect(failed).toEqual([
      expect.objectContaining({
        status: 'failure',
        details: expect.objectContaining({ error_code: 121, error: 'Declined by the processor' }),
      }),
    ]);
    const declinedRows = await t.db.select().from(payments).where(eq(payments.invoiceId, open!.id));
    expect(declinedRows.filter((p) => p.status === 'declined' && p.providerReference === null).length).toBe(
      2,
    );
    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=unpaid@no.example' })).json();
    expect(mails[0].body).toContain(open!.invoice_number);

    const fixed = await c.register(
      no,
      await c.enterCard(await url(), { number: '5555555555554444' }),
      m.location.id,
    );
    expect(fixed.json()).toMatchObject({ retried_invoices: [{ id: open!.id, status: 'charged' }] });
    expect(unpaid(await invoices(no))).toEqual([]);
  });

  it('stores and logs no card number or CVC anywhere', async () => {
    const at = await t.signIn('unpaid', 'at');
    const location = (await c.membership(at)).location.id;
    for (const card of TEST_CARDS) {
      const returned = await c.enterCard(await c.verifoneUrl(at), { number: card.number, cvc: CVC });
      expect(returned).not.toContain(card.number);
      await c.register(at, returned, location);
    }
    const everything = await everyRow(t.db);
    expect(everything).toContain('**** **** **** 1111');
    for (const card of TEST_CARDS) expect(everything).not.toContain(card.number);
    expect(everything).not.toMatch(/"cvc|"card_number|"cvv/i);
    expect(everything).not.toContain(`"${CVC}"`);
  });
});
