import { ClassBookingResult, ClassTimetable, ErrorBody, Membership } from '@portal/contract';
import { demoUsername, smallSessionId } from '@portal/demo-data';
import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxSenders } from '../src/adapters/senders.ts';
import type { AppDeps } from '../src/deps.ts';
import { classBookings, classSessions, members, memberships, outbox } from '../src/db/schema.ts';
import { createClassesService } from '../src/modules/classes/service.ts';
import { demoDoorKey } from '../src/modules/workouts/demo-door-keys.ts';
import { bearer, databases, startApp, type TestApp, testConfig } from './support/harness.ts';
import { importInto, refusal } from './support/imports.ts';

// Group classes (docs/classes.md, ADR 044) on both databases. The portal clock is Sunday
// 2026-11-22 10:00 UTC (11:00 in Berlin); the seed's timetable runs this week and next.
const NOW = '2026-11-22T10:00:00Z';
const BERLIN = 'de-berlin-mitte';
const HAMBURG = 'de-hamburg-altona';
const HOUR = 60 * 60 * 1000;

describe.each(databases())('group classes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
    // The test's own class and sessions, through the import like any timetable.
    await importInto(
      t,
      {
        classes: [
          { id: 'test-box', operator_id: 'de', name: 'Box Fit', intensity: 'high', duration_minutes: 45 },
        ],
        class_sessions: [
          session('test-tomorrow', BERLIN, '2026-11-23T17:00:00Z', 3),
          session('test-overlap', HAMBURG, '2026-11-23T17:15:00Z', 10),
          session('test-far', BERLIN, '2026-12-01T17:00:00Z', 10),
          session('test-crowd', BERLIN, '2026-11-24T17:00:00Z', 3),
          session('test-late', HAMBURG, '2026-11-25T06:00:00Z', 1),
          ...[1, 2, 3, 4, 5, 6].map((n) =>
            session(`test-many-${n}`, HAMBURG, `2026-11-${22 + n}T05:00:00Z`, 10),
          ),
        ].filter((s) => s.starts_at > NOW),
      },
      testConfig(),
    );
  });
  afterAll(() => t?.close());

  function session(id: string, club: string, starts: string, capacity: number) {
    return {
      id,
      class_id: 'test-box',
      club_id: club,
      starts_at: starts,
      ends_at: new Date(new Date(starts).getTime() + 45 * 60_000).toISOString(),
      room: 'Studio 3',
      instructor: 'Mara',
      capacity,
    };
  }

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token) });
  const book = (token: string, id: string) => call('POST', `/v1/membership/classes/${id}/booking`, token);
  const cancel = (token: string, id: string) => call('DELETE', `/v1/membership/classes/${id}/booking`, token);
  const timetable = async (token: string, query = '') => {
    const res = await call('GET', `/v1/membership/classes${query}`, token);
    expect(res.statusCode).toBe(200);
    return ClassTimetable.parse(res.json());
  };
  const expectRefusal = (res: { statusCode: number; json(): unknown }, type: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
    expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe(type);
  };
  const services = () =>
    createClassesService({ db: t.db, clock: t.clock, ...outboxSenders(t.clock) } as unknown as AppDeps);

  /** `n` new active members of de at Berlin, imported; their ids. */
  async function newMembers(prefix: string, n: number) {
    const rows = Array.from({ length: n }, (_, i) => ({
      membership_number: `${prefix}-${i + 1}`,
      operator_id: 'de',
      email: `${prefix.toLowerCase()}-${i + 1}@example.org`,
      first_name: `Member${i + 1}`,
      last_name: 'Test',
      street: 'Markt 1',
      postal_code: '10115',
      postal_location: 'Berlin',
      mobile_prefix: '+49',
      mobile_number: `1519988${String(7000 + i)}`,
      product_id: 'de-all-clubs',
      club_id: BERLIN,
      begin_date: '2025-01-01',
    }));
    await importInto(t, { members: rows }, testConfig());
    const found = await t.db
      .select({ id: members.id, number: memberships.membershipNumber, email: members.email })
      .from(members)
      .innerJoin(memberships, eq(memberships.memberId, members.id))
      .where(
        inArray(
          memberships.membershipNumber,
          rows.map((r) => r.membership_number),
        ),
      );
    return rows.map((r) => found.find((f) => f.number === r.membership_number)!);
  }
  const auth = (memberId: string) => ({ memberId, operatorId: 'de' as const, sessionId: 'test' });

  it('lists the week with places, states and the seeded small session', async () => {
    const token = await t.signIn('active', 'de');
    const { sessions, policy } = await timetable(token);
    expect(policy.booking_opens_days_ahead).toBe(7);
    expect(sessions.length).toBeGreaterThan(20);
    expect(sessions.every((s) => s.starts_at >= NOW)).toBe(true);
    const small = sessions.find((s) => s.id === smallSessionId(BERLIN));
    expect(small).toMatchObject({ capacity: 3, booked: 3, state: 'full', my_booking: null });
    expect(sessions.find((s) => s.id === 'test-far')?.state).toBe('not_yet_bookable');
    const hamburg = await timetable(token, `?location_id=${HAMBURG}`);
    expect(hamburg.sessions.every((s) => s.location_id === HAMBURG)).toBe(true);
    // At most 14 days.
    const wide = await call(
      'GET',
      '/v1/membership/classes?from=2026-11-22T00:00:00Z&to=2026-12-10T00:00:00Z',
      token,
    );
    expect(wide.statusCode).toBe(400);
  });

  it('has no classes for ch: 404', async () => {
    const res = await call('GET', '/v1/membership/classes', await t.signIn('active', 'ch'));
    expect(res.statusCode).toBe(404);
  });

  it('refuses each rule with its type', async () => {
    const token = await t.signIn('in_trial', 'de');
    expectRefusal(await book(token, 'test-far'), 'booking_not_open_yet');
    expectRefusal(await book(token, `${BERLIN}-2026-11-22-1000`), 'class_started');
    expect((await book(token, 'test-tomorrow')).statusCode).toBe(201);
    expectRefusal(await book(token, 'test-overlap'), 'overlapping_booking');
    expectRefusal(
      await book(await t.signIn('in_freeze', 'de'), 'test-tomorrow'),
      'membership_status_not_allowed',
    );
    expectRefusal(
      await book(await t.signIn('cancelled', 'de'), 'test-tomorrow'),
      'membership_status_not_allowed',
    );
    expectRefusal(
      await book(await t.signIn('presale', 'de'), 'test-tomorrow'),
      'membership_status_not_allowed',
    );
    // Another operator's session is unknown.
    expect((await book(await t.signIn('active', 'at'), 'test-tomorrow')).statusCode).toBe(404);
    expect((await cancel(await t.signIn('active', 'at'), 'test-tomorrow')).statusCode).toBe(404);
    expect((await book(token, 'no-such-session')).statusCode).toBe(404);
  });

  it('refuses more future bookings than the operator allows', async () => {
    const token = await t.signIn('in_cancellation', 'de');
    const many = ['test-many-1', 'test-many-2', 'test-many-3', 'test-many-4', 'test-many-5'];
    for (const id of many) expect((await book(token, id)).statusCode).toBe(201);
    // A repeated booking answers the booking it has, and counts once.
    expect(ClassBookingResult.parse((await book(token, 'test-many-1')).json()).status).toBe('booked');
    expectRefusal(await book(token, 'test-far'), 'booking_not_open_yet');
    expectRefusal(await book(token, 'test-crowd'), 'max_bookings_reached');
    for (const id of many) expect((await cancel(token, id)).statusCode).toBe(204);
  });

  it('books 3 of 20 members who book the last places at once, the rest waitlisted in order', async () => {
    const crowd = await newMembers('CROWD', 20);
    const classes = services();
    const results = await Promise.all(crowd.map((m) => classes.book(auth(m.id), 'test-crowd')));
    expect(results.filter((r) => r.status === 'booked')).toHaveLength(3);
    const positions = results.flatMap((r) => (r.status === 'waitlisted' ? [r.position] : []));
    expect(positions.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    const rows = await t.db.select().from(classBookings).where(eq(classBookings.sessionId, 'test-crowd'));
    expect(rows.filter((r) => r.status === 'booked')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'waitlisted')).toHaveLength(17);

    // Positions stay without gaps when someone on the waitlist leaves.
    const waitlisted = crowd
      .map((m, i) => ({ m, r: results[i]! }))
      .filter((x) => x.r.status === 'waitlisted')
      .sort((a, b) => a.r.position! - b.r.position!);
    await classes.cancel(auth(waitlisted[4]!.m.id), 'test-crowd');
    const sixth = await classes.book(auth(waitlisted[5]!.m.id), 'test-crowd');
    expect(sixth).toEqual({ status: 'waitlisted', position: 5 });

    // A booked member cancels: the first on the waitlist gets the place, by e-mail and SMS.
    const bookedOne = crowd.find((_, i) => results[i]!.status === 'booked')!;
    await classes.cancel(auth(bookedOne.id), 'test-crowd');
    const first = waitlisted[0]!.m;
    const [promoted] = await t.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.sessionId, 'test-crowd'), eq(classBookings.memberId, first.id)));
    expect(promoted?.status).toBe('booked');
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, first.email));
    expect(mails.some((m) => m.channel === 'email' && /Box Fit/.test(m.body))).toBe(true);
    const sms = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, `+491519988${7000 + crowd.indexOf(first)}`));
    expect(sms.some((m) => m.channel === 'sms' && /Box Fit/.test(m.body))).toBe(true);
    const second = await classes.book(auth(waitlisted[1]!.m.id), 'test-crowd');
    expect(second).toEqual({ status: 'waitlisted', position: 1 });
    const [cancelledRow] = await t.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.sessionId, 'test-crowd'), eq(classBookings.memberId, bookedOne.id)));
    expect(cancelledRow).toMatchObject({ status: 'cancelled', lateCancellation: false });
  });

  it('records a late cancellation and reminds once', async () => {
    const [m] = await newMembers('LATE', 1);
    const classes = services();
    expect(await classes.book(auth(m!.id), 'test-late')).toEqual({ status: 'booked', position: null });
    const start = new Date('2026-11-25T06:00:00Z').getTime();
    t.clock.set(new Date(start - 2.5 * HOUR));
    try {
      expect(await classes.remindDue()).toBeGreaterThanOrEqual(1);
      expect(await classes.remindDue()).toBe(0);
      const reminders = await t.db.select().from(outbox).where(eq(outbox.to, m!.email));
      expect(
        reminders.filter((r) => /Box Fit/.test(r.body) && /Erinnerung|reminder/i.test(r.body)),
      ).toHaveLength(1);
      t.clock.set(new Date(start - HOUR));
      await classes.cancel(auth(m!.id), 'test-late');
      const [row] = await t.db
        .select()
        .from(classBookings)
        .where(and(eq(classBookings.sessionId, 'test-late'), eq(classBookings.memberId, m!.id)));
      expect(row).toMatchObject({ status: 'cancelled', lateCancellation: true });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('closes the waitlist shortly before the start', async () => {
    const [a, b] = await newMembers('WAIT', 2);
    const classes = services();
    const start = new Date('2026-11-25T06:00:00Z').getTime();
    expect((await classes.book(auth(a!.id), 'test-late')).status).toBe('booked');
    t.clock.set(new Date(start - 20 * 60_000));
    try {
      await expect(classes.book(auth(b!.id), 'test-late')).rejects.toMatchObject({
        body: { errors: [{ type: 'waitlist_closed' }] },
      });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('exports the future bookings as a calendar that parses, in the club timezone', async () => {
    const token = await t.signIn('in_trial', 'de');
    const res = await call('GET', '/v1/membership/classes/bookings.ics', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    // The file carries the club's timezone; a calendar reads the times in it.
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.summary).toBe('Box Fit');
    expect(event.uid).toMatch(/^class-test-tomorrow@/);
    expect(event.location).toContain('Rosenthaler Straße 40');
    expect(event.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T17:00:00.000Z');
    // The same booking keeps its UID.
    const again = await call('GET', '/v1/membership/classes/bookings.ics', token);
    expect(again.body).toContain('UID:class-test-tomorrow@');
    // One booking's file, for "add to calendar"; not for a class the member has not booked.
    const one = await call('GET', '/v1/membership/classes/bookings.ics?session_id=test-tomorrow', token);
    expect(one.statusCode).toBe(200);
    expect(one.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const other = await call(
      'GET',
      `/v1/membership/classes/bookings.ics?session_id=${smallSessionId(BERLIN)}`,
      token,
    );
    expect(other.statusCode).toBe(404);
  });

  it('marks a booking attended when the member checks in at its club within its time', async () => {
    const token = await t.signIn('in_trial', 'de');
    const me = Membership.parse((await call('GET', '/v2/membership', token)).json());
    const pin = me.keys.find((k) => k.type === 'pin')!.code;
    const [member] = await t.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, demoUsername('in_trial', 'de')));
    const attended = async () => {
      const [row] = await t.db
        .select({ at: classBookings.attendedAt })
        .from(classBookings)
        .where(and(eq(classBookings.sessionId, 'test-tomorrow'), eq(classBookings.memberId, member!.id)));
      return row?.at ?? null;
    };
    t.clock.set('2026-11-23T16:50:00Z');
    try {
      const door = (club: string, id: string, at: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/door/check_ins',
          headers: bearer(demoDoorKey(club)),
          payload: { check_in_id: id, code: pin, at },
        });
      // At another club, or long before: not this class.
      expect((await door(HAMBURG, 'class-1', '2026-11-23T16:40:00Z')).statusCode).toBe(200);
      expect((await door(BERLIN, 'class-2', '2026-11-23T12:00:00Z')).statusCode).toBe(200);
      expect(await attended()).toBeNull();
      expect((await door(BERLIN, 'class-3', '2026-11-23T16:48:00Z')).statusCode).toBe(200);
      expect((await attended())?.toISOString()).toBe('2026-11-23T16:48:00.000Z');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('describes the calls in the OpenAPI document: 201 for a booking, text/calendar for the file', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const booking = doc.paths['/api/v1/membership/classes/{id}/booking'];
    expect(Object.keys(booking.post.responses)).toContain('201');
    expect(Object.keys(booking.delete.responses)).toContain('204');
    const ics = doc.paths['/api/v1/membership/classes/bookings.ics'].get.responses['200'];
    expect(Object.keys(ics.content)).toEqual(['text/calendar; charset=utf-8']);
    expect(
      doc.paths['/api/v1/membership/classes'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['location_id', 'from', 'to']));
  });

  it('refuses a timetable file with a bad row whole', async () => {
    const before = await t.db.select().from(classSessions);
    const issues = await refusal(
      importInto(
        t,
        {
          class_sessions: [
            session('test-good', BERLIN, '2026-11-26T17:00:00Z', 8),
            { ...session('test-bad', 'ch-zuerich-oerlikon', '2026-11-26T17:00:00Z', 8) },
            {
              ...session('test-backwards', BERLIN, '2026-11-26T17:00:00Z', 8),
              ends_at: '2026-11-26T16:00:00Z',
            },
            { ...session('test-unknown', BERLIN, '2026-11-26T17:00:00Z', 8), class_id: 'nope' },
          ],
        },
        testConfig(),
      ),
    );
    expect(issues.map((i) => [i.where, i.field])).toEqual(
      expect.arrayContaining([
        ['class_sessions[1]', 'club_id'],
        ['class_sessions[2]', 'ends_at'],
        ['class_sessions[3]', 'class_id'],
      ]),
    );
    expect(await t.db.select().from(classSessions)).toHaveLength(before.length);
  });
});
