import { CancellationPolicy, CancellationResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations, identityOf } from './support/declarations.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, expectRefusal, memberApi } from './support/member-api.ts';

// The signed-in single page built to § 312k (Germany), and the optional fields it sends.
describe.each(databases())('the signed-in cancellation declaration on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const cancel = (token: string, body: object) =>
    api.call('POST', '/v1/membership/cancellations', token, body);
  const earliestOf = async (token: string) =>
    CancellationPolicy.parse((await api.call('GET', '/v1/membership/policies/cancellation', token)).json())
      .membership.calculated_end_date!;

  it('needs the reason of an extraordinary cancellation', async () => {
    const token = await t.signIn('unpaid', 'de');
    expectInvalid(await cancel(token, { kind: 'extraordinary' }), 'body.reason');
    expectInvalid(await cancel(token, { kind: 'extraordinary', reason: '   ' }), 'body.reason');
    expect((await api.membership(token)).status).toBe('active');
  });

  it('refuses a date before the earliest possible end, in the member’s language', async () => {
    const de = await t.signIn('unpaid', 'de');
    await api.chooseLanguage(de, 'en-DE'); // a German member who reads English
    const earliest = await earliestOf(de);
    expect(earliest).toBe('2026-12-31');
    const item = expectRefusal(
      await cancel(de, { effective_date: '2026-12-30' }),
      'effective_date_before_earliest',
    );
    expect(item.context).toEqual({ earliest_date: '2026-12-31' });
    expect(item.message).toBe('The cancellation can take effect on 2026-12-31 at the earliest.');
    const at = await t.signIn('closed_club', 'at');
    expect(
      expectRefusal(await cancel(at, { effective_date: '2026-11-30' }), 'effective_date_before_earliest')
        .message,
    ).toBe('Die Kündigung kann frühestens zum 2027-06-30 wirksam werden.');
    expect((await api.membership(de)).status).toBe('active');
  });

  it('takes a later date as the end date, confirms receipt by e-mail and records the declaration', async () => {
    const token = await t.signIn('unpaid', 'de');
    await api.chooseLanguage(token, 'en-DE');
    const res = await cancel(token, {
      kind: 'ordinary',
      effective_date: '2027-03-31',
      confirmation_email: 'Copy@Example.org',
    });
    expect(CancellationResult.parse(res.json())).toEqual({
      status: 'in_cancellation',
      end_date: '2027-03-31',
      received_at: '2026-11-22T10:00:00.000Z',
    });
    expect(await api.membership(token)).toMatchObject({ status: 'in_cancellation', end_date: '2027-03-31' });

    const [mail] = await api.outbox('copy@example.org');
    expect(mail?.subject).toBe('Stride Fitness: Confirmation of your cancellation');
    expect(mail?.body).toContain('Your cancellation was received on 22 November 2026 at 11:00.');
    expect(mail?.body).toContain('- To take effect: 31 March 2027');
    expect(mail?.body).toContain('Your contract ends on 31 March 2027.');
    expect(await api.outbox('unpaid@de.example')).toEqual([]);

    const [row] = (await declarations(t)).filter((d) => d.email === 'unpaid@de.example');
    expect(row).toMatchObject({
      source: 'member',
      outcome: 'applied',
      kind: 'ordinary',
      effectiveDate: '2027-03-31',
      endDate: '2027-03-31',
      confirmationEmail: 'copy@example.org',
    });
    expect(mail?.body).toContain(row!.reference);
  });

  it('applies the earliest ordinary date to an extraordinary cancellation and keeps its reason for support', async () => {
    const token = await t.signIn('invalid_details', 'de');
    await api.chooseLanguage(token, 'en-DE');
    const earliest = await earliestOf(token);
    const res = await cancel(token, {
      kind: 'extraordinary',
      reason: 'Umzug ins Ausland',
      effective_date: '2026-11-30',
    });
    expect(CancellationResult.parse(res.json())).toMatchObject({
      status: 'in_cancellation',
      end_date: earliest,
    });
    const event = (await api.events('invalid_details@de.example')).at(-1);
    expect(event).toMatchObject({ action: 'membership_cancelled' });
    expect(event?.details).toMatchObject({
      kind: 'extraordinary',
      reason: 'Umzug ins Ausland',
      end_date: earliest,
    });
    const [row] = (await declarations(t)).filter((d) => d.email === 'invalid_details@de.example');
    expect(row).toMatchObject({ outcome: 'applied', kind: 'extraordinary', reason: 'Umzug ins Ausland' });
    const [mail] = await api.outbox('invalid_details@de.example');
    expect(mail?.body).toContain('extraordinary cancellation (for good cause)');
    expect(mail?.body).toContain('Until we reply, the ordinary cancellation applies.');
  });

  it('cannot put off the end of a trial', async () => {
    const token = await t.signIn('in_trial', 'at');
    expectRefusal(
      await cancel(token, { effective_date: '2026-12-31' }),
      'effective_date_after_immediate_end',
    );
    expect((await api.membership(token)).status).toBe('in_trial');
  });

  it('records no declaration where the operator has no public form, and writes German receipts in German', async () => {
    const token = await t.signIn('rfid', 'at');
    const { membership_number } = await identityOf(t, 'rfid', 'at');
    expect((await cancel(token, {})).statusCode).toBe(200);
    expect((await declarations(t)).filter((d) => d.operatorId === 'at')).toEqual([]);
    const [mail] = await api.outbox('rfid@at.example');
    expect(mail?.subject).toBe('Stride Fitness: Kündigungsbestätigung');
    expect(mail?.body).toContain('Ihre Kündigung ist am 22. November 2026 um 11:00 Uhr bei uns eingegangen.');
    expect(mail?.body).toContain(`- Mitgliedsnummer: ${membership_number}`);
    expect(mail?.body).toContain('Ihr Vertrag endet am 31. Dezember 2026.');
  });
});
