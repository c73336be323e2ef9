import { clubChangedMail } from '@portal/domain';
import { randomUUID } from 'node:crypto';
import { ClassTimetable, DataExport, EntryDeviceCreated } from '@portal/contract';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classBookings,
  entryDevices,
  members,
  passwordResetTokens,
  phoneVerifications,
  sessions,
} from '../src/db/schema.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, expectRefusal, memberApi } from './support/member-api.ts';

describe.each(databases())('account on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const signInAs = (username: string, password: string, operator_id: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username, password, operator_id },
    });
  const changePassword = (token: string, body: unknown) =>
    api.call('POST', '/v1/membership/password', token, body as object);
  const memberRow = async (username: string) =>
    (await t.db.select().from(members).where(eq(members.username, username)))[0]!;

  describe('password change', () => {
    it('sets the new password, ends the other sessions but this one, and e-mails a notice', async () => {
      const current = await t.signIn('scheduled_freeze', 'at');
      const other = await t.signIn('scheduled_freeze', 'at');
      const bystander = await t.signIn('active', 'at');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: {
          operator_id: 'at',
          username: 'scheduled_freeze@at.example',
          url: 'http://at.localhost:8080/password/reset',
          locale: 'de-AT',
        },
      });
      const resetLink = (await api.outbox('scheduled_freeze@at.example'))[0]!.body;
      const resetToken = /token=([\w-]+)/.exec(resetLink)![1];

      const res = await changePassword(current, { current_password: 'demo', new_password: 'neu-und-lang' });
      expect(res.statusCode).toBe(204);
      expect((await api.call('GET', '/v2/membership', current)).statusCode).toBe(200);
      expect((await api.call('GET', '/v2/membership', other)).statusCode).toBe(401);
      expect((await api.call('GET', '/v2/membership', bystander)).statusCode).toBe(200);

      expect((await signInAs('scheduled_freeze@at.example', 'demo', 'at')).statusCode).toBe(401);
      expect((await signInAs('scheduled_freeze@at.example', 'neu-und-lang', 'at')).statusCode).toBe(200);
      // A reset link sent before the change no longer works.
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update',
        payload: { operator_id: 'at', token: resetToken, password: 'other' },
      });
      expectRefusal(reset, 'invalid_reset_token');

      const [notice] = await api.outbox('scheduled_freeze@at.example');
      expect(notice?.subject).toBe('Stride Fitness: Ihr Passwort wurde geändert');
      expect(notice?.body).toContain('22. November 2026 um 11:00');
      expect(notice?.body).toContain('service@at.stride.example');
      expect(notice?.body).not.toContain('neu-und-lang');
      const logged = (await api.events('scheduled_freeze@at.example')).filter(
        (e) => e.action === 'password_changed',
      );
      expect(logged.map((e) => e.details)).toEqual([{ other_sessions_ended: 1 }]);
    });

    it('refuses a wrong current password in the member language, and the same password again', async () => {
      const token = await t.signIn('in_cancellation', 'no');
      const wrong = expectRefusal(
        await changePassword(token, { current_password: 'nope', new_password: 'new-one' }),
        'invalid_current_password',
      );
      expect(wrong).toMatchObject({
        message: 'Det nåværende passordet er feil.',
        context: { field: 'current_password' },
      });
      const same = expectRefusal(
        await changePassword(token, { current_password: 'demo', new_password: 'demo' }),
        'password_unchanged',
      );
      expect(same.context).toEqual({ field: 'new_password' });
      expect((await signInAs('in_cancellation@no.example', 'demo', 'no')).statusCode).toBe(200);
    });

    it('limits wrong current passwords per member with 429 and Retry-After, then lets go', async () => {
      const token = await t.signIn('in_freeze', 'fi');
      for (let i = 0; i < 5; i++) {
        const res = await changePassword(token, {
          current_password: `guess-${i}`,
          new_password: 'whatever-it-takes',
        });
        expect(res.statusCode).toBe(422);
      }
      const limited = await changePassword(token, {
        current_password: 'demo',
        new_password: 'whatever-it-takes',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errors[0].type).toBe('rate_limited');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      // Another member is not affected, nor is signing in.
      const other = await t.signIn('in_freeze', 'no');
      expect((await changePassword(other, { current_password: 'x', new_password: 'yyy' })).statusCode).toBe(
        422,
      );
      expect((await signInAs('in_freeze@fi.example', 'demo', 'fi')).statusCode).toBe(200);

      t.advanceWall(retryAfter * 1000 + 1);
      const later = await changePassword(token, {
        current_password: 'demo',
        new_password: 'whatever-it-takes',
      });
      expect(later.statusCode).toBe(204);
    });

    it('lets only one of two concurrent changes with the same current password through', async () => {
      const token = await t.signIn('cancelled', 'ch');
      const results = await Promise.all([
        changePassword(token, { current_password: 'demo', new_password: 'first-new-password' }),
        changePassword(token, { current_password: 'demo', new_password: 'second-new-password' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([204, 422]);
      expectRefusal(results.find((r) => r.statusCode === 422)!, 'invalid_current_password');
    });

    it('answers malformed input with 400 naming the field, and no session with 401', async () => {
      const token = await t.signIn('presale', 'de');
      expectInvalid(await changePassword(token, { new_password: 'abcd' }), 'body.current_password');
      expectInvalid(await changePassword(token, { current_password: 'demo' }), 'body.new_password');
      expectInvalid(
        await changePassword(token, { current_password: 'demo', new_password: '' }),
        'body.new_password',
      );
      expectInvalid(
        // Over 128 characters is the rule's 422 (test/password-rules.test.ts); this is the schema's bound.
        await changePassword(token, { current_password: 'demo', new_password: 'x'.repeat(1025) }),
        'body.new_password',
      );
      expectInvalid(
        await changePassword(token, { current_password: '', new_password: 'abcd' }),
        'body.current_password',
      );
      expectInvalid(
        await changePassword(token, { current_password: 'demo', new_password: 'abcd', username: 'x' }),
        'body.username',
      );
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/v1/membership/password',
        payload: { current_password: 'demo', new_password: 'abcd' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('data export', () => {
    const download = async (token: string) => {
      const res = await api.call('GET', '/v1/membership/export', token);
      expect(res.statusCode).toBe(200);
      return { res, data: DataExport.parse(res.json()), text: res.body };
    };

    it("holds the member's own data, as an attachment, and logs the export", async () => {
      const token = await t.signIn('active', 'de');
      await api.call('POST', '/v1/membership/update-location', token, { location_id: 'de-hamburg-altona' });
      const { res, data } = await download(token);
      const me = await memberRow('active@de.example');
      const m = await api.membership(token);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="member-data-${m.membership_number}-2026-11-22.json"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(data.member).toMatchObject({ id: me.id, email: 'active@de.example', first_name: me.firstName });
      expect(data.consents.marketing).toEqual({ opt_in: me.gdprOptIn, updated_at: null });
      expect(data.memberships).toEqual([
        expect.objectContaining({
          membership_number: m.membership_number,
          location_name: 'Stride Hamburg Altona',
        }),
      ]);
      expect(data.keys.map((k) => k.code).sort()).toEqual(m.keys.map((k) => k.code).sort());
      expect(data.payment_methods[0]).toMatchObject({ details: '**** **** **** 4242' });
      // The provider's token would charge the card and its fingerprint identifies it: neither is exported.
      expect(data.payment_methods[0]).not.toHaveProperty('provider_token');
      expect(data.payment_methods[0]).not.toHaveProperty('fingerprint');
      const invoice = data.invoices[0] as { lines: unknown[]; payments: unknown[] };
      expect(invoice.lines.length).toBeGreaterThan(0);
      expect(data.invoices.some((i) => (i as { payments: unknown[] }).payments.length > 0)).toBe(true);
      expect(data.workouts.length).toBeGreaterThan(0);
      expect(data.events.map((e) => e.action)).toEqual(
        expect.arrayContaining(['club_changed', 'data_export']),
      );
      // In the member's language, German (docs/operators.md, "Demo members").
      const subject = clubChangedMail.de('').subject;
      expect(data.messages.map((x) => x.subject)).toContain(`Stride Fitness: ${subject}`);
      expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
      expect((await api.events('active@de.example')).at(-1)?.action).toBe('data_export');
    });

    it("holds the member's class bookings and entry phones, never a secret or another member's", async () => {
      const token = await t.signIn('active', 'de');
      const me = await memberRow('active@de.example');
      const timetable = ClassTimetable.parse((await api.call('GET', '/v1/membership/classes', token)).json());
      const open = timetable.sessions.find((s) => s.state === 'open' && !s.my_booking)!;
      const full = timetable.sessions.find(
        (s) => s.state === 'full' && !s.my_booking && s.starts_at !== open.starts_at,
      )!;
      const dropped = timetable.sessions.find(
        (s) => s.state === 'open' && !s.my_booking && ![open.starts_at, full.starts_at].includes(s.starts_at),
      )!;
      for (const s of [open, full, dropped]) {
        const res = await api.call('POST', `/v1/membership/classes/${s.id}/booking`, token);
        expect(res.statusCode, res.body).toBe(201);
      }
      const cancelled = await api.call('DELETE', `/v1/membership/classes/${dropped.id}/booking`, token);
      expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
      const setUp = async (tok: string, name: string) => {
        const res = await api.call('POST', '/v1/membership/entry_devices', tok, { name });
        expect(res.statusCode, res.body).toBe(200);
        return EntryDeviceCreated.parse(res.json());
      };
      const phone = await setUp(token, 'Pixel in the gym bag');
      const old = await setUp(token, 'Old iPhone');
      expect(
        (await api.call('DELETE', `/v1/membership/entry_devices/${old.device_id}`, token)).statusCode,
      ).toBe(204);
      const otherToken = await t.signIn('active', 'at');
      const othersPhone = await setUp(otherToken, 'Somebody else’s phone');

      const { data, text } = await download(token);
      expect(data.class_bookings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            session_id: open.id,
            class_name: open.class_name,
            location_name: open.location_name,
            starts_at: open.starts_at,
            status: 'booked',
            late_cancellation: false,
            attended_at: null,
          }),
          expect.objectContaining({ session_id: full.id, class_name: full.class_name, status: 'waitlisted' }),
          expect.objectContaining({
            session_id: dropped.id,
            status: 'cancelled',
            cancelled_at: expect.any(String),
            late_cancellation: expect.any(Boolean),
          }),
        ]),
      );
      const mine = await t.db.select().from(classBookings).where(eq(classBookings.memberId, me.id));
      expect(data.class_bookings.map((b) => b.id).sort()).toEqual(mine.map((b) => b.id).sort());
      // The full session's other places are other members' bookings: none of them is here.
      const others = await t.db.select().from(classBookings).where(ne(classBookings.memberId, me.id));
      expect(others.length).toBeGreaterThan(0);
      for (const b of others) expect(text).not.toContain(b.id);

      expect(data.entry_devices).toEqual([
        expect.objectContaining({ name: 'Pixel in the gym bag', removed_at: null, last_used_at: null }),
        expect.objectContaining({ name: 'Old iPhone', removed_at: expect.any(String) }),
      ]);
      expect(data.entry_devices[0]!.created_at).toEqual(expect.any(String));
      const sealed = (await t.db.select().from(entryDevices)).map((d) => d.secretSealed);
      for (const secret of [phone.secret, old.secret, othersPhone.secret, ...sealed]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/secret/i);
      expect(text).not.toContain(othersPhone.device_id);
      expect(text).not.toContain('Somebody else’s phone');
    });

    it("holds the refunds paid back on the member's payments", async () => {
      const token = await t.signIn('closed_club', 'fi');
      const [item] = (await api.call('GET', '/v1/membership/invoices/refundable', token)).json();
      const refund = await api.call('POST', `/v1/membership/invoices/${item.invoice.id}/refund`, token, {});
      expect(refund.statusCode).toBe(200);
      const { data } = await download(token);
      const invoice = data.invoices.find((i) => i.id === item.invoice.id) as {
        payments: { refunds: unknown[] }[];
      };
      expect(invoice.payments.flatMap((p) => p.refunds)).toEqual([
        expect.objectContaining({
          method: 'card',
          amount: item.refundable_amount.refundable,
          status: 'completed',
        }),
      ]);
    });

    it("never holds another member's data, secrets or hashes", async () => {
      const token = await t.signIn('invalid_details', 'de');
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: {
          operator_id: 'de',
          username: 'invalid_details@de.example',
          url: 'http://de.localhost:8080/password/reset',
          locale: 'en-DE',
        },
      });
      // The reset link is made after answering; reading the outbox waits for it.
      expect(await api.outbox('invalid_details@de.example')).not.toEqual([]);
      const me = await memberRow('invalid_details@de.example');
      await t.db.insert(phoneVerifications).values({
        id: randomUUID(),
        memberId: me.id,
        mobile: '+4915123456799',
        codeHash: 'c0de-hash-that-must-not-leave',
        attempts: 1,
        createdAt: new Date('2026-11-22T09:00:00Z'),
        expiresAt: new Date('2026-11-22T10:00:00Z'),
      });
      const { data, text } = await download(token);

      const others = await t.db.select().from(members).where(ne(members.id, me.id));
      for (const other of others) {
        expect(text).not.toContain(other.id);
        expect(text.toLowerCase()).not.toContain(other.email.toLowerCase());
      }
      const secrets = [
        me.passwordHash,
        ...(await t.db.select().from(sessions).where(eq(sessions.memberId, me.id))).map((s) => s.tokenHash),
        ...(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.memberId, me.id))).map(
          (r) => r.tokenHash,
        ),
        'c0de-hash-that-must-not-leave',
      ];
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/hash/i);
      // The reset e-mail is there, its link's token is not.
      const reset = data.messages.find((x) => String(x.body).includes('/password/update?token='));
      expect(reset?.body).toContain('/password/update?token=[removed]');
      expect(data.phone_verifications).toEqual([
        expect.objectContaining({ mobile: '+4915123456799', attempts: 1 }),
      ]);
      expect(data.password_resets).toHaveLength(1);
    });

    it('leaves out messages to an address another member holds too', async () => {
      const token = await t.signIn('max_frozen', 'fi');
      await api.call('PUT', '/v1/membership/gdpr', token, { gdpr_opt_in: true });
      expect((await download(token)).data.messages.length).toBeGreaterThan(0);
      const me = await memberRow('max_frozen@fi.example');
      const other = await memberRow('unpaid@fi.example');
      await t.db
        .update(members)
        .set({ email: me.email, mobileNumber: me.mobileNumber })
        .where(eq(members.id, other.id));
      try {
        expect((await download(token)).data.messages).toEqual([]);
      } finally {
        await t.db
          .update(members)
          .set({ email: other.email, mobileNumber: other.mobileNumber })
          .where(eq(members.id, other.id));
      }
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/membership/export' })).statusCode).toBe(401);
    });
  });
});
