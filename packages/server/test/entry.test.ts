import { DoorCheckIn, EntryDeviceCreated, EntryDevices, ErrorBody, Workouts } from '@portal/contract';
import type { Persona } from '@portal/demo-data';
import { entryCodeAt, entryCodeOfPeriod, entryCodePeriod } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { entryDevices, memberships, members } from '../src/db/schema.ts';
import { demoDoorKey } from '../src/modules/workouts/demo-door-keys.ts';
import { bearer, databases, startApp, type TestApp, testConfig } from './support/harness.ts';
import { expectRefusal } from './support/member-api.ts';

const NOW = '2026-11-22T10:00:00Z';

/** RFC 4226's HOTP with HMAC-SHA1 and eight digits over a base32 secret, written out. */
function totp(base32: string, counter: number): string {
  let bits = '';
  for (const char of base32)
    bits += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 100_000_000).padStart(8, '0');
}
const BERLIN = 'de-berlin-mitte';

describe('the entry code (RFC 6238)', () => {
  // RFC 6238, appendix B: the SHA1 seed "12345678901234567890" (base32 below), eight digits, 30 s.
  const seed = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s is %s', (seconds, code) => {
    expect(entryCodeAt(seed, seconds * 1000)).toBe(code);
    expect(entryCodeOfPeriod(seed, entryCodePeriod(seconds * 1000))).toBe(code);
    expect(totp(seed, Math.floor(seconds / 30))).toBe(code);
  });
});

describe.each(databases())('phone entry on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
    app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig(),
      logger: {
        ...(loggerOptions('debug') as object),
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  let seq = 0;
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const setUp = async (token: string, name = 'My phone') => {
    const res = await call('POST', '/v1/membership/entry_devices', token, { name });
    expect(res.statusCode, res.body).toBe(200);
    return EntryDeviceCreated.parse(res.json());
  };
  const door = (code: string, at: Date, club = BERLIN, checkInId = `phone-${kind}-${++seq}`) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/door/check_ins',
      headers: bearer(demoDoorKey(club)),
      payload: { check_in_id: checkInId, code, at: at.toISOString() },
    });
  const total = async (token: string) =>
    Workouts.parse((await call('GET', '/v2/workouts', token)).json()).total;
  /** The code a phone shows `secondsAgo` before now, computed here from the secret. */
  const codeOf = (device: EntryDeviceCreated, at: Date) =>
    `${device.device_id}:${entryCodeAt(device.secret, at)}`;
  const now = () => t.clock.now();
  const later = (seconds: number) => t.clock.set(new Date(now().getTime() + seconds * 1000));
  const tokenOf = (persona: Persona, op: 'de' | 'no' = 'de') => t.signIn(persona, op);

  it('sets a device up once: the answer holds the secret, the list and membership never do', async () => {
    const token = await tokenOf('active');
    const device = await setUp(token);
    expect(device).toMatchObject({ algorithm: 'TOTP-SHA1', digits: 8, period: 30 });
    expect(device.secret).toMatch(/^[A-Z2-7]{32}$/);
    // The secret gives the codes RFC 6238 computes (here with node:crypto, not the library).
    expect(totp(device.secret, entryCodePeriod(now()))).toBe(entryCodeAt(device.secret, now()));

    const list = await call('GET', '/v1/membership/entry_devices', token);
    expect(EntryDevices.parse(list.json()).map((d) => d.device_id)).toContain(device.device_id);
    for (const url of ['/v1/membership/entry_devices', '/v2/membership', '/v1/membership/export']) {
      const res = await call('GET', url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain(device.secret);
    }
    // Stored sealed, not as the secret.
    const [row] = await t.db.select().from(entryDevices).where(eq(entryDevices.id, device.device_id));
    expect(row!.secretSealed).not.toContain(device.secret);
    expect(lines.join('\n')).not.toContain(device.secret);
  });

  it('lets the door in with the current or the previous code once each, refuses older, wrong and replayed ones', async () => {
    const token = await tokenOf('in_trial');
    const device = await setUp(token);
    const before = await total(token);
    const shownAt = now();
    later(31); // a period later: the shown code is the previous period's
    const res = await door(codeOf(device, shownAt), now());
    expect(res.statusCode, res.body).toBe(200);
    expect(DoorCheckIn.parse(res.json())).toMatchObject({
      key_type: 'phone',
      counted: true,
      location_id: BERLIN,
    });
    expect(await total(token)).toBe(before + 1);

    // The same code again, at another door or with another id: used.
    expectRefusal(await door(codeOf(device, shownAt), now()), 'code_already_used');
    // A delivery repeated with its id is answered as stored.
    const id = `phone-${kind}-repeat`;
    later(600);
    const current = codeOf(device, now());
    const first = await door(current, now(), BERLIN, id);
    expect(first.statusCode, first.body).toBe(200);
    const again = await door(current, now(), BERLIN, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await total(token)).toBe(before + 2);
    expectRefusal(await door(current, now()), 'code_already_used');

    // Two periods back is too old; wrong digits are refused.
    later(600);
    const old = new Date(now().getTime() - 61_000);
    expectRefusal(await door(codeOf(device, old), now()), 'entry_code_invalid');
    const digits = entryCodeAt(device.secret, now());
    const wrong = `${digits.slice(0, 7)}${(Number(digits[7]) + 1) % 10}`;
    expectRefusal(await door(`${device.device_id}:${wrong}`, now()), 'entry_code_invalid');
    expect((await door(codeOf(device, now()), now())).statusCode).toBe(200);
  });

  it("refuses a removed device, another member's removal and another operator's door", async () => {
    const token = await tokenOf('scheduled_freeze');
    const device = await setUp(token);
    later(600);
    // Another operator's club does not know the device.
    expectRefusal(await door(codeOf(device, now()), now(), 'no-oslo-grunerlokka'), 'unknown_code');
    // Another member cannot remove it.
    const other = await tokenOf('rfid');
    expect((await call('DELETE', `/v1/membership/entry_devices/${device.device_id}`, other)).statusCode).toBe(
      404,
    );
    expect((await door(codeOf(device, now()), now())).statusCode).toBe(200);

    expect((await call('DELETE', `/v1/membership/entry_devices/${device.device_id}`, token)).statusCode).toBe(
      204,
    );
    later(600);
    expectRefusal(await door(codeOf(device, now()), now()), 'key_not_active');
    const list = EntryDevices.parse((await call('GET', '/v1/membership/entry_devices', token)).json());
    expect(list.map((d) => d.device_id)).not.toContain(device.device_id);
    expect((await call('DELETE', `/v1/membership/entry_devices/${device.device_id}`, token)).statusCode).toBe(
      404,
    );
  });

  it('refuses the code once the membership has ended', async () => {
    const token = await tokenOf('max_frozen');
    const device = await setUp(token);
    const [member] = await t.db.select().from(members).where(eq(members.username, 'max_frozen@de.example'));
    const yesterday = new Date(now().getTime() - 86_400_000).toISOString().slice(0, 10);
    await t.db.update(memberships).set({ stoppedOn: yesterday }).where(eq(memberships.memberId, member!.id));
    later(600);
    expectRefusal(await door(codeOf(device, now()), now()), 'key_not_active');
  });

  it('keeps to three devices a member and to the statuses that may hold a key', async () => {
    const token = await tokenOf('new_signup');
    const made = [await setUp(token, 'A'), await setUp(token, 'B'), await setUp(token, 'C')];
    const fourth = await call('POST', '/v1/membership/entry_devices', token, { name: 'D' });
    expectRefusal(fourth, 'entry_device_limit');
    expect(
      (await call('DELETE', `/v1/membership/entry_devices/${made[0]!.device_id}`, token)).statusCode,
    ).toBe(204);
    await setUp(token, 'D');

    const cancelled = await call('POST', '/v1/membership/entry_devices', await tokenOf('cancelled'), {
      name: 'x',
    });
    expectRefusal(cancelled, 'invalid_status_for_access');
    const bad = await call('POST', '/v1/membership/entry_devices', token, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).errors[0]?.type).toBe('invalid_request');
  });
});
