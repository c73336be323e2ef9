import { accessTexts } from '@portal/domain';
import {
  ActivatedChip,
  ErrorBody,
  Invoices,
  type Key,
  Membership,
  TemporaryPinIssued,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chipOrders, events, keys, memberships } from '../src/db/schema.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';

describe.each(databases())('access chip and PINs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
  });
  afterAll(() => t?.close());

  type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
  const call = (method: Method, url: string, token: string | null, payload?: string | object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const activate = (token: string, code: string) => call('PUT', '/v1/membership/rfids', token, { code });
  const reportLost = (token: string, code: string) => call('DELETE', '/v1/membership/rfids', token, { code });
  const forgotten = (token: string) => call('POST', '/v1/membership/temporary_pin', token, {});
  const membership = async (token: string) =>
    Membership.parse((await call('GET', '/v2/membership', token)).json());
  const outboxFor = async (
    to: string,
  ): Promise<{ channel: string; subject: string | null; body: string }[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json();
  const mobileOf = (m: Membership) => `${m.profile.mobile.prefix}${m.profile.mobile.number}`;
  const expectRefusal = (res: { statusCode: number; json(): unknown }, type: string) => {
    expect(res.statusCode).toBe(422);
    const body = ErrorBody.parse(res.json());
    expect(body.errors.map((e) => e.type)).toEqual([type]);
    return body.errors[0]!;
  };
  const chipOf = (m: Membership) => m.keys.find((k) => k.type === 'rfid' && k.status === 'active');
  const pinsOf = (m: Membership) => m.keys.filter((k) => k.type === 'pin');
  const newestPin = (m: Membership) => pinsOf(m)[0] as Key;
  const eventsOf = async (membershipId: string, action: string) =>
    (await t.db.select().from(events).where(eq(events.membershipId, membershipId))).filter(
      (e) => e.action === action,
    );

  it('activates a chip: the answer, the read model, an event and an e-mail; the PIN in use ends', async () => {
    const token = await t.signIn('active', 'de');
    const res = await activate(token, ' 0a1b 2c3d ');
    expect(res.statusCode).toBe(200);
    expect(ActivatedChip.parse(res.json())).toEqual({
      type: 'rfid',
      code: '0A1B2C3D',
      valid_from: '2026-11-22',
      valid_to: null,
    });
    const m = await membership(token);
    expect(chipOf(m)).toMatchObject({ code: '0A1B2C3D', status: 'active' });
    expect(pinsOf(m).every((k) => k.status === 'inactive')).toBe(true);
    expect(newestPin(m).valid_to).toBe('2026-11-22');
    const mails = await outboxFor('active@de.example');
    // The German member's language (docs/operators.md, "Demo members").
    expect(mails[0]).toMatchObject({
      channel: 'email',
      subject: `Stride Fitness: ${accessTexts.de.activatedMail.subject}`,
    });
    expect(mails[0]?.body).toContain('0A1B2C3D');
    expect(await eventsOf(m.id, 'chip_activated')).toHaveLength(1);

    // The same chip again is answered as it is: nothing is written or sent twice.
    const again = await activate(token, '0A1B-2C3D');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await outboxFor('active@de.example')).toHaveLength(mails.length);
    expect(await eventsOf(m.id, 'chip_activated')).toHaveLength(1);
  });

  it('activates for in_trial, presale, in_freeze and in_cancellation, capping validity at the end date', async () => {
    for (const [persona, op] of [
      ['in_trial', 'fi'],
      ['presale', 'no'],
      ['in_freeze', 'no'],
    ] as const) {
      const res = await activate(await t.signIn(persona, op), `C0DE${persona.length}${op}`.toUpperCase());
      expect(res.statusCode, persona).toBe(200);
    }
    const token = await t.signIn('in_cancellation', 'ch');
    const end = (await membership(token)).end_date;
    const res = await activate(token, 'CANCEL01');
    expect(ActivatedChip.parse(res.json()).valid_to).toBe(end);
  });

  it('refuses the ended statuses on every call, in the member language, changing nothing', async () => {
    for (const persona of ['cancelled', 'cancelled_in_trial', 'cancelled_in_presale', 'stopped'] as const) {
      const token = await t.signIn(persona, 'at');
      const before = await membership(token);
      for (const res of [
        await activate(token, 'ENDED001'),
        await reportLost(token, 'ENDED001'),
        await forgotten(token),
      ]) {
        const error = expectRefusal(res, 'invalid_status_for_access');
        expect(error.context).toEqual({ status: persona });
        expect(error.message).toMatch(/Chip und PIN sind nicht verfügbar/);
      }
      expect(await membership(token)).toEqual(before);
    }
  });

  it("refuses another member's chip code without saying whose, and changes nothing", async () => {
    const ownerToken = await t.signIn('rfid', 'no');
    const owner = await membership(ownerToken);
    const code = chipOf(owner)!.code;
    const token = await t.signIn('max_frozen', 'fi');
    const before = await membership(token);

    for (const typed of [code, code.toLowerCase(), `${code.slice(0, 4)} ${code.slice(4)}`]) {
      const res = await activate(token, typed);
      const error = expectRefusal(res, 'chip_already_assigned');
      expect(error.context).toBeUndefined();
      for (const secret of [
        owner.profile.first_name,
        owner.profile.last_name,
        owner.membership_number,
        owner.id,
      ]) {
        expect(res.body).not.toContain(secret);
      }
    }
    expectRefusal(await reportLost(token, code), 'key_not_assigned');
    expect(await membership(token)).toEqual(before);
    expect(await membership(ownerToken)).toEqual(owner);
    expect(await outboxFor('rfid@no.example')).toEqual([]);
    expect(await outboxFor(mobileOf(owner))).toEqual([]);
  });

  it('exactly one of two members racing for one code gets it', async () => {
    const racers = await Promise.all(
      (['in_freeze', 'unpaid', 'scheduled_freeze', 'invalid_details'] as const).map((p) => t.signIn(p, 'de')),
    );
    const results = await Promise.all(racers.map((token) => activate(token, 'RACE0001')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(ErrorBody.parse(r.json()).errors[0]?.type).toBe('chip_already_assigned');
    }
    expect(await t.db.select().from(keys).where(eq(keys.code, 'RACE0001'))).toHaveLength(1);
  });

  it('reports a lost chip: blocked, a replacement ordered at fee 0, a seven-digit PIN by SMS for 21 days', async () => {
    const token = await t.signIn('rfid', 'at');
    const before = await membership(token);
    const chip = chipOf(before)!;
    const res = await reportLost(token, chip.code.toLowerCase());
    expect(res.statusCode).toBe(204);

    const m = await membership(token);
    expect(m.keys.find((k) => k.code === chip.code)).toMatchObject({
      status: 'inactive',
      valid_to: '2026-11-22',
    });
    const pin = newestPin(m);
    expect(pin).toMatchObject({ status: 'active', valid_from: '2026-11-22', valid_to: '2026-12-12' });
    expect(pin.code).toMatch(/^[1-9]\d{6}$/);
    const orders = await t.db.select().from(chipOrders).where(eq(chipOrders.membershipId, m.id));
    expect(orders.map((o) => o.fee)).toEqual([0]);

    const [sms] = await outboxFor(mobileOf(m));
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toContain(pin.code);
    expect(sms?.body).toContain('#');
    expect(sms?.body).toContain('12. Dezember 2026');
    expect(sms?.body).not.toMatch(/Clubleitung|Clubmanager/);
    const [mail] = await outboxFor('rfid@at.example');
    expect(mail?.subject).toBe('Stride Fitness: Ihr Chip ist gesperrt');
    expect(mail?.body).toContain('10,00');
    expect(mail?.body).not.toContain(pin.code);
    const [event] = await eventsOf(m.id, 'chip_reported_lost');
    expect(JSON.stringify(event?.details)).not.toContain(pin.code);

    // Reported again: the same success, and no second PIN.
    expect((await reportLost(token, chip.code)).statusCode).toBe(204);
    expect(await outboxFor(mobileOf(m))).toHaveLength(1);
    expect(pinsOf(await membership(token)).filter((k) => k.status === 'active')).toHaveLength(1);

    // The lost chip stays blocked; a new chip ends the temporary PIN.
    expectRefusal(await activate(token, chip.code), 'chip_reported_lost');
    expect((await activate(token, 'NEWCHIP1')).statusCode).toBe(200);
    const after = await membership(token);
    expect(chipOf(after)?.code).toBe('NEWCHIP1');
    expect(newestPin(after)).toMatchObject({ code: pin.code, status: 'inactive', valid_to: '2026-11-22' });
  });

  it('in Germany the PIN is valid one month and the SMS names the club manager', async () => {
    const token = await t.signIn('rfid', 'de');
    const chip = chipOf(await membership(token))!;
    expect((await reportLost(token, chip.code)).statusCode).toBe(204);
    const m = await membership(token);
    expect(newestPin(m).valid_to).toBe('2026-12-21');
    const [sms] = await outboxFor(mobileOf(m));
    expect(sms?.body).toContain(accessTexts.de.contactManager);
  });

  it('sends one PIN when the same chip is reported lost twice at once', async () => {
    const token = await t.signIn('rfid', 'ch');
    const m = await membership(token);
    const code = chipOf(m)!.code;
    const results = await Promise.all([
      reportLost(token, code),
      reportLost(token, code),
      reportLost(token, code),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    expect(await outboxFor(mobileOf(m))).toHaveLength(1);
    expect(pinsOf(await membership(token))).toHaveLength(1);
    expect(await t.db.select().from(chipOrders).where(eq(chipOrders.membershipId, m.id))).toHaveLength(1);
  });

  it('answers Key not assigned for a code that is not the member’s chip in use', async () => {
    const token = await t.signIn('unpaid', 'no');
    expectRefusal(await reportLost(token, 'NOSUCHCHIP'), 'key_not_assigned');
    expect((await activate(token, 'FIRST001')).statusCode).toBe(200);
    expect((await activate(token, 'SECOND01')).statusCode).toBe(200);
    // The replaced chip was not lost: it is no longer the member's chip in use.
    const error = expectRefusal(await reportLost(token, 'FIRST001'), 'key_not_assigned');
    expect(error.message).toMatch(/^Brikken er ikke tildelt/);
    expect(chipOf(await membership(token))?.code).toBe('SECOND01');
  });

  it('sends a PIN for a forgotten chip for today, billing the SMS fee once; a second request sends nothing', async () => {
    const token = await t.signIn('scheduled_freeze', 'at');
    expectRefusal(await forgotten(token), 'no_active_chip');
    expect((await activate(token, 'FORGOT01')).statusCode).toBe(200);
    const m = await membership(token);

    const first = await forgotten(token);
    expect(first.statusCode).toBe(200);
    const issued = TemporaryPinIssued.parse(first.json());
    expect(issued).toEqual({
      valid_from: '2026-11-22',
      valid_to: '2026-11-22',
      fee: 300,
      sent_to: `+43 •••• ${m.profile.mobile.number.slice(-4)}`,
      already_issued: false,
    });
    const pin = newestPin(await membership(token));
    expect(pin).toMatchObject({ status: 'active', valid_to: '2026-11-22' });
    expect(chipOf(await membership(token))?.code).toBe('FORGOT01');
    const [sms] = await outboxFor(mobileOf(m));
    expect(sms?.body).toContain(pin.code);
    expect(sms?.body).toMatch(/3,00/);

    const again = await forgotten(token);
    expect(TemporaryPinIssued.parse(again.json())).toEqual({ ...issued, already_issued: true });
    expect(await outboxFor(mobileOf(m))).toHaveLength(1);
    const invoices = Invoices.parse((await call('GET', '/v1/membership/invoices', token)).json());
    const fees = invoices.filter((i) => i.lines.some((l) => l.product_type === 'add_on_fee'));
    expect(fees.map((i) => [i.invoice_date, i.amount, i.status])).toEqual([['2026-11-22', 300, 'scheduled']]);
    expect(await eventsOf(m.id, 'temporary_pin_issued')).toHaveLength(1);
  });

  it('bills nothing where the operator has no SMS fee, and sends one PIN for concurrent requests', async () => {
    const token = await t.signIn('max_frozen', 'de');
    expect((await activate(token, 'FORGOT02')).statusCode).toBe(200);
    const results = await Promise.all([forgotten(token), forgotten(token), forgotten(token)]);
    const answers = results.map((r) => TemporaryPinIssued.parse(r.json()));
    expect(answers.map((a) => a.already_issued).sort()).toEqual([false, true, true]);
    expect(answers.every((a) => a.fee === null)).toBe(true);
    const m = await membership(token);
    expect(await outboxFor(mobileOf(m))).toHaveLength(1);
    const invoices = Invoices.parse((await call('GET', '/v1/membership/invoices', token)).json());
    expect(invoices.some((i) => i.lines.some((l) => l.product_type === 'add_on_fee'))).toBe(false);
  });

  it('rejects malformed input with 400 naming the field, and unsigned calls with 401', async () => {
    const token = await t.signIn('in_trial', 'no');
    for (const payload of [
      {},
      { code: 123 },
      { code: '' },
      { code: '   ' },
      { code: 'ab' },
      { code: '<script>' },
      { code: 'x'.repeat(41) },
      { code: 'ABCD1234', extra: true },
      '{"code":',
      [],
    ]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(method, '/v1/membership/rfids', token, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const body = ErrorBody.parse(res.json());
        expect(body.errors[0]?.type).toBe('invalid_request');
        expect(String(body.errors[0]?.context?.field)).toMatch(/^body/);
      }
    }
    expect((await call('DELETE', '/v1/membership/rfids', token)).statusCode).toBe(400);
    expect((await call('POST', '/v1/membership/temporary_pin', token, { pin: '1234567' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/v1/membership/rfids', null, { code: 'ABCD1234' })).statusCode).toBe(401);
    expect((await call('POST', '/v1/membership/temporary_pin', null, {})).statusCode).toBe(401);
  });

  it('limits chip calls per member, whatever the session (429 with Retry-After)', async () => {
    const token = await t.signIn('in_trial', 'at');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await reportLost(token, `GUESS${i}00`)).statusCode);
    expect(statuses.every((s) => s === 422)).toBe(true);
    const limited = await reportLost(await t.signIn('in_trial', 'at'), 'GUESS999');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('shows the keys of an ended membership as inactive from its end, in the read model', async () => {
    // Cancelled during trial: ends at once.
    const trial = await t.signIn('in_trial', 'de');
    expect((await call('POST', '/v1/membership/cancellations', trial, {})).statusCode).toBe(200);
    const cancelled = await membership(trial);
    expect(cancelled.status).toBe('cancelled_in_trial');
    expect(cancelled.keys.map((k) => [k.status, k.valid_to])).toEqual([['inactive', '2026-11-22']]);

    // Stopped by the operator today.
    const stoppedToken = await t.signIn('active', 'no');
    const { id } = await membership(stoppedToken);
    await t.db.update(memberships).set({ stoppedOn: '2026-11-22' }).where(eq(memberships.id, id));
    const stopped = await membership(stoppedToken);
    expect(stopped.status).toBe('stopped');
    expect(stopped.keys.every((k) => k.status === 'inactive' && k.valid_to! <= '2026-11-22')).toBe(true);

    // In cancellation: valid to the end date, then inactive.
    const running = await membership(await t.signIn('in_cancellation', 'fi'));
    expect(newestPin(running)).toMatchObject({ status: 'active', valid_to: running.end_date });
    try {
      // Sessions last 12 hours of the portal clock: sign in again after moving it.
      t.clock.set(`${running.end_date}T12:00:00Z`);
      expect(newestPin(await membership(await t.signIn('in_cancellation', 'fi'))).status).toBe('active');
      t.clock.set('2027-01-05T10:00:00Z');
      const ended = await membership(await t.signIn('in_cancellation', 'fi'));
      expect(ended.status).toBe('cancelled');
      expect(newestPin(ended)).toMatchObject({ status: 'inactive', valid_to: running.end_date });
    } finally {
      t.clock.set('2026-11-22T10:00:00Z');
    }
    // Derived, not stored: the stored PIN is still active.
    const stored = await t.db.select().from(keys).where(eq(keys.membershipId, running.id));
    expect(stored.map((k) => k.status)).toEqual(['active']);
  });
});
