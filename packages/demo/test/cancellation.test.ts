import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsername, type Persona, PERSONAS } from '@portal/demo-data';
import { signedInOnce } from './support/both.ts';
import { type Call, type Mirror, normalize, startMirror, type Tokens } from './support/mirror.ts';

// Cancellation, reactivation, withdrawal and the § 312k public form on the demo against
// the real server, from the same rows at the same clock (2026-11-22): equal answers, and
// after every call equal rows (memberships, freezes, fees, events, declarations, consent)
// and e-mails (receipts, notices, confirmations).

const WRITTEN = [
  'members',
  'memberships',
  'freezePeriods',
  'invoices',
  'invoiceLines',
  'events',
  'cancellationDeclarations',
] as const;
// The server keeps the arrival by its wall clock and a keyed hash of the client's
// address; the demo has neither (see the handler).
const NOT_COMPARED = ['arrivedAt', 'clientIpHash'];

let m: Mirror;
const signIn = signedInOnce((persona, operator) => m.signIn(persona, operator));

/** One call on both sides: the same status and (normalised) body, then the same rows and e-mails. */
async function same(call: Call, who: Tokens | undefined, status: number) {
  const { server, demo } = await m.call(call, who);
  expect(normalize(demo.body)).toEqual(normalize(server.body));
  expect(demo.status).toBe(server.status);
  expect(demo.status).toBe(status);
  const rows = await m.tables([...WRITTEN], NOT_COMPARED);
  expect(rows.demo).toEqual(rows.server);
  const mails = await m.mails();
  expect(normalize(mails.demo)).toEqual(normalize(mails.server));
  return demo.body;
}

/** A persona's name and membership number, as the public form asks for them. */
function person(persona: Persona, operator: OperatorId) {
  const member = m.store.tables.members.find((x) => x.email === demoUsername(persona, operator))!;
  const membership = m.store.tables.memberships.find((x) => x.memberId === member.id)!;
  return {
    first_name: member.firstName,
    last_name: member.lastName,
    number: membership.membershipNumber,
    email: member.email,
  };
}

/** The form's fields naming the member by number, the confirmation going to the e-mail on file. */
const byNumber = (p: ReturnType<typeof person>) => ({
  first_name: p.first_name,
  last_name: p.last_name,
  membership_number: p.number,
  confirmation_email: p.email,
});

const publicForm = (fields: Record<string, unknown>) => ({
  name: 'publicCancellation' as const,
  body: { operator_id: 'de', locale: 'de-DE', kind: 'ordinary', contract: 'membership', ...fields },
});

beforeAll(async () => {
  m = await startMirror('2026-11-22T10:00:00Z');
});
afterAll(() => m?.close());

describe('cancellation policy', () => {
  it.each(operatorIds)('is the same for every persona of %s', async (operator) => {
    for (const persona of PERSONAS) {
      const { server, demo } = await m.call({ name: 'cancellationPolicy' }, await signIn(persona, operator));
      expect(demo, `${persona}@${operator}`).toEqual(server);
    }
  });
});

describe('cancel, per operator', () => {
  const cases: [string, Persona, OperatorId, Record<string, unknown>, number][] = [
    // de: the § 312k single page; every declaration is recorded for support.
    ['the earliest date, declaration recorded', 'active', 'de', { kind: 'ordinary' }, 200],
    [
      'a later date, confirmation elsewhere',
      'rfid',
      'de',
      { kind: 'ordinary', effective_date: '2027-06-30', confirmation_email: 'Someone@Example.org' },
      200,
    ],
    [
      'an extraordinary one with its reason',
      'unpaid',
      'de',
      { kind: 'extraordinary', reason: 'Umzug ins Ausland' },
      200,
    ],
    // at, no, fi: multi-step; the consent answer is kept when it changes.
    ['the multi-step flow with the consent answer', 'active', 'at', { gdpr_opt_in: true }, 200],
    ['the multi-step flow without consent', 'active', 'no', { gdpr_opt_in: false }, 200],
    [
      'an extraordinary one (recorded for support)',
      'active',
      'fi',
      { kind: 'extraordinary', reason: 'Sairaus' },
      200,
    ],
    // ch: the e-mail text, except trial and presale: their single page ends at once.
    ['a trial, at once', 'in_trial', 'ch', {}, 200],
    ['a presale, at once', 'presale', 'fi', {}, 200],
    ['a regular membership (the call exists behind the e-mail text)', 'active', 'ch', {}, 200],
    // Refusals.
    ['a frozen membership', 'in_freeze', 'de', {}, 422],
    ['with a freeze scheduled in the period', 'scheduled_freeze', 'at', {}, 422],
    ['a membership in cancellation', 'in_cancellation', 'no', {}, 422],
    ['an ended membership', 'cancelled', 'fi', {}, 422],
    ['a stopped membership', 'stopped', 'ch', {}, 422],
    ['a date before the earliest', 'closed_club', 'de', { effective_date: '2026-12-15' }, 422],
    ['a later date in a trial', 'in_trial', 'fi', { effective_date: '2027-03-31' }, 422],
    ['an extraordinary one without reason', 'invalid_details', 'at', { kind: 'extraordinary' }, 400],
    ['an unknown field', 'max_frozen', 'no', { why: 'x' }, 400],
  ];
  it.each(cases)('%s (%s@%s)', async (_, persona, operator, body, status) => {
    await same({ name: 'cancel', body }, await signIn(persona, operator), status);
    await same({ name: 'cancellationPolicy' }, await signIn(persona, operator), 200);
  });
});

describe('reactivate', () => {
  it.each([
    ['in_cancellation', 'de'],
    ['in_cancellation', 'fi'],
    ['active', 'at'], // cancelled above
  ] as [Persona, OperatorId][])('takes the cancellation of %s@%s back, once', async (persona, operator) => {
    const who = await signIn(persona, operator);
    await same({ name: 'reactivate' }, who, 204);
    await same({ name: 'reactivate' }, who, 422);
  });
  it('refuses where nothing is cancelled', async () => {
    await same({ name: 'reactivate' }, await signIn('new_signup', 'no'), 422);
    await same({ name: 'reactivate' }, await signIn('cancelled_in_trial', 'ch'), 422);
  });
});

describe('withdrawal', () => {
  it.each([
    ['new_signup', 'de', 200],
    ['new_signup', 'at', 200],
    ['new_signup', 'fi', 200],
    ['new_signup', 'ch', 422], // no withdrawal button
    ['new_signup', 'no', 422],
    ['scheduled_freeze', 'de', 422], // the 14 days are over
    ['cancelled', 'at', 422], // nothing left to withdraw from
    ['presale', 'de', 200], // signed up lately, not begun: everything back
  ] as [Persona, OperatorId, number][])('%s@%s: %i', async (persona, operator, status) => {
    const who = await signIn(persona, operator);
    await same({ name: 'withdrawal', body: {} }, who, status);
    if (status === 200) await same({ name: 'withdrawal', body: {} }, who, 422);
  });
});

describe('public cancellation (§ 312k BGB, de)', () => {
  it('applies a declaration naming one member, confirmed to the e-mail on file', async () => {
    await same(publicForm(byNumber(person('max_frozen', 'de'))), undefined, 200);
  });
  it('applies one identified by e-mail with the confirmation elsewhere, and tells the e-mail on file', async () => {
    const p = person('closed_club', 'de');
    await same(
      publicForm({
        first_name: p.first_name.toUpperCase(),
        last_name: p.last_name,
        email: p.email,
        confirmation_email: 'friend@example.org',
        effective_date: '2027-04-30',
      }),
      undefined,
      200,
    );
  });
  it('records a repeated declaration as a duplicate', async () => {
    await same(publicForm(byNumber(person('in_cancellation', 'de'))), undefined, 200);
  });
  it('records one the rules refuse, and leaves it to support', async () => {
    await same(
      publicForm({
        ...byNumber(person('in_freeze', 'de')),
        kind: 'extraordinary',
        reason: 'Umzug',
      }),
      undefined,
      200,
    );
  });
  it('records one naming nobody, and a filled honeypot without mailing', async () => {
    await same(
      publicForm({
        first_name: 'Nie',
        last_name: 'Mand',
        membership_number: '999',
        confirmation_email: 'nie@example.org',
      }),
      undefined,
      200,
    );
    const p = person('stopped', 'de');
    await same(
      publicForm({
        first_name: p.first_name,
        last_name: p.last_name,
        email: p.email,
        confirmation_email: 'bot@example.org',
        website: 'http://spam',
      }),
      undefined,
      200,
    );
  });
  it('mails a member once a day for declarations that change nothing, however they name them', async () => {
    const p = person('cancelled', 'de');
    for (const n of [1, 2, 3])
      await same(
        publicForm({
          first_name: p.first_name,
          last_name: p.last_name,
          membership_number: `99900${n}`,
          email: p.email,
          confirmation_email: n === 1 ? 'prober@example.org' : p.email,
        }),
        undefined,
        200,
      );
    const mails = await m.mails();
    expect(mails.demo.filter((mail) => mail.to === p.email)).toHaveLength(1);
  });
  it('limits one identity to three declarations a day (429)', async () => {
    const form = publicForm({
      first_name: 'Eva',
      last_name: 'Probe',
      email: 'eva@example.org',
      confirmation_email: 'eva@example.org',
    });
    for (let i = 0; i < 3; i++) await same(form, undefined, 200);
    await same(form, undefined, 429);
  });
  it('refuses incomplete declarations with 400', async () => {
    await same(
      publicForm({ first_name: 'A', last_name: 'B', confirmation_email: 'a@example.org' }),
      undefined,
      400,
    );
    await same(
      publicForm({
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.org',
        confirmation_email: 'a@example.org',
        kind: 'extraordinary',
      }),
      undefined,
      400,
    );
    await same(publicForm({ first_name: '', last_name: 'B', confirmation_email: 'nope' }), undefined, 400);
  });
  it.each(['at', 'ch', 'no', 'fi'])('is not there for %s (404)', async (operator) => {
    await same(
      publicForm({
        operator_id: operator,
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.org',
        confirmation_email: 'a@example.org',
      }),
      undefined,
      404,
    );
  });
});
