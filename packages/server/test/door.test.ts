import { DoorCheckIn, ErrorBody, type Key, Membership, type OperatorId, Workouts } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns } from '../src/db/schema.ts';
import type { Persona } from '@portal/demo-data';
import { demoDoorKey } from '../src/modules/workouts/demo-door-keys.ts';
import { hashDoorKey } from '../src/modules/workouts/door-keys.ts';
import { bearer, databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, expectRefusal } from './support/member-api.ts';

const NOW = '2026-11-22T10:00:00Z';
const BERLIN = 'de-berlin-mitte';

describe.each(databases())('door check-ins on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
  });
  afterAll(() => t?.close());

  let seq = 0;
  const nextId = () => `test-${kind}-${++seq}`;
  const send = (key: string | null, payload: object | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/door/check_ins',
      headers: { ...(key ? bearer(key) : {}), ...headers },
      payload,
    });
  const checkIn = (code: string, at = '2026-11-22T09:30:00Z', club = BERLIN, checkInId = nextId()) =>
    send(demoDoorKey(club), { check_in_id: checkInId, code, at });

  const membership = async (persona: Persona, op: OperatorId = 'de') =>
    Membership.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/membership',
          headers: bearer(await t.signIn(persona, op)),
        })
      ).json(),
    );
  const keyOf = async (persona: Persona, type: Key['type'] = 'pin', op: OperatorId = 'de') =>
    (await membership(persona, op)).keys.find((k) => k.type === type)!.code;
  const totalOf = async (persona: Persona, op: OperatorId = 'de') =>
    Workouts.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/workouts',
          headers: bearer(await t.signIn(persona, op)),
        })
      ).json(),
    ).total;
  const rowsWithId = (checkInId: string) =>
    t.db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.locationId, BERLIN), eq(checkIns.checkInId, checkInId)));

  it("counts a member's active PIN as a workout, at the club of the key", async () => {
    const before = await totalOf('active');
    const pin = await keyOf('active');
    const id = nextId();
    const res = await checkIn(`${pin}#`, '2026-11-22T09:30:00+01:00', BERLIN, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(DoorCheckIn.parse(res.json())).toEqual({
      check_in_id: id,
      location_id: BERLIN,
      at: '2026-11-22T08:30:00.000Z',
      key_type: 'pin',
      counted: true,
    });
    expect(await totalOf('active')).toBe(before + 1);

    // The key decides the club: the same PIN at Hamburg is recorded there (the product opens both).
    const hamburg = await checkIn(pin, undefined, 'de-hamburg-altona');
    expect(hamburg.json()).toMatchObject({ location_id: 'de-hamburg-altona' });
    expect(await totalOf('active')).toBe(before + 2);
  });

  it('counts a chip as typed on the reader, in any case and grouping', async () => {
    const chip = await keyOf('rfid', 'rfid');
    const grouped = `${chip.slice(0, 4).toLowerCase()} ${chip.slice(4)}`;
    const res = await checkIn(grouped);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().key_type).toBe('rfid');
  });

  it('refuses a missing, wrong or malformed credential with 401 before reading the body', async () => {
    const body = { check_in_id: nextId(), code: await keyOf('active'), at: '2026-11-22T09:00:00Z' };
    for (const res of [
      await send(null, body),
      await send('door-demo-de-berlin-mitte-forged', body),
      await send(null, body, { authorization: `Basic ${demoDoorKey(BERLIN)}` }),
      // A member's session is not a club key.
      await send(await t.signIn('active', 'de'), body),
      await send('wrong', '{not json', { 'content-type': 'application/json' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('unauthorized');
    }
  });

  it("does not find another operator's codes with a club's key", async () => {
    const norwegianPin = await keyOf('active', 'pin', 'no');
    expectRefusal(await checkIn(norwegianPin), 'unknown_code');
    expect((await checkIn(norwegianPin, undefined, 'no-oslo-grunerlokka')).statusCode).toBe(200);
  });

  it('refuses unknown codes and keys that were not active at that instant', async () => {
    expectRefusal(await checkIn('9999999'), 'unknown_code');
    // The cancelled persona's PIN ended with the membership two months ago.
    const cancelled = await keyOf('cancelled');
    expectRefusal(await checkIn(cancelled), 'key_not_active');
    // …but it did open the door while the membership ran (a late delivery counts).
    expect((await checkIn(cancelled, '2026-08-20T16:00:00Z', 'de-hamburg-altona')).statusCode).toBe(200);
    const stopped = await keyOf('stopped');
    expectRefusal(await checkIn(stopped), 'key_not_active');
  });

  it('refuses a lost chip from the report on, and its temporary PIN once it has expired', async () => {
    const token = await t.signIn('rfid', 'at');
    const chip = await keyOf('rfid', 'rfid', 'at');
    const vienna = 'at-wien-mariahilf';
    expect((await checkIn(chip, '2026-11-22T09:59:00Z', vienna)).statusCode).toBe(200);
    const lost = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/membership/rfids',
      headers: bearer(token),
      payload: { code: chip },
    });
    expect(lost.statusCode).toBe(204);
    // Delivered after the report: what happened before it counts, what happened after it does not.
    expect((await checkIn(chip, '2026-11-22T09:59:30Z', vienna)).statusCode).toBe(200);
    expectRefusal(await checkIn(chip, '2026-11-22T10:00:01Z', vienna), 'key_not_active');

    const temporary = await keyOf('rfid', 'pin', 'at');
    expect((await checkIn(temporary, '2026-11-22T10:00:30Z', vienna)).statusCode).toBe(200);
    t.clock.set('2026-12-20T10:00:00Z'); // 21 days counting the 22nd: the PIN worked up to 12 December
    try {
      expectRefusal(await checkIn(temporary, '2026-12-20T09:00:00Z', vienna), 'key_not_active');
      expect((await checkIn(temporary, '2026-12-12T18:00:00Z', vienna)).statusCode).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('refuses memberships that do not train: frozen and presale, naming the status', async () => {
    const frozen = expectRefusal(
      await checkIn(await keyOf('in_freeze'), undefined, 'de-hamburg-altona'),
      'invalid_status_for_check_in',
    );
    expect(frozen.context).toEqual({ status: 'in_freeze' });
    const presale = expectRefusal(await checkIn(await keyOf('presale')), 'invalid_status_for_check_in');
    expect(presale.context).toEqual({ status: 'presale' });
    // A trial trains before the paid membership begins.
    expect((await checkIn(await keyOf('in_trial'))).statusCode).toBe(200);
  });

  it('refuses a check-in dated ahead of the server clock', async () => {
    expectRefusal(await checkIn(await keyOf('active'), '2026-11-22T10:30:00Z'), 'check_in_in_future');
  });

  it('answers a repeated delivery as the first one and counts it once', async () => {
    const pin = await keyOf('unpaid');
    const before = await totalOf('unpaid');
    const id = nextId();
    const first = await checkIn(pin, '2026-11-22T07:15:00Z', BERLIN, id);
    const again = await checkIn(pin, '2026-11-22T07:15:00.000Z', BERLIN, id);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await totalOf('unpaid')).toBe(before + 1);
    expect(await rowsWithId(id)).toHaveLength(1);

    // The same id for another check-in is a door system's bug: refused, the first one stands.
    expectRefusal(await checkIn(pin, '2026-11-22T08:15:00Z', BERLIN, id), 'check_in_id_reused');
    expectRefusal(
      await checkIn(await keyOf('active'), '2026-11-22T07:15:00Z', BERLIN, id),
      'check_in_id_reused',
    );
    // Ids are the door system's per club: Hamburg's check-in with that id is another one.
    expect((await checkIn(pin, '2026-11-22T08:15:00Z', 'de-hamburg-altona', id)).statusCode).toBe(200);
    expect(await totalOf('unpaid')).toBe(before + 2);
  });

  it('counts concurrent deliveries of one check-in once', async () => {
    const pin = await keyOf('max_frozen');
    const before = await totalOf('max_frozen');
    const id = nextId();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => checkIn(pin, '2026-11-22T09:45:00Z', BERLIN, id)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(new Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await rowsWithId(id)).toHaveLength(1);
    expect(await totalOf('max_frozen')).toBe(before + 1);
  });

  describe('anti-passback: one workout per member within five minutes', () => {
    it('opens the door for the same key with a new id, and does not count it again', async () => {
      const pin = await keyOf('in_cancellation');
      const before = await totalOf('in_cancellation');
      const first = await checkIn(pin, '2026-11-22T06:00:00Z');
      expect(first.json()).toMatchObject({ counted: true });
      const id = nextId();
      const again = await checkIn(pin, '2026-11-22T06:00:00Z', BERLIN, id);
      expect(again.statusCode, again.body).toBe(200);
      expect(DoorCheckIn.parse(again.json())).toEqual({
        check_in_id: id,
        location_id: BERLIN,
        at: '2026-11-22T06:00:00.000Z',
        key_type: 'pin',
        counted: false,
      });
      // Within the window on either side, also delivered late: not a workout.
      expect((await checkIn(pin, '2026-11-22T06:04:59Z')).json()).toMatchObject({ counted: false });
      expect((await checkIn(pin, '2026-11-22T05:55:01Z')).json()).toMatchObject({ counted: false });
      expect(await rowsWithId(id)).toHaveLength(0);
      expect(await totalOf('in_cancellation')).toBe(before + 1);
      // The repeat sent again is a repeat again.
      expect((await checkIn(pin, '2026-11-22T06:00:00Z', BERLIN, id)).json()).toMatchObject({
        counted: false,
      });

      // Five minutes after the counted one it counts again.
      expect((await checkIn(pin, '2026-11-22T06:05:00Z')).json()).toMatchObject({ counted: true });
      expect(await totalOf('in_cancellation')).toBe(before + 2);
    });

    it('does not count the same key at another club in the same second', async () => {
      const pin = await keyOf('active');
      const before = await totalOf('active');
      expect((await checkIn(pin, '2026-11-22T05:00:00Z', BERLIN)).json()).toMatchObject({ counted: true });
      const hamburg = await checkIn(pin, '2026-11-22T05:00:00.400Z', 'de-hamburg-altona');
      expect(hamburg.statusCode, hamburg.body).toBe(200);
      expect(hamburg.json()).toMatchObject({ location_id: 'de-hamburg-altona', counted: false });
      expect(await totalOf('active')).toBe(before + 1);
    });

    it('counts one of two concurrent deliveries with new ids at two clubs', async () => {
      const pin = await keyOf('scheduled_freeze');
      const before = await totalOf('scheduled_freeze');
      const answers = await Promise.all([
        checkIn(pin, '2026-11-22T04:00:00Z', BERLIN),
        checkIn(pin, '2026-11-22T04:00:00Z', 'de-hamburg-altona'),
        checkIn(pin, '2026-11-22T04:00:01Z', BERLIN),
        checkIn(pin, '2026-11-22T04:00:01Z', 'de-hamburg-altona'),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((a) => a.json().counted === true)).toHaveLength(1);
      expect(await totalOf('scheduled_freeze')).toBe(before + 1);
    });
  });

  it('refuses malformed input with 400 naming the field, never counting it', async () => {
    const key = demoDoorKey(BERLIN);
    const pin = await keyOf('active');
    const good = { check_in_id: nextId(), code: pin, at: '2026-11-22T09:00:00Z' };
    expectInvalid(await send(key, { ...good, check_in_id: undefined }), 'body.check_in_id');
    expectInvalid(await send(key, { ...good, check_in_id: 42 }), 'body.check_in_id');
    expectInvalid(await send(key, { ...good, check_in_id: 'a b' }), 'body.check_in_id');
    expectInvalid(await send(key, { ...good, code: '12' }), 'body.code');
    expectInvalid(await send(key, { ...good, code: "1234'; drop table keys" }), 'body.code');
    expectInvalid(await send(key, { ...good, at: 'yesterday' }), 'body.at');
    expectInvalid(await send(key, { ...good, at: '2026-02-30T10:00:00Z' }), 'body.at');
    expectInvalid(await send(key, { ...good, at: '2026-11-22T09:00:00' }), 'body.at');
    expectInvalid(await send(key, { ...good, club: 'de-hamburg-altona' }), 'body.club');
    expectInvalid(await send(key, '{"check_in_id":', { 'content-type': 'application/json' }), 'body');
    expect(await rowsWithId(good.check_in_id)).toHaveLength(0);
  });
});

describe('door check-in limits and configured keys', () => {
  let t: TestApp;
  const configured = 'door_configured-key-for-hamburg-0123456789abcdef';
  beforeAll(async () => {
    t = await startApp('pglite', {
      now: NOW,
      config: {
        doorKeys: {
          demo: true,
          perMinute: 3,
          hashes: { 'de-hamburg-altona': [hashDoorKey(configured)], 'de-nowhere': [hashDoorKey('door_x')] },
        },
      },
    });
  });
  afterAll(() => t?.close());

  const send = (key: string, checkInId: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/door/check_ins',
      headers: bearer(key),
      remoteAddress,
      payload: { check_in_id: checkInId, code: '0000000', at: '2026-11-22T09:00:00Z' },
    });

  it('accepts a key configured by its hash, and none for a club the database does not know', async () => {
    expectRefusal(await send(configured, 'c-1'), 'unknown_code');
    expect((await send('door_x', 'c-2')).statusCode).toBe(401);
  });

  it("limits each club's check-ins per minute, not the other clubs'", async () => {
    const berlin = demoDoorKey(BERLIN);
    for (let i = 0; i < 3; i++) expect((await send(berlin, `l-${i}`)).statusCode).toBe(422);
    const limited = await send(berlin, 'l-3');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(limited.json()).errors[0]?.type).toBe('rate_limited');
    expect((await send(demoDoorKey('de-muenchen-schwabing'), 'l-4')).statusCode).toBe(422);
  });

  it('limits requests with forged keys per address', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await send(`forged-${i}`, `f-${i}`, '203.0.113.7')).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
    // The clubs' own limits are untouched.
    expect((await send(demoDoorKey('de-muenchen-schwabing'), 'f-4', '203.0.113.7')).statusCode).toBe(422);
  });
});
