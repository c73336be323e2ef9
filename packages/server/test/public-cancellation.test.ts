import { CancellationPolicy, ErrorBody, PublicCancellationReceipt } from '@portal/contract';
import { receiptTexts } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationDeclarations, memberships } from '../src/db/schema.ts';
import { declarationByReference, identityOf, postPublic } from './support/declarations.ts';
import { databases, startApp, type TestApp, testConfig } from './support/harness.ts';
import { expectInvalid, memberApi } from './support/member-api.ts';

const MIN_RESPONSE_MS = 120;

// § 312k BGB: cancelling without signing in (ADR 010).
describe.each(databases())('the public cancellation on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  let lastIp = 0;
  /** Each test sends from its own address, so the per-address limit is tested on its own. */
  const freshIp = () => `198.51.100.${++lastIp}`;

  beforeAll(async () => {
    const defaults = testConfig().publicCancellation;
    t = await startApp(kind, {
      now: '2026-11-22T10:00:00Z',
      config: { publicCancellation: { ...defaults, minResponseMs: MIN_RESPONSE_MS } },
    });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const base = { operator_id: 'de', locale: 'de-DE', kind: 'ordinary', contract: 'membership' } as const;
  const declare = async (persona: Parameters<typeof identityOf>[1], fields: object = {}, ip = freshIp()) => {
    const who = await identityOf(t, persona, 'de');
    return postPublic(
      t,
      {
        ...base,
        first_name: who.first_name,
        last_name: who.last_name,
        membership_number: who.membership_number,
        confirmation_email: who.email,
        ...fields,
      },
      ip,
    );
  };
  const receiptOf = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    return PublicCancellationReceipt.parse(res.json());
  };
  const earliestOf = async (token: string) =>
    CancellationPolicy.parse((await api.call('GET', '/v1/membership/policies/cancellation', token)).json())
      .membership.calculated_end_date!;

  it('cancels a matched membership with the policy’s end date and confirms it to the e-mail on file', async () => {
    const token = await t.signIn('active', 'de');
    const earliest = await earliestOf(token);
    const receipt = receiptOf(await declare('active'));
    expect(receipt.reference).toMatch(/^DE-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(receipt.received_at).toBe('2026-11-22T10:00:00.000Z');
    expect(await api.membership(token)).toMatchObject({ status: 'in_cancellation', end_date: earliest });

    expect(await declarationByReference(t, receipt.reference)).toMatchObject({
      source: 'public',
      outcome: 'applied',
      endDate: earliest,
      effectiveDate: null,
      website: null,
    });
    const mails = await api.outbox('active@de.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Stride Fitness: Kündigungsbestätigung');
    expect(mails[0]?.body).toContain(
      'Ihre Kündigung ist am 22. November 2026 um 11:00 Uhr bei uns eingegangen.',
    );
    expect(mails[0]?.body).toContain(`Vorgangsnummer: ${receipt.reference}`);
    expect(mails[0]?.body).toContain('Ihr Vertrag endet am 31. Dezember 2026.');
    const event = (await api.events('active@de.example')).at(-1);
    expect(event?.details).toMatchObject({
      source: 'public',
      reference: receipt.reference,
      end_date: earliest,
    });
  });

  it('tells the end date only to the e-mail on file, when the confirmation goes elsewhere', async () => {
    const who = await identityOf(t, 'rfid', 'de');
    const receipt = receiptOf(
      await declare('rfid', {
        membership_number: undefined,
        email: who.email,
        first_name: ` ${who.first_name.toUpperCase()} `,
        confirmation_email: 'someone.else@example.org',
      }),
    );
    const token = await t.signIn('rfid', 'de');
    const { end_date } = await api.membership(token);
    expect(end_date).toBe('2026-12-31');

    const [confirmation] = await api.outbox('someone.else@example.org');
    expect(confirmation?.body).toContain('Ihr Vertrag endet zum nächstmöglichen Zeitpunkt.');
    expect(confirmation?.body).not.toContain('Dezember');
    const [notice] = await api.outbox('rfid@de.example');
    const german = receiptTexts.de;
    expect(notice?.subject).toBe(`Stride Fitness: ${german.noticeSubject}`);
    // The member's own language (de-DE, docs/operators.md), with the end date and how to take it back.
    expect(notice?.body).toContain(german.endsOn('31. Dezember 2026'));
    expect(notice?.body).toContain(receipt.reference);
  });

  it('records an unknown identity, changes nothing and answers the same receipt', async () => {
    const who = await identityOf(t, 'unpaid', 'de');
    const res = await declare('unpaid', { first_name: 'Nobody', confirmation_email: 'probe@example.org' });
    const receipt = receiptOf(res);
    expect((await api.membership(await t.signIn('unpaid', 'de'))).status).toBe('active');
    expect(await declarationByReference(t, receipt.reference)).toMatchObject({
      outcome: 'unmatched',
      outcomeReason: 'no_match',
      membershipId: null,
      membershipNumber: who.membership_number,
    });
    const [mail] = await api.outbox('probe@example.org');
    expect(mail?.body).toContain('Ihr Vertrag endet zum nächstmöglichen Zeitpunkt.');
    expect(await api.outbox('unpaid@de.example')).toEqual([]);
  });

  it('answers matched and unmatched declarations alike, in shape and in time', async () => {
    const form = {
      ...base,
      first_name: 'Erika',
      last_name: 'Mustermann',
      email: 'erika@example.org',
      confirmation_email: 'erika@example.org',
    };
    const started = performance.now();
    const unmatched = await postPublic(t, form, freshIp());
    const unmatchedMs = performance.now() - started;
    const matchedStart = performance.now();
    // A date before the earliest is read as the earliest (§ 140 BGB), never refused with it.
    const matched = await declare('closed_club', { effective_date: '2026-11-30' });
    const matchedMs = performance.now() - matchedStart;
    expect(await declarationByReference(t, receiptOf(matched).reference)).toMatchObject({
      outcome: 'applied',
      effectiveDate: '2026-11-30',
      endDate: '2027-06-30',
    });

    expect(Object.keys(unmatched.json()).sort()).toEqual(Object.keys(matched.json()).sort());
    expect(Object.keys(unmatched.headers).sort()).toEqual(Object.keys(matched.headers).sort());
    expect(unmatched.json()).toEqual({
      reference: expect.any(String),
      received_at: '2026-11-22T10:00:00.000Z',
      kind: 'ordinary',
      reason: null,
      first_name: 'Erika',
      last_name: 'Mustermann',
      membership_number: null,
      email: 'erika@example.org',
      contract: 'membership',
      effective_date: null,
      confirmation_email: 'erika@example.org',
    });
    expect(unmatchedMs).toBeGreaterThanOrEqual(MIN_RESPONSE_MS);
    expect(matchedMs).toBeGreaterThanOrEqual(MIN_RESPONSE_MS);
  });

  it('records and confirms a declaration the rules refuse, and leaves it to support with the reason', async () => {
    const receipt = receiptOf(await declare('in_freeze'));
    expect((await api.membership(await t.signIn('in_freeze', 'de'))).status).toBe('in_freeze');
    expect(await declarationByReference(t, receipt.reference)).toMatchObject({
      outcome: 'refused',
      outcomeReason: 'cancel_in_freeze_not_allowed',
    });
    const [mail] = await api.outbox('in_freeze@de.example');
    expect(mail?.subject).toBe('Stride Fitness: Kündigungsbestätigung');
    expect(mail?.body).toContain(
      'Wir konnten die Kündigung nicht sofort bearbeiten: Eine pausierte Mitgliedschaft kann nicht gekündigt werden.',
    );

    const scheduled = receiptOf(await declare('scheduled_freeze'));
    expect(await declarationByReference(t, scheduled.reference)).toMatchObject({
      outcome: 'refused',
      outcomeReason: 'cancel_with_scheduled_freeze_not_allowed',
    });
  });

  it('takes a repeated declaration as a duplicate and keeps the end date', async () => {
    const token = await t.signIn('in_cancellation', 'de');
    const before = await api.membership(token);
    const receipt = receiptOf(await declare('in_cancellation'));
    expect(await declarationByReference(t, receipt.reference)).toMatchObject({
      outcome: 'duplicate',
      endDate: before.end_date,
    });
    expect(await api.membership(token)).toMatchObject({
      status: 'in_cancellation',
      end_date: before.end_date,
    });
    // An earlier date than the one it already ends on is not a repetition: support decides.
    const extraordinary = receiptOf(
      await declare('in_cancellation', { kind: 'extraordinary', reason: 'Umzug' }),
    );
    expect(await declarationByReference(t, extraordinary.reference)).toMatchObject({
      outcome: 'refused',
      outcomeReason: 'already_in_cancellation_error',
    });
  });

  it('records a filled honeypot as automated, applies nothing and sends no e-mail', async () => {
    const res = await declare('max_frozen', { website: 'https://spam.example' });
    const receipt = receiptOf(res);
    expect(Object.keys(res.json() as object)).not.toContain('website');
    expect((await api.membership(await t.signIn('max_frozen', 'de'))).status).toBe('active');
    expect(await declarationByReference(t, receipt.reference)).toMatchObject({
      outcome: 'automated',
      website: 'https://spam.example',
      membershipId: null,
    });
    expect(await api.outbox('max_frozen@de.example')).toEqual([]);
  });

  it('applies a later date as asked, and ends a trial at once but cannot put off the end of a presale', async () => {
    const later = receiptOf(await declare('new_signup', { effective_date: '2027-12-31' }));
    expect(await declarationByReference(t, later.reference)).toMatchObject({
      outcome: 'applied',
      endDate: '2027-12-31',
    });
    const trial = receiptOf(await declare('in_trial', { effective_date: '2026-11-01' }));
    expect(await declarationByReference(t, trial.reference)).toMatchObject({
      outcome: 'applied',
      endDate: '2026-11-22',
    });
    expect((await api.membership(await t.signIn('in_trial', 'de'))).status).toBe('cancelled_in_trial');
    const presale = receiptOf(await declare('presale', { effective_date: '2027-01-31' }));
    expect(await declarationByReference(t, presale.reference)).toMatchObject({
      outcome: 'refused',
      outcomeReason: 'effective_date_after_immediate_end',
    });
    const stopped = receiptOf(await declare('stopped'));
    expect(await declarationByReference(t, stopped.reference)).toMatchObject({
      outcome: 'refused',
      outcomeReason: 'invalid_status_to_cancel',
    });
  });

  it('rejects malformed declarations with 400 naming the field, and records none of them', async () => {
    const ip = freshIp();
    const who = await identityOf(t, 'invalid_details', 'de');
    const valid = {
      ...base,
      first_name: who.first_name,
      last_name: who.last_name,
      membership_number: who.membership_number,
      confirmation_email: who.email,
    };
    const { first_name: _, ...withoutName } = valid;
    const cases: [object | string, string[]][] = [
      [withoutName, ['body.first_name']],
      [{ ...valid, confirmation_email: 'not-an-address' }, ['body.confirmation_email']],
      [{ ...valid, kind: 'whenever' }, ['body.kind']],
      [{ ...valid, contract: 'everything' }, ['body.contract']],
      [{ ...valid, effective_date: '31.12.2026' }, ['body.effective_date']],
      [{ ...valid, operator_id: 'xx' }, ['body.operator_id']],
      [{ ...valid, password: 'demo' }, ['body.password']],
      [{ ...valid, kind: 'extraordinary' }, ['body.reason']],
      [{ ...valid, membership_number: undefined }, ['body.membership_number', 'body.email']],
      [{ ...valid, membership_number: '  ' }, ['body.membership_number', 'body.email']],
      ['{"first_name": ', ['body']],
    ];
    for (const [payload, fields] of cases) {
      const res = await postPublic(t, payload, ip);
      for (const field of fields) expectInvalid(res, field);
    }
    expect((await api.membership(await t.signIn('invalid_details', 'de'))).status).toBe('active');
    expect(await api.outbox('invalid_details@de.example')).toEqual([]);
  });

  it('limits declarations per address and per identity with 429 and Retry-After', async () => {
    const ip = freshIp();
    const stranger = (n: number) => ({
      ...base,
      first_name: 'Max',
      last_name: `Probe${n}`,
      email: `max${n}@example.org`,
      confirmation_email: `max${n}@example.org`,
    });
    for (let n = 0; n < 5; n++) receiptOf(await postPublic(t, stranger(n), ip));
    const refused = await postPublic(t, stranger(5), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBody.parse(refused.json()).errors[0]?.type).toBe('rate_limited');

    // One identity from ever new addresses: three a day.
    for (let n = 0; n < 3; n++) receiptOf(await postPublic(t, stranger(9), freshIp()));
    const again = await postPublic(t, { ...stranger(9), first_name: ' MAX ' }, freshIp());
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    t.advanceWall(24 * 3600 * 1000);
    receiptOf(await postPublic(t, stranger(9), freshIp()));
  });

  it('is not offered by operators without the form', async () => {
    for (const operator_id of ['at', 'ch', 'no', 'fi']) {
      const res = await postPublic(
        t,
        {
          ...base,
          operator_id,
          first_name: 'A',
          last_name: 'B',
          email: 'a@example.org',
          confirmation_email: 'a@example.org',
        },
        freshIp(),
      );
      expect(res.statusCode, operator_id).toBe(404);
      expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('not_found');
    }
  });

  /** Makes the database refuse what `when` (a trigger's condition) picks, until `lift` is called. */
  async function refuse(table: string, when: string) {
    await t.db.execute(
      sql.raw(`create function refuse_${table}() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_${table} before insert or update on ${table}
        for each row when (${when}) execute function refuse_${table}()`),
    );
    return async () => {
      await t.db.execute(sql.raw(`drop trigger refuse_${table} on ${table}`));
      await t.db.execute(sql.raw(`drop function refuse_${table}()`));
    };
  }
  const timed = async <T>(send: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const res = await send();
    return [res, performance.now() - started];
  };

  // docs/security.md, R1.
  it('answers a declaration that fails inside as any other, at the same time, and records it as failed', async () => {
    const who = await identityOf(t, 'max_frozen', 'de');
    const [membership] = await t.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.membershipNumber, who.membership_number));
    // The matched member's change fails after the declaration was recorded.
    const lift = await refuse('memberships', `new.id = '${membership!.id}'`);
    let failed: Awaited<ReturnType<typeof declare>>;
    let failedMs: number;
    try {
      [failed, failedMs] = await timed(() =>
        declare('max_frozen', { confirmation_email: 'probe@example.org' }),
      );
    } finally {
      await lift();
    }
    const [unmatched, unmatchedMs] = await timed(() =>
      declare('max_frozen', { first_name: 'Niemand', confirmation_email: 'probe2@example.org' }),
    );
    expect(failed.statusCode).toBe(unmatched.statusCode);
    expect(Object.keys(failed.json()).sort()).toEqual(Object.keys(unmatched.json()).sort());
    expect(Object.keys(failed.headers).sort()).toEqual(Object.keys(unmatched.headers).sort());
    expect(failedMs).toBeGreaterThanOrEqual(MIN_RESPONSE_MS);
    expect(unmatchedMs).toBeGreaterThanOrEqual(MIN_RESPONSE_MS);

    const receipt = receiptOf(failed);
    expect(await declarationByReference(t, receipt.reference)).toMatchObject({
      source: 'public',
      outcome: 'failed',
      outcomeReason: expect.stringMatching(/^\w+ P0001$/),
      membershipNumber: who.membership_number,
      memberId: null,
    });
    expect((await api.membership(await t.signIn('max_frozen', 'de'))).status).toBe('active');
    // Confirmed as one naming nobody is; the member hears nothing of a change that did not happen.
    const [mail] = await api.outbox('probe@example.org');
    expect(mail?.body).toContain(receipt.reference);
    expect(mail?.body).toContain('Ihr Vertrag endet zum nächstmöglichen Zeitpunkt.');
    expect(await api.outbox('max_frozen@de.example')).toEqual([]);
  });

  it('answers an error at the minimum time when even recording a failed declaration fails', async () => {
    const lift = await refuse('cancellation_declarations', `new.first_name = 'Unrecordable'`);
    let res: Awaited<ReturnType<typeof postPublic>>;
    let ms: number;
    try {
      [res, ms] = await timed(() =>
        postPublic(
          t,
          {
            ...base,
            first_name: 'Unrecordable',
            last_name: 'X',
            email: 'u@example.org',
            confirmation_email: 'u@example.org',
          },
          freshIp(),
        ),
      );
    } finally {
      await lift();
    }
    expect(res.statusCode).toBe(500);
    expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('internal_error');
    expect(ms).toBeGreaterThanOrEqual(MIN_RESPONSE_MS);
    expect(await api.outbox('u@example.org')).toEqual([]);
  });

  // docs/security.md, R6.
  it('mails a member at most once a day for declarations that change nothing, however they name them', async () => {
    const who = await identityOf(t, 'cancelled', 'de');
    // A bogus number each time with the real e-mail: five identities, one member.
    const bogus = (n: number, confirmation_email: string) =>
      declare('cancelled', { membership_number: `99900${n}`, email: who.email, confirmation_email });
    for (let n = 0; n < 3; n++) receiptOf(await bogus(n, 'prober@example.org'));
    for (let n = 3; n < 5; n++) receiptOf(await bogus(n, who.email));
    const rows = await t.db
      .select({ outcome: cancellationDeclarations.outcome })
      .from(cancellationDeclarations)
      .where(eq(cancellationDeclarations.email, who.email));
    expect(rows.map((r) => r.outcome)).toEqual(Array(5).fill('refused'));
    // The sender's address gets every receipt, as for anyone; the member's address one notice.
    expect(await api.outbox('prober@example.org')).toHaveLength(3);
    const toMember = await api.outbox(who.email);
    expect(toMember).toHaveLength(1);
    // A day later the member hears of the next one again.
    t.advanceWall(24 * 3600 * 1000 + 1000);
    receiptOf(await bogus(5, who.email));
    expect(await api.outbox(who.email)).toHaveLength(2);
  });

  it('still confirms each declaration that cancels', async () => {
    const who = await identityOf(t, 'max_frozen', 'de');
    const references: string[] = [];
    const bogus = async (n: number) => {
      const fields = {
        membership_number: `88800${n}`,
        email: who.email,
        confirmation_email: 'x@example.org',
      };
      references.push(receiptOf(await declare('max_frozen', fields)).reference);
    };
    /** The mails to the e-mail on file that speak of a declaration (not the reactivation's). */
    const notices = async () =>
      (await api.outbox(who.email)).filter((m) => references.some((r) => m.body.includes(r)));
    await bogus(0);
    await bogus(1);
    expect(await notices()).toHaveLength(1);
    const token = await t.signIn('max_frozen', 'de');
    expect((await api.call('DELETE', '/v1/membership/cancellations', token)).statusCode).toBe(204);
    await bogus(2);
    expect((await api.membership(token)).status).toBe('in_cancellation');
    expect(await notices()).toHaveLength(2);
  });

  it('applies one of two declarations sent at once; the other is a duplicate', async () => {
    const [a, b] = await Promise.all([declare('unpaid'), declare('unpaid')]);
    const rows = await Promise.all(
      [receiptOf(a), receiptOf(b)].map((r) => declarationByReference(t, r.reference)),
    );
    expect(rows.map((r) => r?.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect(rows[0]?.endDate).toBe('2026-12-31');
    expect(rows[1]?.endDate).toBe('2026-12-31');
    const events = await api.events('unpaid@de.example');
    expect(events.filter((e) => e.action === 'membership_cancelled')).toHaveLength(1);
  });
});
