import { DEMO_PASSWORD } from '@portal/demo-data';
import { ErrorBody, Invoices, SepaMandate } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, sepaCollections, sepaMandates } from '../src/db/schema.ts';
import { everyRow } from './support/cards.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, expectRefusal, memberApi } from './support/member-api.ts';

const IBAN_DE = 'DE89370400440532013000';
const IBAN_DE_SPACED = 'de89 3704 0044 0532 0130 00';
const IBAN_AT = 'AT611904300234573201';

const memberIdOf = async (t: TestApp, username: string) =>
  (await t.db.select({ id: members.id }).from(members).where(eq(members.username, username)))[0]!.id;

describe.each(databases())('SEPA direct debit mandate on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const put = (token: string, body: object) => api.call('PUT', '/v1/membership/sepa_mandate', token, body);
  const get = (token: string) => api.call('GET', '/v1/membership/sepa_mandate', token);
  const change = (token: string, iban = IBAN_DE, holder = 'Jürgen Müller') =>
    put(token, { iban, account_holder: holder, password: DEMO_PASSWORD });

  it('answers 404 no_sepa_mandate before any mandate', async () => {
    const token = await t.signIn('active', 'de');
    const res = await get(token);
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('no_sepa_mandate');
  });

  it('signs a mandate: masked everywhere, the payment method, one mail with the pre-notification', async () => {
    const token = await t.signIn('active', 'de');
    const res = await change(token, IBAN_DE_SPACED);
    expect(res.statusCode, res.body).toBe(200);
    const mandate = SepaMandate.parse(res.json());
    expect(mandate.iban).toBe('DE89 •••• 3000');
    expect(mandate.account_holder).toBe('Juergen Mueller');
    expect(mandate.creditor_id).toBe('DE98ZZZ09999999999');
    expect(mandate.mandate_reference).toMatch(/^DE-20261122-[A-Z2-9]{12}$/);
    expect(mandate.mandate_reference.length).toBeLessThanOrEqual(35);
    expect(mandate.next_debit).not.toBeNull();
    expect(res.body).not.toContain('0532013000');

    expect(SepaMandate.parse((await get(token)).json())).toEqual(mandate);
    const membership = await api.membership(token);
    expect(membership.current_payment_method).toEqual({
      id: expect.any(String),
      type: 'sepa_direct_debit',
      provider: 'sepa',
      details: 'DE89 •••• 3000',
      brand: null,
      expire: null,
    });

    const mails = await api.outbox('active@de.example');
    const mail = mails.find((m) => m.body.includes(mandate.mandate_reference));
    expect(mail?.body).toContain('DE98ZZZ09999999999');
    expect(mail?.body).toContain('DE89 •••• 3000');
    expect(mail?.body).toContain('€');
    expect(mail?.body).toMatch(/acht Wochen|eight weeks/);
    expect(mails.map((m) => m.body).join('\n')).not.toContain('0532013000');

    const event = (await api.events('active@de.example')).at(-1);
    expect(event?.action).toBe('update_payment_method');
    expect(JSON.stringify(event?.details)).not.toContain('0532013000');

    // The data export holds the mandate with the masked IBAN only.
    const exported = await api.call('GET', '/v1/membership/export', token);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('0532013000');
    expect(exported.json().sepa_mandates).toEqual([
      expect.objectContaining({ iban_masked: 'DE89 •••• 3000', reference: mandate.mandate_reference }),
    ]);
  });

  it('refuses invalid, non-SEPA and malformed input with 400 naming the field', async () => {
    const token = await t.signIn('in_trial', 'de');
    expectInvalid(await change(token, 'DE89370400440532013001'), 'body.iban');
    expectInvalid(await change(token, 'DE8937040044053201300'), 'body.iban');
    expectInvalid(await change(token, 'hello'), 'body.iban');
    const notSepa = await change(token, 'TR330006100519786457841326');
    expectInvalid(notSepa, 'body.iban');
    expect(ErrorBody.parse(notSepa.json()).errors[0]?.message).toMatch(/SEPA/);
    expectInvalid(await change(token, IBAN_DE, 'X'), 'body.account_holder');
    expectInvalid(await change(token, IBAN_DE, '王小明'), 'body.account_holder');
    expectInvalid(await change(token, IBAN_DE, 'A'.repeat(71)), 'body.account_holder');
    expect((await put(token, { iban: IBAN_DE, account_holder: 'Anna Beispiel' })).statusCode).toBe(400);
    expect((await get(token)).statusCode).toBe(404);
  });

  it('refuses a wrong password with 403 and counts it with the password change’s limit', async () => {
    const token = await t.signIn('in_freeze', 'de');
    const wrong = await put(token, {
      iban: IBAN_DE,
      account_holder: 'Anna Beispiel',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(403);
    expect(ErrorBody.parse(wrong.json()).errors[0]).toMatchObject({
      type: 'invalid_current_password',
      context: { field: 'body.password' },
    });
    expect((await get(token)).statusCode).toBe(404);
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push(
        (await put(token, { iban: IBAN_DE, account_holder: 'Anna Beispiel', password: `wrong-${i}` }))
          .statusCode,
      );
    expect(tries).toContain(429);
    // The limit is the member's: the right password waits too.
    expect((await change(token)).statusCode).toBe(429);
  });

  it('applies the card update’s rule: invalid personal details block the bank account too', async () => {
    const token = await t.signIn('invalid_details', 'de');
    expectRefusal(await change(token), 'invalid_personal_details');
  });

  it('answers 422 payment_method_not_offered where the operator has no direct debit', async () => {
    for (const op of ['ch', 'no', 'fi'] as const) {
      const token = await t.signIn('active', op);
      expectRefusal(await change(token, IBAN_DE), 'payment_method_not_offered');
      expectRefusal(await get(token), 'payment_method_not_offered');
    }
  });

  it('keeps members apart: an Austrian member’s mandate is theirs and the operator’s own', async () => {
    const at = await t.signIn('active', 'at');
    const res = await change(at, IBAN_AT, 'Anna Huber');
    expect(res.statusCode, res.body).toBe(200);
    const mandate = SepaMandate.parse(res.json());
    expect(mandate.creditor_id).toBe('AT61ZZZ01234567890');
    expect(mandate.mandate_reference).toMatch(/^AT-/);
    // The German member still sees only their own mandate.
    const de = await t.signIn('active', 'de');
    const own = SepaMandate.parse((await get(de)).json());
    expect(own.mandate_reference).not.toBe(mandate.mandate_reference);
    expect(own.iban).toBe('DE89 •••• 3000');
  });

  it('two changes at once leave one mandate active, the other ended', async () => {
    const token = await t.signIn('rfid', 'de');
    const [a, b] = await Promise.all([
      change(token, IBAN_DE, 'Erika Muster'),
      change(token, IBAN_AT, 'Erika Muster'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const memberId = await memberIdOf(t, 'rfid@de.example');
    const active = await t.db
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.memberId, memberId), isNull(sepaMandates.endedAt)));
    expect(active).toHaveLength(1);
    const all = await t.db.select().from(sepaMandates).where(eq(sepaMandates.memberId, memberId));
    expect(all).toHaveLength(2);
    expect(SepaMandate.parse((await get(token)).json()).mandate_reference).toBe(active[0]!.reference);
  });

  it('queues the unpaid member’s declined invoice for the next debit run instead of charging it', async () => {
    const token = await t.signIn('unpaid', 'de');
    const before = Invoices.parse((await api.call('GET', '/v1/membership/invoices', token)).json());
    const open = before.filter((i) => i.status === 'declined' && i.period !== null);
    expect(open.length).toBeGreaterThan(0);
    const res = await change(token, IBAN_DE, 'Uwe Unbezahlt');
    expect(res.statusCode, res.body).toBe(200);
    const mandate = SepaMandate.parse(res.json());
    // Not charged at once: still declined, with a collection queued after the notice period.
    const after = Invoices.parse((await api.call('GET', '/v1/membership/invoices', token)).json());
    expect(after.filter((i) => i.status === 'declined' && i.period !== null).map((i) => i.id)).toEqual(
      open.map((i) => i.id),
    );
    const memberId = await memberIdOf(t, 'unpaid@de.example');
    const queued = await t.db.select().from(sepaCollections).where(eq(sepaCollections.memberId, memberId));
    expect(queued.map((q) => [q.invoiceId, q.status, q.amount])).toEqual(
      open.map((i) => [i.id, 'queued', i.amount]),
    );
    expect(mandate.next_debit).toEqual({
      date: '2026-11-27',
      amount: open.reduce((s, i) => s + i.amount, 0),
    });
    expect(queued.every((q) => q.dueOn === '2026-11-27')).toBe(true);
    // A second change moves the queue to the new mandate, never twice.
    expect((await change(token, IBAN_AT, 'Uwe Unbezahlt')).statusCode).toBe(200);
    const again = await t.db.select().from(sepaCollections).where(eq(sepaCollections.memberId, memberId));
    expect(again).toHaveLength(queued.length);
  });

  it('stores the full IBAN only in the mandate row', async () => {
    const rows = await everyRow(t.db);
    const hits = rows.split('\n').filter((table) => table.includes('0532013000'));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toContain('iban_masked');
  });
});
