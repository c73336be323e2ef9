import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  ErrorBody,
  Invoice,
  Invoices,
  type OperatorId,
  PtWidgetSession,
  type PtWidgetKind,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPtSettings } from '../src/adapters/pt/config.ts';
import { buildApp } from '../src/app.ts';
import { events, members, memberships, ptBookings, ptPurchases } from '../src/db/schema.ts';
import { operatorSeeds, type Persona } from '@portal/demo-data';
import { ptRows } from '@portal/demo-data';
import { type PtTokenClaims, signPtToken } from '@portal/domain';
import { bearer, databases, startApp, type TestApp, testConfig } from './support/harness.ts';

const NOW = '2026-11-22T10:00:00Z'; // a Sunday; tomorrow is Monday 23 November
const SECRET = testConfig().pt.secret!;
const PT = '/api/dev/pt/v1';

type Res = { statusCode: number; json(): unknown; headers: Record<string, unknown>; body: string };

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as PtTokenClaims;

const expectError = (res: Res, status: number, type: string) => {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.status).toBe(status);
  expect(body.errors[0]?.type).toBe(type);
  return body.errors[0]!;
};

describe('the demo trainers', () => {
  it('share no first or last name with a demo member, so no member books “with” their own name', () => {
    const { trainers } = ptRows(() => '2026-11-22');
    expect(trainers.length).toBeGreaterThan(10);
    const memberNames = new Set(
      Object.values(operatorSeeds).flatMap((seed) => seed.people.flatMap((p) => [p.first, p.last])),
    );
    const clashes = trainers.filter((x) => x.name.split(' ').some((part) => memberNames.has(part)));
    expect(clashes.map((x) => x.name)).toEqual([]);
  });
});

describe.each(databases())('personal training on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
  });
  afterAll(() => t?.close());

  const session = async (persona: Persona, op: OperatorId, widget: PtWidgetKind) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/pt/widget_session',
      headers: bearer(await t.signIn(persona, op)),
      payload: { widget },
    });
  const tokenFor = async (persona: Persona, op: OperatorId, widget: PtWidgetKind) => {
    const res = await session(persona, op, widget);
    expect(res.statusCode, res.body).toBe(200);
    return PtWidgetSession.parse(res.json()).token;
  };
  const provider = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    token: string | null,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `${PT}/${path}`,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const memberOf = async (persona: Persona, op: OperatorId) => {
    const [row] = await t.db
      .select({ id: members.id, locale: members.locale, club: memberships.locationId })
      .from(members)
      .innerJoin(memberships, eq(memberships.memberId, members.id))
      .where(and(eq(members.operatorId, op), eq(members.username, `${persona}@${op}.example`)));
    return row!;
  };
  /** A booking token as the portal would sign it, for members the test picks (any club). */
  const signedFor = async (
    memberId: string,
    op: OperatorId,
    club: string,
    widget: PtWidgetKind = 'booking',
  ) =>
    (
      await signPtToken(
        SECRET,
        { sub: memberId, op, club, wid: widget, loc: 'en-DE', win: { until: null, frozen: [] } },
        t.clock.now(),
      )
    ).token;
  const grantSessions = (memberId: string, sessions: number) =>
    t.db.insert(ptPurchases).values({
      id: randomUUID(),
      memberId,
      packageId: 'de-pt-5',
      sessions,
      amount: 0,
      currency: 'EUR',
      requestId: `test-${randomUUID()}`,
      purchasedAt: t.clock.now(),
    });
  const trainersOf = async (token: string) =>
    (await provider('GET', 'trainers', token)).json() as { trainers: { id: string; name: string }[] };
  const slotsOf = async (token: string, trainerId: string) =>
    (
      (await provider('GET', `slots?trainer_id=${trainerId}`, token)).json() as {
        slots: { starts_at: string; ends_at: string; cancellable_until: string; cancellable: boolean }[];
      }
    ).slots;
  const bookingsOf = async (token: string) =>
    (await provider('GET', 'bookings', token)).json() as {
      remaining_sessions: number;
      bookings: { id: string; starts_at: string; trainer_name: string; cancellable: boolean }[];
    };

  it('opens widget sessions where the operator has PT, with the sandbox frame and a 10-minute token', async () => {
    for (const op of ['de', 'ch', 'no'] as const) {
      for (const widget of ['package_buy', 'booking'] as const) {
        const res = await session('active', op, widget);
        expect(res.statusCode, res.body).toBe(200);
        const answer = PtWidgetSession.parse(res.json());
        expect(answer).toMatchObject({
          widget,
          frame_url: '/api/dev/pt/frame.html',
          expires_at: '2026-11-22T10:10:00.000Z',
        });
        const member = await memberOf('active', op);
        expect(claimsOf(answer.token)).toMatchObject({
          sub: member.id,
          op,
          club: member.club,
          wid: widget,
          loc: member.locale,
          exp: Date.parse('2026-11-22T10:10:00Z') / 1000,
        });
      }
    }
    // Every token is new: a random id, not the session token.
    const a = await tokenFor('active', 'de', 'booking');
    const b = await tokenFor('active', 'de', 'booking');
    expect(a).not.toBe(b);
    expect(claimsOf(a).jti).not.toBe(claimsOf(b).jti);
  });

  it('answers 404 pt_not_available where the operator has no PT (at, fi)', async () => {
    for (const op of ['at', 'fi'] as const) {
      expectError(await session('active', op, 'package_buy'), 404, 'pt_not_available');
      expectError(await session('active', op, 'booking'), 404, 'pt_not_available');
    }
  });

  it('refuses PT before the membership starts and after it ended, in the member’s language', async () => {
    const presale = expectError(
      await session('presale', 'no', 'package_buy'),
      422,
      'pt_before_membership_start',
    );
    expect(presale.message).toMatch(
      /^Personlig trening blir tilgjengelig når medlemskapet ditt starter \d+\. /,
    );
    for (const persona of ['cancelled', 'stopped', 'cancelled_in_trial', 'cancelled_in_presale'] as const) {
      // The German members are seeded in German (docs/operators.md).
      const item = expectError(await session(persona, 'de', 'booking'), 422, 'invalid_status_for_pt');
      expect(item.message).toBe('Personal Training ist nur mit einer laufenden Mitgliedschaft möglich.');
    }
    for (const persona of ['in_trial', 'in_cancellation', 'in_freeze', 'unpaid'] as const) {
      expect((await session(persona, 'ch', 'package_buy')).statusCode, persona).toBe(200);
    }
  });

  it('tells the provider the days a member can train, and offers no session outside them', async () => {
    const cancelling = claimsOf(await tokenFor('in_cancellation', 'de', 'booking'));
    expect(cancelling.win).toEqual({ until: '2026-12-31', frozen: [] });
    const frozenToken = await tokenFor('in_freeze', 'de', 'booking');
    expect(claimsOf(frozenToken).win).toEqual({
      until: null,
      frozen: [{ from: '2026-11-01', to: '2026-11-30' }],
    });
    const [trainer] = (await trainersOf(frozenToken)).trainers;
    const slots = await slotsOf(frozenToken, trainer!.id);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.starts_at >= '2026-11-30T23:00:00.000Z')).toBe(true);
    // Package-buy tokens carry no window.
    expect(claimsOf(await tokenFor('active', 'de', 'package_buy')).win).toBeUndefined();
  });

  it('refuses a tampered, expired, foreign or missing token and a token of the other widget with 401', async () => {
    const token = await tokenFor('rfid', 'de', 'package_buy');
    expect((await provider('GET', 'packages', token)).statusCode).toBe(200);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = await memberOf('active', 'de');
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(token), sub: other.id })).toString('base64url');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const foreign = await signPtToken(
      'another-secret-of-at-least-32-characters',
      claimsOf(token),
      t.clock.now(),
    );
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
      foreign.token,
      'not-a-token',
    ]) {
      expect(expectError(await provider('GET', 'packages', bad), 401, 'unauthorized').context).toMatchObject({
        reason: expect.stringMatching(/^(malformed|signature)$/),
      });
    }
    expectError(await provider('GET', 'packages', null), 401, 'unauthorized');
    expect(expectError(await provider('GET', 'trainers', token), 401, 'unauthorized').context).toEqual({
      reason: 'widget',
    });
    // A bad token is refused before the body is read.
    expectError(await provider('POST', 'purchases', 'not-a-token', '{broken'), 401, 'unauthorized');

    t.clock.advance(10 * 60_000);
    try {
      expect(expectError(await provider('GET', 'packages', token), 401, 'unauthorized').context).toEqual({
        reason: 'expired',
      });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('lists the operator’s packages in its currency and the asked language, with the sessions left', async () => {
    const ch = await tokenFor('rfid', 'ch', 'package_buy');
    const german = (
      await provider('GET', 'packages', ch, undefined, { 'accept-language': 'de-CH' })
    ).json() as {
      currency: string;
      remaining_sessions: number;
      packages: {
        id: string;
        name: string;
        description: string;
        sessions: number;
        price: number;
        currency: string;
      }[];
    };
    expect(german.currency).toBe('CHF');
    expect(german.remaining_sessions).toBe(0);
    expect(german.packages.map((p) => [p.name, p.sessions, p.price, p.currency])).toEqual([
      ['Kennenlern-Einheit', 1, 5900, 'CHF'],
      ['5er-Paket', 5, 44900, 'CHF'],
      ['10er-Paket', 10, 84900, 'CHF'],
    ]);
    const french = (
      await provider('GET', 'packages', ch, undefined, { 'accept-language': 'fr-CH,fr;q=0.9' })
    ).json() as typeof german;
    expect(french.packages[1]?.name).toBe('Forfait 5 séances');
    // Without a language asked: the token's (the member's locale of record; de-CH by default).
    const own = (await provider('GET', 'packages', ch)).json() as typeof german;
    expect(own.packages[0]?.name).toBe('Kennenlern-Einheit');

    const no = (
      await provider('GET', 'packages', await tokenFor('rfid', 'no', 'package_buy'))
    ).json() as typeof german;
    expect(no.currency).toBe('NOK');
    expect(no.packages.map((p) => [p.name, p.price])).toEqual([
      ['Prøvetime', 49500],
      ['Pakke med 5 timer', 349000],
      ['Pakke med 10 timer', 649000],
    ]);
  });

  it('buys once per request id, billed as an invoice line the member sees under payments', async () => {
    const portal = await t.signIn('rfid', 'de');
    const invoices = async () =>
      Invoices.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/v1/membership/invoices', headers: bearer(portal) })
        ).json(),
      );
    const before = await invoices();
    const token = await tokenFor('rfid', 'de', 'package_buy');
    const body = { package_id: 'de-pt-10', request_id: 'buy-0001-abcdef' };
    const [first, second] = [
      await provider('POST', 'purchases', token, body),
      await provider('POST', 'purchases', token, body),
    ];
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(200);
    const bought = first.json() as {
      purchase: { id: string; invoice_id: string };
      remaining_sessions: number;
    };
    expect(second.json()).toMatchObject({
      purchase: bought.purchase,
      replayed: true,
      remaining_sessions: 10,
    });
    expect(bought).toMatchObject({
      purchase: { package_id: 'de-pt-10', sessions: 10, amount: 54900, currency: 'EUR' },
      remaining_sessions: 10,
    });

    const after = await invoices();
    expect(after).toHaveLength(before.length + 1);
    const invoice = after.find((i) => i.id === bought.purchase.invoice_id);
    // Billed today for the payment run; a package is sessions, not a period of club use.
    expect(invoice).toMatchObject({
      status: 'scheduled',
      invoice_date: '2026-11-22',
      amount: 54900,
      currency: 'EUR',
      period: null,
    });
    expect(invoice?.lines).toEqual([
      expect.objectContaining({
        amount: 54900,
        product_type: 'add_on_fee',
        product_id: bought.purchase.id,
        system_concept: 'pt_package',
        human_concept: '10er-Paket', // the member's language: German
        period: null,
      }),
    ]);
    const logged = await t.db.select().from(events).where(eq(events.action, 'pt_package_purchased'));
    expect(
      logged.filter((e) => (e.details as { purchase_id?: string }).purchase_id === bought.purchase.id),
    ).toHaveLength(1);

    // The same request id for another package is a conflict, not a second purchase.
    expectError(
      await provider('POST', 'purchases', token, { ...body, package_id: 'de-pt-5' }),
      409,
      'request_id_reused',
    );
    // Another operator's package or an unknown one: 404.
    expectError(
      await provider('POST', 'purchases', token, { package_id: 'ch-pt-5', request_id: 'buy-0002-abcdef' }),
      404,
      'not_found',
    );
    expect((await invoices()).length).toBe(before.length + 1);
  });

  it('names the package on the invoice in the language the member bought it in', async () => {
    const token = await tokenFor('in_trial', 'ch', 'package_buy');
    const bought = await provider(
      'POST',
      'purchases',
      token,
      { package_id: 'ch-pt-5', request_id: 'buy-french-1' },
      { 'accept-language': 'fr-CH' },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const { purchase } = bought.json() as { purchase: { invoice_id: string } };
    const invoice = Invoice.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/membership/invoices/${purchase.invoice_id}`,
          headers: bearer(await t.signIn('in_trial', 'ch')),
        })
      ).json(),
    );
    expect(invoice.lines[0]).toMatchObject({
      system_concept: 'pt_package',
      human_concept: 'Forfait 5 séances',
    });
  });

  it('re-checks the membership when billing: a membership stopped since the widget opened buys nothing', async () => {
    const token = await tokenFor('invalid_details', 'de', 'package_buy');
    const member = await memberOf('invalid_details', 'de');
    await t.db
      .update(memberships)
      .set({ stoppedOn: '2026-11-22' })
      .where(eq(memberships.memberId, member.id));
    try {
      const item = expectError(
        await provider('POST', 'purchases', token, {
          package_id: 'de-pt-intro',
          request_id: 'buy-stopped-1',
        }),
        422,
        'invalid_status_for_pt',
      );
      expect(item.message).toBe('Personal Training ist nur mit einer laufenden Mitgliedschaft möglich.');
      // In the language the widget asks in, which is the one on the member's screen.
      const french = expectError(
        await provider(
          'POST',
          'purchases',
          token,
          { package_id: 'de-pt-intro', request_id: 'buy-stopped-2' },
          { 'accept-language': 'fr-CH' },
        ),
        422,
        'invalid_status_for_pt',
      );
      expect(french.message).toBe(
        'Le coaching personnalisé n’est disponible qu’avec un abonnement en cours.',
      );
      expect(await t.db.select().from(ptPurchases).where(eq(ptPurchases.memberId, member.id))).toEqual([]);
    } finally {
      await t.db.update(memberships).set({ stoppedOn: null }).where(eq(memberships.memberId, member.id));
    }
  });

  it('shows the seeded active member their booking and sessions left, and a trainer’s free hours', async () => {
    const token = await tokenFor('active', 'de', 'booking');
    const mine = await bookingsOf(token);
    expect(mine.remaining_sessions).toBe(4);
    expect(mine.bookings).toHaveLength(1);
    expect(mine.bookings[0]).toMatchObject({ starts_at: '2026-11-25T09:00:00.000Z', cancellable: true });

    const { trainers } = await trainersOf(token);
    expect(trainers.map((x) => x.name)).toEqual(['Greta Vogel', 'Kai Brandt', 'Miriam Lorenz']);
    const slots = await slotsOf(token, trainers[0]!.id);
    // Tomorrow (Monday) 10:00 to 20:00 Berlin time (staffed 10–21), one-hour sessions on the hour.
    const monday = slots.filter((s) => s.starts_at.startsWith('2026-11-23'));
    expect(monday.map((s) => s.starts_at.slice(11, 16))).toEqual(
      ['09', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19'].map((h) => `${h}:00`),
    );
    expect(monday[0]?.ends_at).toBe('2026-11-23T10:00:00.000Z');
    // Saturday 10–18, nothing today, nothing after 14 days, not the member's own booked hour.
    expect(slots.filter((s) => s.starts_at.startsWith('2026-11-28'))).toHaveLength(8);
    expect(slots.some((s) => s.starts_at.startsWith('2026-11-22'))).toBe(false);
    expect(slots.at(-1)?.starts_at.slice(0, 10)).toBe('2026-12-06');
    expect(slots.some((s) => s.starts_at === '2026-11-25T09:00:00.000Z')).toBe(false);
  });

  it('offers tomorrow’s first hours but says a booking of them is binding, as cancelling will then refuse it', async () => {
    const member = await memberOf('rfid', 'ch');
    await grantSessions(member.id, 1);
    const token = await tokenFor('rfid', 'ch', 'booking');
    const [trainer] = (await trainersOf(token)).trainers;
    const slots = await slotsOf(token, trainer!.id);
    // Now is Sunday 11:00 in Zürich; Monday's sessions from 09:00 (08:00Z) on.
    const monday = slots.filter((s) => s.starts_at.startsWith('2026-11-23'));
    expect(monday.slice(0, 4)).toEqual([
      expect.objectContaining({ starts_at: '2026-11-23T08:00:00.000Z', cancellable: false }),
      expect.objectContaining({ starts_at: '2026-11-23T09:00:00.000Z', cancellable: false }),
      // Exactly 24 hours ahead is too late already: cancelling is allowed only before that.
      expect.objectContaining({ starts_at: '2026-11-23T10:00:00.000Z', cancellable: false }),
      expect.objectContaining({
        starts_at: '2026-11-23T11:00:00.000Z',
        cancellable_until: '2026-11-22T11:00:00.000Z',
        cancellable: true,
      }),
    ]);
    expect(slots.filter((s) => !s.cancellable)).toHaveLength(3);

    const booked = await provider('POST', 'bookings', token, {
      trainer_id: trainer!.id,
      starts_at: monday[2]!.starts_at,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking } = booked.json() as { booking: { id: string; cancellable: boolean } };
    expect(booking.cancellable).toBe(false);
    expectError(await provider('DELETE', `bookings/${booking.id}`, token), 422, 'cancellation_too_late');
  });

  it('refuses a booking without sessions left, and a time that is not offered', async () => {
    const token = await tokenFor('rfid', 'no', 'booking');
    const [trainer] = (await trainersOf(token)).trainers;
    const [slot] = await slotsOf(token, trainer!.id);
    expectError(
      await provider('POST', 'bookings', token, { trainer_id: trainer!.id, starts_at: slot!.starts_at }),
      422,
      'no_sessions_left',
    );
    await grantSessions((await memberOf('rfid', 'no')).id, 1);
    for (const starts_at of [
      '2026-11-23T09:30:00Z',
      '2026-11-22T12:00:00Z',
      '2026-12-20T10:00:00Z',
      '2026-11-23T03:00:00Z',
    ]) {
      expectError(
        await provider('POST', 'bookings', token, { trainer_id: trainer!.id, starts_at }),
        422,
        'slot_not_offered',
      );
    }
    expectError(
      await provider('POST', 'bookings', token, {
        trainer_id: 'de-berlin-mitte-pt-1',
        starts_at: slot!.starts_at,
      }),
      404,
      'not_found',
    );
    expect(
      (await provider('POST', 'bookings', token, { trainer_id: trainer!.id, starts_at: slot!.starts_at }))
        .statusCode,
    ).toBe(201);
  });

  it('books one trainer’s hour once when ten members try at the same moment', async () => {
    const club = 'de-hamburg-altona';
    // Members no other test here books for (the token, not the membership, names the club).
    const personas: Persona[] = [
      'cancelled',
      'stopped',
      'cancelled_in_presale',
      'cancelled_in_trial',
      'presale',
      'in_trial',
      'in_cancellation',
      'closed_club',
      'in_freeze',
      'max_frozen',
    ];
    const ten = await Promise.all(personas.map((p) => memberOf(p, 'de')));
    for (const m of ten) await grantSessions(m.id, 2);
    const tokens = await Promise.all(ten.map((m) => signedFor(m.id, 'de', club)));
    const trainer = `${club}-pt-1`;
    const slot = (await slotsOf(tokens[0]!, trainer)).find((s) => s.starts_at.startsWith('2026-11-26'))!;

    const answers = await Promise.all(
      tokens.map((token) =>
        provider('POST', 'bookings', token, { trainer_id: trainer, starts_at: slot.starts_at }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.statusCode === 409)) expectError(lost, 409, 'slot_taken');
    const live = await t.db
      .select()
      .from(ptBookings)
      .where(and(eq(ptBookings.trainerId, trainer), eq(ptBookings.startsAt, new Date(slot.starts_at))));
    expect(live.filter((b) => b.cancelledAt === null)).toHaveLength(1);
    // The hour is gone for everyone else.
    expect((await slotsOf(tokens[1]!, trainer)).some((s) => s.starts_at === slot.starts_at)).toBe(false);
  });

  it('never lets a member’s concurrent bookings use more sessions than they have, nor two at one time', async () => {
    const member = await memberOf('new_signup', 'de');
    await grantSessions(member.id, 2);
    const token = await signedFor(member.id, 'de', member.club);
    const { trainers } = await trainersOf(token);
    const slots = await slotsOf(token, trainers[0]!.id);
    const five = slots.filter((s) => s.starts_at.startsWith('2026-11-30')).slice(0, 5);
    const answers = await Promise.all(
      five.map((s) =>
        provider('POST', 'bookings', token, { trainer_id: trainers[0]!.id, starts_at: s.starts_at }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expectError(refused, 422, 'no_sessions_left');
    expect((await bookingsOf(token)).remaining_sessions).toBe(0);

    // One hour, two trainers, at once: one booking, the other 409 member_busy.
    await grantSessions(member.id, 2);
    const hour = slots.find((s) => s.starts_at.startsWith('2026-12-01'))!.starts_at;
    const both = await Promise.all(
      [trainers[1]!, trainers[2]!].map((x) =>
        provider('POST', 'bookings', token, { trainer_id: x.id, starts_at: hour }),
      ),
    );
    expect(both.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expectError(both.find((a) => a.statusCode === 409)!, 409, 'member_busy');
    expect((await bookingsOf(token)).remaining_sessions).toBe(1);
  });

  it('cancels until 24 hours before the start, which gives the session back; later it is refused', async () => {
    const member = await memberOf('max_frozen', 'ch');
    await grantSessions(member.id, 1);
    let token = await tokenFor('max_frozen', 'ch', 'booking');
    const { trainers } = await trainersOf(token);
    const [early, late] = (await slotsOf(token, trainers[0]!.id)).filter((s) =>
      s.starts_at.startsWith('2026-11-24'),
    );
    const booked = await provider('POST', 'bookings', token, {
      trainer_id: trainers[0]!.id,
      starts_at: early!.starts_at,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { booking } = booked.json() as { booking: { id: string; cancellable_until: string } };
    expect(booking.cancellable_until).toBe(
      new Date(Date.parse(early!.starts_at) - 24 * 3_600_000).toISOString(),
    );
    expect((await bookingsOf(token)).remaining_sessions).toBe(0);

    const cancelled = await provider('DELETE', `bookings/${booking.id}`, token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ id: booking.id, remaining_sessions: 1 });
    expect((await bookingsOf(token)).bookings).toEqual([]);
    expect((await slotsOf(token, trainers[0]!.id)).some((s) => s.starts_at === early!.starts_at)).toBe(true);
    expectError(await provider('DELETE', `bookings/${booking.id}`, token), 404, 'not_found');

    const again = await provider('POST', 'bookings', token, {
      trainer_id: trainers[0]!.id,
      starts_at: late!.starts_at,
    });
    const lateId = (again.json() as { booking: { id: string } }).booking.id;
    t.clock.set(new Date(Date.parse(late!.starts_at) - 23 * 3_600_000));
    try {
      token = await tokenFor('max_frozen', 'ch', 'booking');
      const refused = expectError(
        await provider('DELETE', `bookings/${lateId}`, token),
        422,
        'cancellation_too_late',
      );
      expect(refused.context).toEqual({
        cancellable_until: new Date(Date.parse(late!.starts_at) - 24 * 3_600_000).toISOString(),
      });
      const still = await bookingsOf(token);
      expect(still.remaining_sessions).toBe(0);
      expect(still.bookings[0]).toMatchObject({ id: lateId, cancellable: false });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('answers 404 for another member’s booking, and never shows it', async () => {
    const theirs = (await bookingsOf(await tokenFor('active', 'de', 'booking'))).bookings[0]!;
    const mine = await tokenFor('scheduled_freeze', 'de', 'booking');
    expectError(await provider('DELETE', `bookings/${theirs.id}`, mine), 404, 'not_found');
    expectError(await provider('DELETE', `bookings/${randomUUID()}`, mine), 404, 'not_found');
    expect((await bookingsOf(mine)).bookings).toEqual([]);
    expect((await bookingsOf(await tokenFor('active', 'de', 'booking'))).bookings).toHaveLength(1);
  });

  it('answers malformed input with 400 and the error body', async () => {
    const buy = await tokenFor('unpaid', 'de', 'package_buy');
    const book = await tokenFor('unpaid', 'de', 'booking');
    const portal = await t.signIn('unpaid', 'de');
    const cases: [Res, string][] = [
      [await provider('POST', 'purchases', buy, {}), 'body.package_id'],
      [
        await provider('POST', 'purchases', buy, { package_id: 'de-pt-5', request_id: 'short' }),
        'body.request_id',
      ],
      [
        await provider('POST', 'purchases', buy, { package_id: 'de-pt-5', request_id: 'okay-okay-1', x: 1 }),
        'body.x',
      ],
      [await provider('POST', 'purchases', buy, '{"package_id":'), 'body'],
      [
        await provider('POST', 'purchases', buy, { package_id: 5, request_id: 'okay-okay-1' }),
        'body.package_id',
      ],
      [
        await provider('POST', 'bookings', book, { trainer_id: 'x', starts_at: 'tomorrow at ten' }),
        'body.starts_at',
      ],
      [await provider('POST', 'bookings', book, { starts_at: '2026-11-23T10:00:00Z' }), 'body.trainer_id'],
      [await provider('GET', 'slots', book), 'query.trainer_id'],
      [await provider('DELETE', `bookings/${'x'.repeat(150)}`, book), 'params.id'],
      [
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/pt/widget_session',
          headers: bearer(portal),
          payload: { widget: 'everything' },
        }),
        'body.widget',
      ],
    ];
    for (const [res, field] of cases) {
      const item = expectError(res, 400, 'invalid_request');
      expect(item.context?.field).toBe(field);
    }
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/pt/widget_session',
        payload: { widget: 'booking' },
      }),
      401,
      'unauthorized',
    );
  });

  it('serves the widget script as JavaScript with caching, next to its API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/pt/widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('window.PtWidgets');
    const etag = String(res.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/dev/pt/widget.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the frame page with its own policy and its scripts, and lets the framed widget call its API', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/dev/pt/frame.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script src="widget.js" defer></script>');
    expect(page.body).toContain('<script src="frame.js" defer></script>');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    const frame = await t.app.inject({ method: 'GET', url: '/api/dev/pt/frame.js' });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain("type: 'pt-frame:ready'");
    // Loaded from the frame's opaque origin: cross-origin for the browser's resource policy.
    expect(frame.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');

    // The frame runs in an opaque origin: its calls are cross-origin, with the bearer token only.
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `${PT}/purchases`,
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,accept-language',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const refused = await t.app.inject({ method: 'GET', url: `${PT}/packages`, headers: { origin: 'null' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // The portal's own API stays same-origin.
    const portal = await t.app.inject({
      method: 'GET',
      url: '/api/v2/membership',
      headers: { origin: 'null' },
    });
    expect(portal.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('has no sandbox in production; without a key or provider it answers 503, with them the provider’s frame', async () => {
    const production = async (env: Record<string, string>) => {
      const app = await buildApp({
        db: t.db,
        clock: t.clock,
        config: testConfig({ isProduction: true, nodeEnv: 'production', pt: loadPtSettings(env, true) }),
        logger: false,
      });
      await app.ready();
      return app;
    };
    const bare = await production({});
    try {
      const token = await t.signIn('active', 'de');
      for (const url of ['/api/dev/pt/widget.js', '/api/dev/pt/frame.html', `${PT}/packages`]) {
        expectError(await bare.inject({ method: 'GET', url }), 404, 'not_found');
      }
      const res = await bare.inject({
        method: 'POST',
        url: '/api/v1/pt/widget_session',
        headers: bearer(token),
        payload: { widget: 'booking' },
      });
      expectError(res, 503, 'pt_unavailable');
    } finally {
      await bare.close();
    }

    const configured = await production({
      PT_WIDGET_SECRET: 'a-production-secret-of-more-than-32-characters',
      PT_PROVIDER_URL_DE: 'https://widgets.pt-provider.example/stride/',
    });
    try {
      const token = await t.signIn('active', 'de');
      const res = await configured.inject({
        method: 'POST',
        url: '/api/v1/pt/widget_session',
        headers: bearer(token),
        payload: { widget: 'package_buy' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(PtWidgetSession.parse(res.json()).frame_url).toBe(
        'https://widgets.pt-provider.example/stride/frame.html',
      );
      // The portal's pages may frame that provider, and no other; its scripts never run in
      // the portal's origin, and the portal's pages do not call it (ADR 032).
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-src 'self' https://widgets.pt-provider.example;");
      // Our own scripts and the prerendered page's one inline script (by its hash), nothing of the provider.
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')?;/);
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toMatch(/(script|connect)-src[^;]*pt-provider/);
      // Switzerland has PT but no provider configured: 503.
      const swiss = await configured.inject({
        method: 'POST',
        url: '/api/v1/pt/widget_session',
        headers: bearer(await t.signIn('active', 'ch')),
        payload: { widget: 'package_buy' },
      });
      expectError(swiss, 503, 'pt_unavailable');
    } finally {
      await configured.close();
    }
  });

  it('says at start in production which PT operators cannot open their widgets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig({
        isProduction: true,
        nodeEnv: 'production',
        pt: loadPtSettings({ PT_PROVIDER_URL_CH: 'https://pt.example' }, true),
      }),
      logger: { level: 'warn', stream },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('PT_WIDGET_SECRET is not set: the PT widgets answer 503 until it is.');
    expect(log).toContain('No PT provider for de, no (PT_PROVIDER_URL_DE, PT_PROVIDER_URL_NO)');
  });

  it('refuses a short PT_WIDGET_SECRET and a provider address that is not https in production', () => {
    expect(() => loadPtSettings({ PT_WIDGET_SECRET: 'too-short' }, false)).toThrow(/at least 32/);
    expect(() => loadPtSettings({ PT_PROVIDER_URL_NO: 'http://pt.example' }, true)).toThrow(/https/);
    expect(() => loadPtSettings({ PT_PROVIDER_URL_NO: 'not a url' }, false)).toThrow(/absolute URL/);
    expect(loadPtSettings({}, true)).toEqual({ secret: null, providerUrls: {}, sandbox: false });
  });
});
