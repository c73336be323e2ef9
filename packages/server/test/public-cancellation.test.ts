import { CancellationPolicy, ErrorBody, PublicCancellationReceipt } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(mails[0]?.body).toContain('Eingang Ihrer Kündigung am 22. November 2026 um 11:00 Uhr.');
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
    expect(notice?.subject).toBe('Stride Fitness: A cancellation of your membership was received');
    // The member's own language (en-DE), with the end date and how to take it back.
    expect(notice?.body).toContain('Your contract ends on 31 December 2026.');
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
