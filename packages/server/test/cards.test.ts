import { cardTexts } from '@portal/domain';
import { CARD_ALREADY_EXISTS_MESSAGE, CARD_REGISTERED_MESSAGE, CardRegistered } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardCheckouts, events, members, paymentMethods } from '../src/db/schema.ts';
import { cardClient, expectError } from './support/cards.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';

const VISA = { number: '4111 1111 1111 1111' };
const MASTERCARD = { number: '5555555555554444' };
const THREE_DS = { number: '4000000000003220' };
const DECLINED = { number: '4000000000000002' };

describe.each(databases())('card update through the sandbox providers on %s', (kind) => {
  let t: TestApp;
  let c: ReturnType<typeof cardClient>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    c = cardClient(t);
  });
  afterAll(() => t?.close());

  const cardEvents = async (membershipId: string) =>
    (await t.db.select().from(events).where(eq(events.membershipId, membershipId))).filter(
      (e) => e.action === 'update_credit_card',
    );
  const checkoutOf = async (url: string) => {
    const id = decodeURIComponent(new URL(url).pathname.split('/').pop()!);
    const [row] = await t.db.select().from(cardCheckouts).where(eq(cardCheckouts.id, id));
    return row!;
  };
  const noOrigin = 'http://no.localhost:8080';
  const dibsQuery = (location: string, extra: Record<string, string> = {}) => ({
    success: `${noOrigin}/payment/payment-method-updated`,
    cancel: `${noOrigin}/payment/credit-card?cancelled=1`,
    locale: 'nb-NO',
    location,
    ...extra,
  });

  it('issues a checkout per provider, on the portal origin, and logs in_progress', async () => {
    const de = await t.signIn('active', 'de');
    const url = await c.verifoneUrl(de);
    expect(url).toMatch(/^http:\/\/de\.localhost:8080\/api\/dev\/cards\/verifone\/[\w-]+\?locale=[\w-]+$/);
    const checkout = await checkoutOf(url);
    expect(checkout).toMatchObject({
      provider: 'verifone',
      status: 'open',
      successUrl: 'http://de.localhost:8080/payment/payment-method-updated',
      cancelUrl: 'http://de.localhost:8080/payment/credit-card?cancelled=1',
    });
    expect(checkout.expiresAt.getTime() - checkout.createdAt.getTime()).toBe(30 * 60_000);
    const m = await c.membership(de);
    expect((await cardEvents(m.id)).map((e) => [e.status, e.details])).toEqual([
      ['in_progress', { provider: 'verifone', checkout_id: checkout.id }],
    ]);

    const no = await t.signIn('active', 'no');
    const location = (await c.membership(no)).location.id;
    const res = await c.dibsUrl(no, dibsQuery(location));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^http:\/\/no\.localhost:8080\/api\/dev\/cards\/dibs\//);

    // Each operator has one provider; the other's endpoint says which one it is.
    expectError(await c.dibsUrl(de, dibsQuery(m.location.id)), 422, 'card_provider_mismatch');
    expectError(await c.api('GET', '/v1/membership/verifone_url', no), 422, 'card_provider_mismatch');
    expect((await c.api('GET', '/v1/membership/verifone_url', null)).statusCode).toBe(401);
  });

  it('accepts return addresses on the operator’s own origin only (no open redirect)', async () => {
    const no = await t.signIn('active', 'no');
    const location = (await c.membership(no)).location.id;
    const refused = async (extra: Record<string, string>, field: string) => {
      const error = expectError(await c.dibsUrl(no, dibsQuery(location, extra)), 400, 'invalid_request');
      expect(error.context).toEqual({ field });
    };
    await refused({ success: 'https://evil.example/payment/payment-method-updated' }, 'query.success');
    await refused({ success: '/payment/payment-method-updated' }, 'query.success');
    await refused({ cancel: 'javascript:alert(1)' }, 'query.cancel');
    await refused({ cancel: 'http://de.localhost:8080/payment/credit-card' }, 'query.cancel');
    await refused({ success: `http://user:pw@no.localhost:8080/x` }, 'query.success');
    await refused({ location: 'another-club' }, 'query.location');
    expect((await c.api('GET', `/v1/membership/dibs_url?location=${location}`, no)).statusCode).toBe(400);
  });

  it('refuses the card update for invalid personal details, on every endpoint', async () => {
    const de = await t.signIn('invalid_details', 'de');
    const m = await c.membership(de);
    const error = expectError(
      await c.api('GET', '/v1/membership/verifone_url', de),
      422,
      'invalid_personal_details',
    );
    expect(error.message).toMatch(/personal information|persönlichen Daten/);
    const post = await c.api('POST', '/v1/membership/verifone_credit_card', de, {
      location_id: m.location.id,
    });
    expectError(post, 422, 'invalid_personal_details');
    const no = await t.signIn('invalid_details', 'no');
    const location = (await c.membership(no)).location.id;
    expectError(await c.dibsUrl(no, dibsQuery(location)), 422, 'invalid_personal_details');
    expect(await t.db.select().from(cardCheckouts)).not.toContainEqual(
      expect.objectContaining({ memberId: m.id }),
    );
  });

  it('serves the hosted pages: labelled form, test cards, frame rules per provider', async () => {
    const de = await t.signIn('rfid', 'de');
    const verifone = await c.page(await c.verifoneUrl(de));
    expect(verifone.statusCode).toBe(200);
    // The German member's page is German (the member's language; verifone's call carries none).
    expect(verifone.body).toContain('<label for="card-number">Kartennummer</label>');
    expect(verifone.body).toContain('4111 1111 1111 1111');
    expect(verifone.body).toContain('Abbrechen');
    expect(verifone.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(verifone.headers['x-frame-options']).toBe('DENY');

    const no = await t.signIn('rfid', 'no');
    const location = (await c.membership(no)).location.id;
    const dibs = await c.page((await c.dibsUrl(no, dibsQuery(location))).json().url);
    expect(dibs.statusCode).toBe(200);
    expect(dibs.body).toContain('DIBS');
    expect(dibs.headers['content-security-policy']).toContain(`frame-ancestors ${noOrigin}`);
    // In the language the portal asked for, with the member's currency; it reports its height.
    expect(dibs.body).toContain('<html lang="nb-NO">');
    expect(dibs.body).toContain('<label for="card-number">Kortnummer</label>');
    expect(dibs.body).toMatch(/<strong>0,00\skr<\/strong>/);
    expect(dibs.body).not.toContain('€');
    expect(dibs.body).toContain('<input type="hidden" name="locale" value="nb-NO">');
    expect(dibs.body).toContain('<script src="/api/dev/cards/sandbox.js"></script>');
    const script = await c.page('/api/dev/cards/sandbox.js');
    expect(script.body).toContain("type: 'card-frame:height'");
    // A language the operator does not offer: the member's own.
    const english = await c.page((await c.dibsUrl(no, dibsQuery(location, { locale: 'de-DE' }))).json().url);
    expect(english.body).toMatch(/<html lang="(nb|en)-NO">/);
    const refused = await c.post((await c.dibsUrl(no, dibsQuery(location))).json().url, {
      card_number: '4111111111111112',
      expiry: '12/29',
      cvc: '123',
      locale: 'nb-NO',
      action: 'pay',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Kortnummeret er ikke gyldig.');

    const unknown = await c.page('/api/dev/cards/verifone/00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('shows field errors on the page for a bad number, a past expiry or a missing CVC', async () => {
    const de = await t.signIn('scheduled_freeze', 'de');
    const url = await c.verifoneUrl(de);
    const res = await c.post(url, {
      card_number: '4111 1111 1111 1112',
      expiry: '10/26',
      cvc: '',
      action: 'pay',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The card number is not valid.');
    expect(res.body).toContain('The card has expired.');
    expect(res.body).toContain('Enter the 3 or 4 digits');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).not.toContain('4111 1111 1111 1112');
    const unknown = await c.post(url, {
      card_number: '4242424242424242',
      expiry: '12/29',
      cvc: '123',
      action: 'pay',
    });
    expect(unknown.body).toContain('only the test cards');
    expect((await checkoutOf(url)).status).toBe('open');
  });

  it('registers a card (verifone), then the same card again is "already exists"', async () => {
    const de = await t.signIn('active', 'de');
    const before = await c.membership(de);
    const returned = await c.enterCard(await c.verifoneUrl(de), VISA);
    expect(returned).toMatch(/^http:\/\/de\.localhost:8080\/payment\/payment-method-updated\?/);
    const res = await c.register(de, returned, before.location.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(CardRegistered.parse(res.json())).toEqual({
      message: CARD_REGISTERED_MESSAGE,
      outcome: 'success',
      retried_invoices: [],
    });
    const after = await c.membership(de);
    expect(after.current_payment_method).toMatchObject({
      provider: 'verifone',
      type: 'card',
      brand: 'visa',
      details: '**** **** **** 1111',
      expire: '2912',
    });
    expect(after.current_payment_method?.id).not.toBe(before.current_payment_method?.id);
    const memberId = await memberIdOf('active@de.example');
    const rows = await t.db.select().from(paymentMethods).where(eq(paymentMethods.memberId, memberId));
    expect(rows.filter((r) => r.removedAt === null)).toHaveLength(1);
    expect(rows.filter((r) => r.removedAt !== null).map((r) => r.id)).toEqual([
      before.current_payment_method?.id,
    ]);
    // The reuse token never travels in the return address: the server exchanged the
    // transaction reference for it (docs/security.md, R11).
    const token = rows.find((r) => r.removedAt === null)?.providerToken;
    expect(token).toBeTruthy();
    const sent = new URL(returned).searchParams;
    expect(sent.has('reuse_token')).toBe(false);
    expect([...sent.values()]).not.toContain(token);
    expect(returned).not.toContain(token!.split('.')[1]);
    // An altered transaction reference is refused (its signature and the return's).
    const altered = new URL(await c.enterCard(await c.verifoneUrl(de), VISA));
    altered.searchParams.set('transaction_id', `${altered.searchParams.get('transaction_id')}x`);
    expect((await c.register(de, altered.toString(), before.location.id)).statusCode).toBe(422);
    const success = (await cardEvents(after.id)).filter((e) => e.status === 'success');
    expect(success).toHaveLength(1);
    expect(success[0]?.details).toMatchObject({
      brand: 'visa',
      details: '**** **** **** 1111',
      outcome: 'success',
    });

    const again = await c.register(de, await c.enterCard(await c.verifoneUrl(de), VISA), before.location.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: CARD_ALREADY_EXISTS_MESSAGE, outcome: 'exists' });
    expect((await c.membership(de)).current_payment_method?.id).toBe(after.current_payment_method?.id);

    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=active@de.example' })).json();
    // In the German member's language (docs/operators.md, "Demo members").
    expect(mails[0].subject).toBe(`Stride Fitness: ${cardTexts.de.exists.subject}`);
    expect(mails[1].subject).toBe(`Stride Fitness: ${cardTexts.de.registered.subject}`);
    expect(mails[1].body).toContain('Visa **** **** **** 1111');
  });

  async function memberIdOf(username: string): Promise<string> {
    const [row] = await t.db.select().from(members).where(eq(members.username, username));
    return row!.id;
  }

  it('refuses replayed, forged and other members’ returns; a double post registers once', async () => {
    const at = await t.signIn('active', 'at');
    const location = (await c.membership(at)).location.id;
    const returned = await c.enterCard(await c.verifoneUrl(at), MASTERCARD);

    const forged = await c.register(at, returned, location, (p) => {
      p.card_last4 = '0000';
    });
    expectError(forged, 422, 'invalid_card_return');
    const unsigned = await c.register(at, returned, location, (p) => {
      delete p.signature;
    });
    expectError(unsigned, 422, 'invalid_card_return');

    const other = await t.signIn('rfid', 'at');
    const otherLocation = (await c.membership(other)).location.id;
    expectError(await c.register(other, returned, otherLocation), 422, 'invalid_card_return');
    expectError(await c.register(at, returned, 'not-my-club'), 400, 'invalid_request');

    const [first, second] = await Promise.all([
      c.register(at, returned, location),
      c.register(at, returned, location),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    expectError(second.statusCode === 422 ? second : first, 422, 'invalid_card_return');
    expectError(await c.register(at, returned, location), 422, 'invalid_card_return');
    const m = await c.membership(at);
    expect((await cardEvents(m.id)).filter((e) => e.status === 'success')).toHaveLength(1);
    expect(m.current_payment_method).toMatchObject({ brand: 'mastercard', details: '**** **** **** 4444' });
  });

  it('walks dibs in the iframe: 3-D Secure confirmed registers, failed is error 140', async () => {
    const no = await t.signIn('scheduled_freeze', 'no');
    const location = (await c.membership(no)).location.id;
    const open = async () => (await c.dibsUrl(no, dibsQuery(location))).json().url as string;

    const failed = await c.enterCard(await open(), THREE_DS, 'fail');
    expect(failed).toContain(`${noOrigin}/payment/payment-method-updated?`);
    expect(new URL(failed).searchParams.get('status')).toBe('DECLINED');
    expectError(await c.register(no, failed, location), 422, 'card_declined');

    const ok = await c.enterCard(await open(), THREE_DS, 'confirm');
    expect(new URL(ok).searchParams.has('ticket')).toBe(false);
    const res = await c.register(no, ok, location);
    expect(res.statusCode, res.body).toBe(200);
    const m = await c.membership(no);
    expect(m.current_payment_method).toMatchObject({ provider: 'dibs', details: '**** **** **** 3220' });
    const failures = (await cardEvents(m.id)).filter((e) => e.status === 'failure');
    expect(failures.map((e) => e.details)).toEqual([
      expect.objectContaining({ error_code: 140, error: '3D Secure processing error' }),
    ]);
  });

  it('logs a declined card and a cancel; the payment method stays', async () => {
    const ch = await t.signIn('active', 'ch');
    const before = await c.membership(ch);
    const url = await c.verifoneUrl(ch);
    const declined = await c.register(ch, await c.enterCard(url, DECLINED), before.location.id);
    expectError(declined, 422, 'card_declined');
    expect((await checkoutOf(url)).status).toBe('failed');

    const cancelUrl = await c.verifoneUrl(ch);
    const cancelled = await c.cancel(cancelUrl);
    expect(cancelled).toMatch(/^http:\/\/ch\.localhost:8080\/payment\/credit-card\?cancelled=1&/);
    expectError(await c.register(ch, cancelled, before.location.id), 422, 'card_update_cancelled');
    expect((await checkoutOf(cancelUrl)).status).toBe('cancelled');

    const after = await c.membership(ch);
    expect(after.current_payment_method).toEqual(before.current_payment_method);
    const failures = (await cardEvents(after.id)).filter((e) => e.status === 'failure');
    expect(failures.map((e) => e.details?.error)).toEqual(['Declined by the processor', 'cancelled']);
    // No card number: twelve digits in a row, ids aside (a uuid's last group can be all digits).
    for (const e of failures)
      expect(
        JSON.stringify(e.details).replace(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, ''),
      ).not.toMatch(/\d{12,}/);
  });

  it('refuses a return after the checkout expired', async () => {
    const fi = await t.signIn('active', 'fi');
    const location = (await c.membership(fi)).location.id;
    const url = (
      await c.dibsUrl(fi, {
        ...dibsQuery(location),
        success: 'http://fi.localhost:8080/ok',
        cancel: 'http://fi.localhost:8080/no',
        locale: 'fi-FI',
      })
    ).json().url;
    const returned = await c.enterCard(url, VISA);
    t.clock.advance(31 * 60_000);
    try {
      expectError(await c.register(fi, returned, location), 422, 'invalid_card_return');
      expect((await c.page(url)).statusCode).toBe(410);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });
});
