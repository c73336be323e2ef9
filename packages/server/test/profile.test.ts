import { createRequire } from 'node:module';
import type { OperatorId } from '@portal/contract';
import { ErrorBody, Language, Membership, PhonePrefixes, PhoneVerification, Profile } from '@portal/contract';
import { checkMobileNumber, phoneVerificationLimits } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { mutableClock } from '../src/clock.ts';
import { events, members, phoneVerifications } from '../src/db/schema.ts';
import type { Persona } from '@portal/demo-data';
import { profileRefusalMessage as refusalMessage } from '@portal/domain';
import { bearer, databases, startApp, type TestApp, testConfig } from './support/harness.ts';

const require = createRequire(import.meta.url);
const mobileExamples: Record<string, string> = require('libphonenumber-js/examples.mobile.json');

const NOW = '2026-11-22T10:00:00Z';
const HOUR = 60 * 60 * 1000;

type Res = { statusCode: number; json(): unknown; headers: Record<string, unknown> };

const expectRefusal = (res: Res, type: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
  const body = ErrorBody.parse(res.json());
  expect(body.errors[0]?.type).toBe(type);
  return body.errors[0]!;
};
const expectInvalid = (res: Res, field: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = ErrorBody.parse(res.json());
  const item = body.errors.find((e) => e.context?.field === field);
  expect(item, JSON.stringify(body)).toBeDefined();
  expect(item?.type).toBe('invalid_request');
  return item!;
};

describe.each(databases())('profile and phone verification on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // PORTAL_CLOCK set: the dev clock route is there, as in the browser tests.
    t = await startApp(kind, { now: NOW, config: { portalClock: NOW } });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const membership = async (token: string) =>
    Membership.parse((await call('GET', '/v2/membership', token)).json());
  const outbox = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
      channel: string;
      subject: string | null;
      body: string;
    }[];
  const lastCode = async (to: string) => /\b(\d{6})\b/.exec((await outbox(to))[0]?.body ?? '')?.[1];
  const sendCode = (token: string, mobile: string) =>
    call('POST', '/v1/membership/phone_verify', token, { domain: 'no.localhost', mobile });

  /** The member's profile as the PATCH body the portal sends, with changes. */
  async function profileBody(token: string, changes: Record<string, unknown> = {}) {
    const { profile } = await membership(token);
    return {
      email: profile.email,
      address: {
        street: profile.address.street,
        postal_code: profile.address.postal_code,
        postal_location: profile.address.postal_location,
      },
      mobile: profile.mobile,
      ...changes,
    };
  }
  const patch = (token: string, body: unknown) => call('PATCH', '/v1/membership/profile', token, body);
  const signIn = (persona: Persona, op: OperatorId) => t.signIn(persona, op);
  const memberRow = async (username: string) =>
    (await t.db.select().from(members).where(eq(members.username, username)))[0]!;

  describe('prefix list', () => {
    it('lists about 210 calling codes from the phone metadata, whitelisted per operator', async () => {
      const no = PhonePrefixes.parse(
        (await call('GET', '/v1/prefix/list', await signIn('active', 'no'))).json(),
      );
      expect(no.length).toBeGreaterThan(200);
      expect(new Set(no.map((p) => p.prefix)).size).toBe(no.length);
      for (const p of no) {
        expect(p.prefix).toMatch(/^\+[1-9]\d{0,3}$/);
        expect(() => new RegExp(p.validator)).not.toThrow();
        expect(p.min_length).toBeLessThanOrEqual(p.length);
      }
      const byPrefix = new Map(no.map((p) => [p.prefix, p]));
      expect(byPrefix.get('+47')).toMatchObject({ whitelisted: true, length: 8, countries: ['NO', 'SJ'] });
      expect(byPrefix.get('+44')?.whitelisted).toBe(false);
      expect(byPrefix.get('+1')?.countries?.[0]).toBe('US');
      const de = PhonePrefixes.parse(
        (await call('GET', '/v1/prefix/list', await signIn('active', 'de'))).json(),
      );
      expect(de.filter((p) => p.whitelisted).map((p) => p.prefix)).toEqual(
        expect.arrayContaining(['+49', '+43', '+41', '+31', '+48']),
      );
      expect(de.find((p) => p.prefix === '+46')?.whitelisted).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/prefix/list' })).statusCode).toBe(401);
    });

    it('agrees with libphonenumber on which numbers are mobile numbers, for every prefix (property)', async () => {
      const list = PhonePrefixes.parse(
        (await call('GET', '/v1/prefix/list', await signIn('active', 'fi'))).json(),
      );
      const samples = list.flatMap((entry) =>
        (entry.countries ?? [])
          .filter((c) => mobileExamples[c])
          .map((c) => ({ entry, example: mobileExamples[c]! })),
      );
      expect(samples.length).toBeGreaterThan(200);
      // Every country's example mobile number is valid for its prefix…
      for (const { entry, example } of samples)
        expect(checkMobileNumber(example, entry).valid, entry.prefix).toBe(true);
      // …and for numbers near it (other last digits, one digit more or less), the list and
      // the library agree whether they are mobile numbers.
      const near = fc.constantFrom(...samples).chain(({ entry, example }) =>
        fc
          .record({
            keep: fc.integer({ min: 1, max: example.length }),
            tail: fc.array(fc.constantFrom(...'0123456789'), { maxLength: 6 }),
            lengthChange: fc.constantFrom(0, 0, 0, -1, 1),
          })
          .map(({ keep, tail, lengthChange }) => {
            const body = (example.slice(0, keep) + tail.join('') + example).slice(
              0,
              Math.max(1, example.length + lengthChange),
            );
            return { entry, number: body };
          }),
      );
      fc.assert(
        fc.property(near, ({ entry, number }) => {
          const parsed = parsePhoneNumberFromString(`${entry.prefix}${number}`);
          const mobile =
            !!parsed &&
            parsed.nationalNumber === number &&
            parsed.isValid() &&
            ['MOBILE', 'FIXED_LINE_OR_MOBILE'].includes(parsed.getType() ?? '');
          expect(checkMobileNumber(number, entry).valid, `${entry.prefix} ${number}`).toBe(mobile);
        }),
        { numRuns: 2000 },
      );
    });
  });

  describe('saving the profile', () => {
    it('saves address and e-mail, normalised, logs which parts changed and confirms to the old and the new address', async () => {
      const token = await signIn('in_trial', 'at');
      const body = await profileBody(token, {
        email: '  Neu.Adresse@Example.AT ',
        address: { street: ' Mariahilfer Straße 99 ', postal_code: '1060', postal_location: 'Wien' },
      });
      const res = await patch(token, body);
      expect(res.statusCode, res.body).toBe(200);
      const profile = Profile.parse(res.json());
      expect(profile).toMatchObject({
        email: 'neu.adresse@example.at',
        address: {
          street: 'Mariahilfer Straße 99',
          postal_code: '1060',
          postal_location: 'Wien',
          country: 'AT',
        },
      });
      expect((await membership(token)).profile).toEqual(profile);

      const [event] = await t.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.memberId, (await memberRow('in_trial@at.example')).id),
            eq(events.action, 'profile_updated'),
          ),
        );
      expect(event?.details).toEqual({ changed: ['email', 'address'], mobile_verified: false });
      expect(JSON.stringify(event?.details)).not.toMatch(/Mariahilfer|neu\.adresse/);

      const [toNew] = await outbox('neu.adresse@example.at');
      expect(toNew?.subject).toBe('Stride Fitness: Ihre persönlichen Daten wurden geändert');
      expect(toNew?.body).toMatch(/- E-Mail-Adresse\n- Adresse/);
      const [toOld] = await outbox('in_trial@at.example');
      expect(toOld?.subject).toBe('Stride Fitness: Ihre E-Mail-Adresse wurde geändert');
      expect(toOld?.body).toContain('neu.adresse@example.at');
    });

    it('has a valid mobile on file for every demo member but the one with invalid details', async () => {
      const prefixes = PhonePrefixes.parse(
        (await call('GET', '/v1/prefix/list', await signIn('active', 'de'))).json(),
      );
      const rows = await t.db.select().from(members);
      const invalid = rows.filter((m) => {
        const entry = prefixes.find((p) => p.prefix === m.mobilePrefix);
        return !entry || !checkMobileNumber(m.mobileNumber, entry).valid;
      });
      expect(new Set(invalid.map((m) => m.username.split('@')[0]))).toEqual(new Set(['invalid_details']));
    });

    it('saves nothing, logs nothing and sends nothing when nothing changed', async () => {
      const token = await signIn('cancelled', 'de');
      const before = (await outbox('cancelled@de.example')).length;
      const res = await patch(token, await profileBody(token));
      expect(res.statusCode).toBe(200);
      expect(await outbox('cancelled@de.example')).toHaveLength(before);
    });

    it('removes spaces from the number and changes the mobile without a code where the product does not verify', async () => {
      const token = await signIn('cancelled_in_trial', 'de');
      const res = await patch(
        token,
        await profileBody(token, { mobile: { prefix: '+49', number: '170 123 4567' } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(Profile.parse(res.json()).mobile).toEqual({ prefix: '+49', number: '1701234567' });
      // There is nothing to verify, so no code is sent.
      expectRefusal(await sendCode(token, '+491709876543'), 'phone_verification_not_required');
    });

    it('refuses name, gender and birthdate, naming the field', async () => {
      const token = await signIn('unpaid', 'de');
      const body = await profileBody(token);
      for (const [field, value] of [
        ['first_name', 'Eve'],
        ['last_name', 'Mallory'],
        ['gender', 'other'],
        ['birthdate', '2000-01-01'],
      ] as const) {
        expectInvalid(await patch(token, { ...body, [field]: value }), `body.${field}`);
      }
      expect((await membership(token)).profile.first_name).not.toBe('Eve');
    });

    it('refuses missing and invalid fields with 400 naming them, in the member’s language', async () => {
      const token = await signIn('unpaid', 'no');
      const body = await profileBody(token);
      expectInvalid(
        await patch(token, { ...body, address: { ...body.address, street: '  ' } }),
        'body.address.street',
      );
      expectInvalid(await patch(token, { ...body, email: 'not-an-address' }), 'body.email');
      const { address: _a, ...noAddress } = body;
      expectInvalid(await patch(token, noAddress), 'body.address');
      const landline = expectInvalid(
        await patch(token, { ...body, mobile: { prefix: '+47', number: '21234567' } }),
        'body.mobile.number',
      );
      expect(landline.message).toBe('Nummeret må ha 8 sifre og være et gyldig mobilnummer.');
      expect(landline.context).toMatchObject({ reason: 'invalid_mobile', minLength: 8, maxLength: 8 });
      // Where numbers are verified, a prefix off the operator's whitelist is not offered.
      expectInvalid(
        await patch(token, { ...body, mobile: { prefix: '+44', number: '7123456789' } }),
        'body.mobile.prefix',
      );
      expectInvalid(await patch(token, { ...body, verification_code: '12ab56' }), 'body.verification_code');
    });

    it('asks a member with invalid details on file to fix the mobile before saving', async () => {
      const token = await signIn('invalid_details', 'de');
      const body = await profileBody(token, {
        address: { street: 'Neue Straße 1', postal_code: '10115', postal_location: 'Berlin' },
      });
      expect(body.mobile.prefix).toBe('0049');
      expectInvalid(await patch(token, body), 'body.mobile.prefix');
      const fixed = await patch(token, { ...body, mobile: { prefix: '+49', number: body.mobile.number } });
      expect(fixed.statusCode, fixed.body).toBe(200);
    });
  });

  describe('SMS verification', () => {
    it('sends a six-digit code by SMS, never in the answer, and saves the new number with it', async () => {
      const token = await signIn('active', 'no');
      const res = await sendCode(token, '+47 412 99 001');
      expect(res.statusCode, res.body).toBe(200);
      const answer = PhoneVerification.parse(res.json());
      expect(answer.code).toBe('');
      expect(answer.code_expiry).toBe('2026-11-22T11:00:00.000Z');
      const [sms] = await outbox('+4741299001');
      expect(sms?.channel).toBe('sms');
      expect(sms?.body).toMatch(
        /^\d{6} er bekreftelseskoden din fra Stride Trening\. Den er gyldig i 60 minutter\./,
      );
      const code = (await lastCode('+4741299001'))!;
      const [row] = await t.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.mobile, '+4741299001'));
      expect(row?.codeHash).not.toContain(code);

      const body = await profileBody(token, { mobile: { prefix: '+47', number: '41299001' } });
      expectRefusal(await patch(token, body), 'verification_required');
      const wrong = expectRefusal(
        await patch(token, { ...body, verification_code: code === '000000' ? '000001' : '000000' }),
        'invalid_verification_code',
      );
      expect(wrong.message).toBe('Ugyldig bekreftelseskode. Du har 4 forsøk igjen.');
      expect(wrong.context).toEqual({ attempts_left: 4 });

      const saved = await patch(token, { ...body, verification_code: code });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(Profile.parse(saved.json()).mobile).toEqual({ prefix: '+47', number: '41299001' });
      const [event] = await t.db
        .select()
        .from(events)
        .where(
          and(
            eq(events.memberId, (await memberRow('active@no.example')).id),
            eq(events.action, 'profile_updated'),
          ),
        );
      expect(event?.details).toEqual({ changed: ['mobile'], mobile_verified: true });
      expect(JSON.stringify(event?.details)).not.toContain(code);
    });

    it('refuses an expired code with its own message in the member’s language', async () => {
      const token = await signIn('in_freeze', 'fi');
      expect((await sendCode(token, '+358401299002')).statusCode).toBe(200);
      const code = (await lastCode('+358401299002'))!;
      const body = await profileBody(token, {
        mobile: { prefix: '+358', number: '401299002' },
        verification_code: code,
      });
      t.clock.set('2026-11-22T11:00:01Z');
      try {
        const expired = expectRefusal(await patch(token, body), 'verification_code_expired');
        expect(expired.message).toBe('Vahvistuskoodi on vanhentunut. Pyydä uusi koodi.');
      } finally {
        t.clock.set(NOW);
      }
      // A new code replaces the old one, which is then just a wrong guess.
      expect((await sendCode(token, '+358401299002')).statusCode).toBe(200);
      expectRefusal(await patch(token, body), 'invalid_verification_code');
      const fresh = await patch(token, { ...body, verification_code: await lastCode('+358401299002') });
      expect(fresh.statusCode, fresh.body).toBe(200);
    });

    it('kills a code after five wrong guesses, even for the right code afterwards', async () => {
      const token = await signIn('in_cancellation', 'no');
      await sendCode(token, '+4741299003');
      const code = (await lastCode('+4741299003'))!;
      const body = await profileBody(token, { mobile: { prefix: '+47', number: '41299003' } });
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const lefts: unknown[] = [];
      for (let i = 0; i < phoneVerificationLimits.guessesPerCode; i++) {
        lefts.push(
          expectRefusal(
            await patch(token, { ...body, verification_code: wrong }),
            'invalid_verification_code',
          ).context,
        );
      }
      expect(lefts.map((c) => (c as { attempts_left: number }).attempts_left)).toEqual([4, 3, 2, 1, 0]);
      const dead = expectRefusal(
        await patch(token, { ...body, verification_code: code }),
        'invalid_verification_code',
      );
      expect(dead.context).toEqual({ attempts_left: 0 });
      expect((await membership(token)).profile.mobile.number).not.toBe('41299003');
    });

    it('limits codes per number and per member an hour, with Retry-After', async () => {
      const token = await signIn('scheduled_freeze', 'no');
      for (let i = 0; i < phoneVerificationLimits.sendsPerNumberPerHour; i++) {
        expect((await sendCode(token, '+4741299004')).statusCode).toBe(200);
      }
      const limited = await sendCode(token, '+4741299004');
      expect(limited.statusCode).toBe(429);
      expect(ErrorBody.parse(limited.json()).errors[0]?.type).toBe('rate_limited');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Another member cannot send to that number either (no SMS bombing)…
      expect((await sendCode(await signIn('max_frozen', 'no'), '+4741299004')).statusCode).toBe(429);
      // …and the member has two more codes this hour, for other numbers.
      expect((await sendCode(token, '+4741299005')).statusCode).toBe(200);
      expect((await sendCode(token, '+4741299006')).statusCode).toBe(200);
      expect((await sendCode(token, '+4741299007')).statusCode).toBe(429);
      // The limits count real time, not the portal clock.
      t.advanceWall(HOUR + 1000);
      expect((await sendCode(token, '+4741299004')).statusCode).toBe(200);
    });

    it('limits phone_verify calls (10) and profile saves (30) per member in 15 minutes, whatever they hold', async () => {
      const token = await signIn('closed_club', 'no');
      // Numbers refused before sending anything still count: each call could have sent an SMS.
      for (let i = 0; i < 10; i++) expectInvalid(await sendCode(token, '+4721234567'), 'body.mobile');
      const limited = await sendCode(token, '+4741299031');
      expect(limited.statusCode).toBe(429);
      expect(ErrorBody.parse(limited.json()).errors[0]?.type).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(await outbox('+4741299031')).toEqual([]);
      // Another member is not affected.
      expect((await sendCode(await signIn('cancelled_in_trial', 'no'), '+4741299032')).statusCode).toBe(200);

      const body = await profileBody(token);
      for (let i = 0; i < 30; i++) expect((await patch(token, body)).statusCode).toBe(200);
      const saves = await patch(token, body);
      expect(saves.statusCode).toBe(429);
      expect(ErrorBody.parse(saves.json()).errors[0]?.type).toBe('rate_limited');
    });

    it('uses a code once when the same save is fired five times at once, and a used code never again', async () => {
      const token = await signIn('cancelled', 'fi');
      const memberId = (await memberRow('cancelled@fi.example')).id;
      const original = (await membership(token)).profile.mobile;
      await sendCode(token, '+358401299008');
      const code = (await lastCode('+358401299008'))!;
      const body = await profileBody(token, {
        mobile: { prefix: '+358', number: '401299008' },
        verification_code: code,
      });
      const results = await Promise.all(Array.from({ length: 5 }, () => patch(token, body)));
      // One save uses the code; the others then find the number saved and nothing to do.
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const changes = await t.db
        .select()
        .from(events)
        .where(and(eq(events.memberId, memberId), eq(events.action, 'profile_updated')));
      expect(changes.map((e) => e.details)).toEqual([{ changed: ['mobile'], mobile_verified: true }]);
      const confirmations = (await outbox('cancelled@fi.example')).filter((m) =>
        m.subject?.includes('Henkilötietojasi'),
      );
      expect(confirmations).toHaveLength(1);

      // Back to the old number (with its own code); then the used code for the new one fails.
      const oldNumber = `${original.prefix}${original.number}`;
      await sendCode(token, oldNumber);
      const back = await patch(token, {
        ...body,
        mobile: original,
        verification_code: await lastCode(oldNumber),
      });
      expect(back.statusCode, back.body).toBe(200);
      const reused = expectRefusal(await patch(token, body), 'invalid_verification_code');
      expect(reused.context).toEqual({ attempts_left: 0 });
    });

    it('counts concurrent guesses one by one: ten at once leave the code dead after five', async () => {
      const token = await signIn('stopped', 'no');
      await sendCode(token, '+4741299009');
      const code = (await lastCode('+4741299009'))!;
      const body = await profileBody(token, { mobile: { prefix: '+47', number: '41299009' } });
      const guesses = Array.from({ length: 10 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const results = await Promise.all(
        guesses.map((guess) => patch(token, { ...body, verification_code: guess })),
      );
      const lefts = results.map(
        (r) =>
          (expectRefusal(r, 'invalid_verification_code').context as { attempts_left: number }).attempts_left,
      );
      expect(lefts.sort()).toEqual([0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);
      const [row] = await t.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.mobile, '+4741299009'));
      expect(row?.attempts).toBe(phoneVerificationLimits.guessesPerCode);
      expectRefusal(await patch(token, { ...body, verification_code: code }), 'invalid_verification_code');
    });

    it("cannot use another member's code, nor spend it", async () => {
      const owner = await signIn('presale', 'no');
      const other = await signIn('cancelled_in_presale', 'no');
      await sendCode(owner, '+4741299010');
      const code = (await lastCode('+4741299010'))!;
      const otherBody = await profileBody(other, {
        mobile: { prefix: '+47', number: '41299010' },
        verification_code: code,
      });
      expectRefusal(await patch(other, otherBody), 'verification_required');
      expect((await membership(other)).profile.mobile.number).not.toBe('41299010');
      const mine = await patch(
        owner,
        await profileBody(owner, { mobile: { prefix: '+47', number: '41299010' }, verification_code: code }),
      );
      expect(mine.statusCode, mine.body).toBe(200);
    });

    it('refuses a number that is not a mobile number, or off the whitelist, before sending anything', async () => {
      const token = await signIn('rfid', 'no');
      expectInvalid(await sendCode(token, '+4721234567'), 'body.mobile');
      expectInvalid(await sendCode(token, '+447123456789'), 'body.mobile');
      expectInvalid(await sendCode(token, '004741299011'), 'body.mobile');
      expect(await outbox('+4721234567')).toEqual([]);
    });
  });

  describe('the market where support changes the mobile', () => {
    it('refuses a changed mobile and a code, and saves the rest', async () => {
      const token = await signIn('in_trial', 'ch');
      const body = await profileBody(token);
      const error = expectRefusal(
        await patch(token, { ...body, mobile: { prefix: '+41', number: '791299012' } }),
        'phone_change_via_support',
      );
      // A French-speaking Swiss member (docs/operators.md, "Demo members").
      expect(error.message).toBe(
        refusalMessage(
          { type: 'phone_change_via_support', support_email: 'service@ch.stride.example' },
          'fr',
        ),
      );
      expect(error.context).toEqual({ support_email: 'service@ch.stride.example' });
      expectRefusal(await sendCode(token, '+41791299012'), 'phone_change_via_support');
      const saved = await patch(token, { ...body, address: { ...body.address, street: 'Bahnhofstrasse 2' } });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('has the refusal in all five languages', () => {
      const texts = Language.options.map((language) =>
        refusalMessage({ type: 'phone_change_via_support', support_email: 'help@x.example' }, language),
      );
      expect(new Set(texts).size).toBe(5);
      for (const text of texts) expect(text).toContain('help@x.example');
    });
  });

  describe('malformed input', () => {
    it('answers 400, never a 5xx, for any body (property)', async () => {
      const token = await signIn('max_frozen', 'fi');
      const text = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('', ' ', '+358', '+', '0', '4012'),
        fc.jsonValue(),
      );
      const profileLike = fc.record(
        {
          email: text,
          address: fc.oneof(
            fc.record(
              { street: text, postal_code: text, postal_location: text, country: text },
              { requiredKeys: [] },
            ),
            text,
          ),
          mobile: fc.oneof(fc.record({ prefix: text, number: text }, { requiredKeys: [] }), text),
          verification_code: text,
          birthdate: text,
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(profileLike, fc.jsonValue()), async (value) => {
          const res = await t.app.inject({
            method: 'PATCH',
            url: '/api/v1/membership/profile',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: JSON.stringify(value) ?? '',
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode !== 200) expect(ErrorBody.parse(res.json()).status).toBe(res.statusCode);
        }),
        { numRuns: 150 },
      );
      await fc.assert(
        fc.asyncProperty(fc.record({ domain: text, mobile: text }, { requiredKeys: [] }), async (value) => {
          const res = await call('POST', '/v1/membership/phone_verify', token, value);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode !== 200) ErrorBody.parse(res.json());
        }),
        { numRuns: 60 },
      );
      for (const raw of ['not json', '[]', 'null']) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/membership/profile',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: raw,
        });
        expect(res.statusCode).toBe(400);
      }
      const anonymous = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/membership/profile',
        payload: await profileBody(token),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('dev clock', () => {
    it('moves the portal clock for browser tests', async () => {
      const put = (now: unknown) => t.app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { now } });
      const moved = await put('2026-11-22T12:30:00Z');
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ now: '2026-11-22T12:30:00.000Z' });
      expect(t.clock.now().toISOString()).toBe('2026-11-22T12:30:00.000Z');
      expect((await put('tomorrow')).statusCode).toBe(400);
      expect((await put(NOW)).statusCode).toBe(200);
      expect(t.clock.now().toISOString()).toBe('2026-11-22T10:00:00.000Z');
    });
  });
});

describe('dev clock where it must not be', () => {
  it('is absent without PORTAL_CLOCK and in production', async () => {
    for (const config of [
      testConfig({ portalClock: null }),
      testConfig({ portalClock: NOW, isProduction: true }),
    ]) {
      const app = await buildApp({ db: {} as never, clock: mutableClock(NOW), config, logger: false });
      const res = await app.inject({ method: 'PUT', url: '/api/dev/clock', payload: { now: NOW } });
      expect(res.statusCode).toBe(404);
      await app.close();
    }
  });
});
