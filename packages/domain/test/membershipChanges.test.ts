import type { ApiError, MembershipStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  cancellationPolicyView,
  cancellationWrite,
  checkCancellationRequest,
  checkIdentityLimit,
  deriveStatus,
  type FreezeFact,
  freezeCreation,
  freezePolicyView,
  freezeRemoval,
  freezeUpdate,
  getOperator,
  identityWindowStart,
  type LoadedMembership,
  lifecycleMailText,
  type MembershipFacts,
  memberCancellation,
  publicDeclarationContent,
  publicDeclarationOutcome,
  reactivation,
  scheduledChargeRows,
  withdrawal,
} from '../src/index.ts';
import { factsOf, TODAY, thrown } from './support/decisions.ts';

// The use cases of ADR 028 that the server and the demo both write: what each decides.

function loaded(
  options: { operator?: 'de' | 'at' | 'no'; facts?: Partial<MembershipFacts>; createdAt?: Date } = {},
): LoadedMembership {
  const facts = factsOf(options.facts);
  return {
    member: {
      id: 'member-1',
      email: 'anna@example.org',
      firstName: 'Anna',
      lastName: 'Berg',
      locale: 'en-GB',
      gdprOptIn: false,
    },
    membership: {
      id: 'membership-1',
      membershipNumber: '1000101',
      cancelledOn: facts.cancelled_on,
      endDate: facts.end_date,
      createdAt: options.createdAt ?? new Date('2025-01-01T09:00:00Z'),
    },
    product: { monthlyFee: 3000, bindingMonths: 0 },
    operator: getOperator(options.operator ?? 'de'),
    today: TODAY,
    facts,
    status: deriveStatus(facts, TODAY),
  };
}

const freeze = (
  id: string,
  begin_date: string,
  end_date: string,
  cancel_date: string | null = null,
): FreezeFact => ({
  id,
  begin_date,
  end_date,
  cancel_date,
});

/** The refusal a use case throws: its status and error types. */
function refusalOf(decide: () => unknown): { status: number; types: string[] } {
  const e = thrown(decide);
  return { status: e.status, types: e.body.errors.map((i) => i.type) };
}

describe('freeze use cases', () => {
  it('creates a freeze with a fee for each month, the event and the confirmation', () => {
    const state = loaded();
    const { answer, change } = freezeCreation(
      state,
      { begin_date: '2026-12-01', end_date: '2027-01-31' },
      'f-1',
    );
    expect(answer).toEqual(freeze('f-1', '2026-12-01', '2027-01-31'));
    expect(change.newFreeze).toEqual(answer);
    expect(change.charges).toEqual(
      ['2026-12', '2027-01'].map((month) => ({
        invoiceDate: `${month}-01`,
        amount: state.operator.freezePolicy.monthlyFee,
        type: 'freeze_fee',
        productId: 'f-1',
        concept: 'Freeze fee',
        period: { from: `${month}-01`, to: `${month}-31` },
      })),
    );
    expect(change.event).toEqual({
      action: 'freeze_created',
      details: { freeze_id: 'f-1', begin_date: '2026-12-01', end_date: '2027-01-31' },
    });
    expect(change.mails).toEqual([
      {
        to: 'anna@example.org',
        mail: lifecycleMailText(state.member, {
          kind: 'freeze_created',
          begin_date: '2026-12-01',
          end_date: '2027-01-31',
        }),
      },
    ]);
  });

  it('refuses a freeze the rules do not allow, in the member’s language, writing nothing', () => {
    const cancelled = loaded({ facts: { cancelled_on: '2026-10-01', end_date: '2026-10-31' } });
    expect(
      refusalOf(() => freezeCreation(cancelled, { begin_date: '2026-12-01', end_date: '2026-12-31' }, 'f')),
    ).toEqual({
      status: 422,
      types: ['invalid_status_to_freeze'],
    });
    expect(
      refusalOf(() => freezeCreation(loaded(), { begin_date: '2026-12-02', end_date: '2026-12-31' }, 'f'))
        .types,
    ).toContain('freeze_begin_not_first_of_month');
  });

  it('changes a freeze under way: months up to today stay billed, later ones are billed anew', () => {
    const state = loaded({ facts: { freeze_periods: [freeze('f-1', '2026-11-01', '2026-11-30')] } });
    const { answer, change } = freezeUpdate(state, 'f-1', {
      begin_date: '2026-11-01',
      end_date: '2027-01-31',
    });
    expect(answer).toEqual(freeze('f-1', '2026-11-01', '2027-01-31'));
    expect(change.freezes).toEqual([
      { id: 'f-1', dates: { beginDate: '2026-11-01', endDate: '2027-01-31' } },
    ]);
    expect(change.charges?.map((c) => c.invoiceDate)).toEqual(['2026-12-01', '2027-01-01']);
    expect(change.event?.details).toEqual({
      freeze_id: 'f-1',
      from: { begin_date: '2026-11-01', end_date: '2026-11-30' },
      to: { begin_date: '2026-11-01', end_date: '2027-01-31' },
    });
  });

  it('answers 404 for an unknown freeze and 422 for one that ended or was cancelled', () => {
    const state = loaded({
      facts: {
        freeze_periods: [
          freeze('old', '2026-03-01', '2026-03-31'),
          freeze('gone', '2027-01-01', '2027-01-31', '2026-11-02'),
        ],
      },
    });
    const dates = { begin_date: '2027-02-01', end_date: '2027-02-28' };
    expect(refusalOf(() => freezeUpdate(state, 'nope', dates)).status).toBe(404);
    expect(refusalOf(() => freezeUpdate(state, 'old', dates))).toEqual({
      status: 422,
      types: ['freeze_not_changeable'],
    });
    expect(refusalOf(() => freezeRemoval(state, 'gone'))).toEqual({
      status: 422,
      types: ['freeze_not_changeable'],
    });
  });

  it('ends a freeze under way yesterday and bills the rest of the month; a scheduled one goes for free', () => {
    const state = loaded({
      facts: {
        freeze_periods: [
          freeze('now', '2026-11-01', '2026-12-31'),
          freeze('later', '2027-03-01', '2027-03-31'),
        ],
      },
    });
    const underWay = freezeRemoval(state, 'now');
    expect(underWay.freezes).toEqual([{ id: 'now', dates: { cancelDate: TODAY } }]);
    // 11 of November's 30 days at 30.00 a month.
    expect(underWay.charges).toEqual([
      {
        invoiceDate: TODAY,
        amount: 1100,
        type: 'cancel_freeze_fee',
        productId: 'now',
        concept: 'Rest of the month after ending the freeze',
        period: { from: TODAY, to: '2026-11-30' },
      },
    ]);
    expect(underWay.event).toEqual({
      action: 'freeze_cancelled',
      details: { freeze_id: 'now', under_way: true },
    });
    expect(underWay.mails?.[0]?.mail).toEqual(
      lifecycleMailText(state.member, {
        kind: 'freeze_ended',
        begin_date: '2026-11-01',
        end_date: '2026-11-19',
      }),
    );
    const scheduled = freezeRemoval(state, 'later');
    expect(scheduled.charges).toEqual([]);
    expect(scheduled.event?.details).toEqual({ freeze_id: 'later', under_way: false });
  });

  it('refuses to remove a freeze of a membership neither active nor frozen', () => {
    const state = loaded({ facts: { cancelled_on: '2026-10-01', end_date: '2026-10-31' } });
    expect(refusalOf(() => freezeRemoval(state, 'any'))).toEqual({
      status: 422,
      types: ['invalid_status_to_freeze'],
    });
  });

  it('tells the policy: months used this year, the current and the scheduled freeze, whether a new one fits', () => {
    const now = freeze('f-1', '2026-11-01', '2026-11-30');
    const next = freeze('f-2', '2027-01-01', '2027-01-31');
    const policy = freezePolicyView(loaded({ facts: { freeze_periods: [now, next] } }));
    expect(policy).toMatchObject({ monthly_fee: 990, max_months: 3 });
    expect(policy.membership).toEqual({
      id: 'membership-1',
      status: 'in_freeze',
      used_months: 1,
      available_months: 2,
      scheduled_freeze: next,
      current_freeze: now,
      // One freeze scheduled at a time.
      eligible_to_freeze: false,
    });
    expect(freezePolicyView(loaded()).membership.eligible_to_freeze).toBe(true);
  });
});

describe('cancellation use cases', () => {
  it('writes the dated facts, drops the freezes after the end and logs the derived status', () => {
    const state = loaded({
      facts: {
        freeze_periods: [
          freeze('in', '2026-12-01', '2026-12-31'),
          freeze('after', '2027-02-01', '2027-02-28'),
        ],
      },
    });
    const { status, change } = cancellationWrite(state, '2027-01-31', { source: 'member' });
    expect(status).toBe('in_cancellation');
    expect(change.membership).toEqual({ cancelledOn: TODAY, endDate: '2027-01-31' });
    expect(change.freezes).toEqual([{ id: 'after', dates: { cancelDate: TODAY } }]);
    expect(change.event).toEqual({
      action: 'membership_cancelled',
      details: { end_date: '2027-01-31', status: 'in_cancellation', source: 'member' },
    });
  });

  it('records a declaration where the public form exists, and dates the consent only when it changes', () => {
    const receivedAt = new Date('2026-11-20T10:00:00Z');
    let asked = 0;
    const reference = () => `DE-${++asked}`;
    const de = memberCancellation(loaded(), { gdpr_opt_in: false }, receivedAt, reference);
    expect(asked).toBe(1);
    expect(de.change.consent).toBeUndefined();
    expect(de.answer).toEqual({
      status: 'in_cancellation',
      end_date: '2026-12-31',
      received_at: receivedAt.toISOString(),
    });
    expect(de.declaration).toMatchObject({
      operatorId: 'de',
      reference: 'DE-1',
      source: 'member',
      outcome: 'applied',
      memberId: 'member-1',
      membershipId: 'membership-1',
      endDate: '2026-12-31',
      confirmationEmail: 'anna@example.org',
    });
    expect(de.change.event?.details).toMatchObject({ reference: 'DE-1', gdpr_opt_in: false });
    expect(de.change.mails?.map((m) => m.to)).toEqual(['anna@example.org']);

    const at = memberCancellation(loaded({ operator: 'at' }), { gdpr_opt_in: true }, receivedAt, reference);
    expect(asked).toBe(1);
    expect(at.declaration).toBeNull();
    expect(at.change.consent).toBe(true);
  });

  it('refuses a cancellation the rules do not allow, and an extraordinary one without its reason', () => {
    const frozen = loaded({ facts: { freeze_periods: [freeze('f', '2026-11-01', '2026-11-30')] } });
    expect(refusalOf(() => memberCancellation(frozen, {}, new Date(), () => 'x'))).toEqual({
      status: 422,
      types: ['cancel_in_freeze_not_allowed'],
    });
    expect(refusalOf(() => checkCancellationRequest({ kind: 'extraordinary' })).status).toBe(400);
    expect(() => checkCancellationRequest({ kind: 'extraordinary', reason: 'moved away' })).not.toThrow();
  });

  it('shows the end date a cancellation gets today, or the one it has', () => {
    expect(cancellationPolicyView(loaded()).membership).toEqual({
      calculated_end_date: '2026-12-31',
      errors: [],
    });
    const cancelled = loaded({ facts: { cancelled_on: '2026-11-02', end_date: '2026-12-31' } });
    const policy = cancellationPolicyView(cancelled);
    expect(policy.membership.calculated_end_date).toBe('2026-12-31');
    expect(policy.membership.errors.map((e) => e.type)).toEqual(['already_in_cancellation_error']);
  });

  it('reactivates only a membership in cancellation', () => {
    const state = loaded({ facts: { cancelled_on: '2026-11-02', end_date: '2026-12-31' } });
    expect(reactivation(state)).toMatchObject({
      membership: { cancelledOn: null, endDate: null },
      event: { action: 'membership_reactivated', details: { previous_end_date: '2026-12-31' } },
    });
    expect(refusalOf(() => reactivation(loaded()))).toEqual({
      status: 422,
      types: ['no_cancellation_to_undo'],
    });
  });

  it('withdraws within 14 days: ends today, drops every freeze, logs the days used', () => {
    const createdAt = new Date('2026-11-10T12:00:00Z');
    const state = loaded({
      createdAt,
      facts: { begin_date: '2026-11-10', freeze_periods: [freeze('f', '2026-12-01', '2026-12-31')] },
    });
    const { answer, change } = withdrawal(state, new Date('2026-11-20T10:00:00Z'));
    // A withdrawal after the begin date ends the membership as cancelled (status.ts).
    expect(answer).toEqual({ status: 'cancelled', end_date: TODAY, received_at: '2026-11-20T10:00:00.000Z' });
    expect(change.membership).toEqual({ cancelledOn: TODAY, endDate: TODAY, withdrawnOn: TODAY });
    expect(change.freezes).toEqual([{ id: 'f', dates: { cancelDate: TODAY } }]);
    expect(change.event?.details).toMatchObject({
      previous_status: 'active',
      concluded_on: '2026-11-10',
      days_used: 11,
    });
    expect(refusalOf(() => withdrawal(loaded(), new Date())).types).toEqual(['withdrawal_period_over']);
    expect(refusalOf(() => withdrawal(loaded({ operator: 'no', createdAt }), new Date())).types).toEqual([
      'withdrawal_not_offered',
    ]);
  });
});

describe('the public cancellation (§ 312k)', () => {
  const input = {
    operator_id: 'de' as const,
    locale: 'de-DE',
    kind: 'ordinary' as const,
    first_name: 'Anna',
    last_name: 'Berg',
    membership_number: '1000101',
    contract: 'membership' as const,
    confirmation_email: 'other@example.org',
  };
  const ctx = {
    language: 'de' as const,
    locale: 'de-DE',
    timezone: 'Europe/Berlin',
    receivedAt: new Date(),
    reference: 'DE-1',
  };

  it('checks across fields and repeats what was said', () => {
    expect(refusalOf(() => publicDeclarationContent({ ...input, membership_number: '' })).status).toBe(400);
    expect(refusalOf(() => publicDeclarationContent({ ...input, kind: 'extraordinary' })).status).toBe(400);
    expect(publicDeclarationContent(input)).toMatchObject({
      membership_number: '1000101',
      email: null,
      reason: null,
    });
  });

  it('counts an identity’s declarations of the last 24 hours', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(identityWindowStart(now).toISOString()).toBe('2026-11-19T10:00:00.000Z');
    const recent = [new Date(now - 1000), new Date(now - 2000), new Date(now - 3_600_000)];
    expect(() => checkIdentityLimit(recent.slice(0, 2), now, 3)).not.toThrow();
    const refusal = (() => {
      try {
        checkIdentityLimit(recent, now, 3);
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(refusal?.status).toBe(429);
    // The oldest counted one leaves the window in 23 hours.
    expect(refusal?.body.errors[0]?.context).toEqual({ retry_after: 23 * 3600 });
  });

  it('applies a matched declaration and tells another address only the earliest end', () => {
    const state = loaded();
    const { settlement, change, end } = publicDeclarationOutcome(state, input, ctx);
    expect(settlement).toEqual({
      outcome: 'applied',
      endDate: '2026-12-31',
      memberId: 'member-1',
      membershipId: 'membership-1',
    });
    expect(change.membership).toEqual({ cancelledOn: TODAY, endDate: '2026-12-31' });
    expect(change.event?.details).toMatchObject({ source: 'public', reference: 'DE-1', kind: 'ordinary' });
    expect(end).toEqual({ kind: 'earliest' });
    expect(change.mails?.map((m) => m.to)).toEqual(['anna@example.org']);
    // To the address on file the receipt itself says the end; no notice.
    const own = publicDeclarationOutcome(state, { ...input, confirmation_email: 'anna@example.org' }, ctx);
    expect(own.end).toEqual({ kind: 'ends', date: '2026-12-31' });
    expect(own.change.mails).toBeUndefined();
  });

  it('settles a repeat as a duplicate and a refused one with its reason, changing nothing', () => {
    const cancelled = loaded({ facts: { cancelled_on: '2026-11-02', end_date: '2026-12-31' } });
    const repeat = publicDeclarationOutcome(
      cancelled,
      { ...input, confirmation_email: 'anna@example.org' },
      ctx,
    );
    expect(repeat.settlement).toMatchObject({ outcome: 'duplicate', endDate: '2026-12-31' });
    expect(repeat.end).toEqual({ kind: 'already', date: '2026-12-31' });
    expect(repeat.change).toEqual({});
    const frozen = loaded({ facts: { freeze_periods: [freeze('f', '2026-11-01', '2026-11-30')] } });
    const refused = publicDeclarationOutcome(
      frozen,
      { ...input, confirmation_email: 'anna@example.org' },
      ctx,
    );
    expect(refused.settlement).toMatchObject({
      outcome: 'refused',
      outcomeReason: 'cancel_in_freeze_not_allowed',
    });
    expect(refused.change).toEqual({});
  });

  it('mails a member who heard of a declaration today only when this one cancels', () => {
    const own = { ...input, confirmation_email: 'anna@example.org' };
    const frozen = loaded({ facts: { freeze_periods: [freeze('f', '2026-11-01', '2026-11-30')] } });
    expect(publicDeclarationOutcome(frozen, own, ctx).receipt).toBe(true);
    // The e-mail on file gets neither receipt nor notice; another address its receipt as ever.
    const quiet = publicDeclarationOutcome(frozen, own, ctx, true);
    expect(quiet.settlement.outcome).toBe('refused');
    expect(quiet.receipt).toBe(false);
    const elsewhere = publicDeclarationOutcome(frozen, input, ctx, true);
    expect(elsewhere).toMatchObject({ receipt: true, end: { kind: 'earliest' }, change: {} });
    expect(publicDeclarationOutcome(frozen, input, ctx).change.mails?.map((m) => m.to)).toEqual([
      'anna@example.org',
    ]);
    // A declaration that cancels still confirms, to either address.
    const applied = publicDeclarationOutcome(loaded(), own, ctx, true);
    expect(applied).toMatchObject({ receipt: true, end: { kind: 'ends', date: '2026-12-31' } });
    expect(publicDeclarationOutcome(loaded(), input, ctx, true).change.mails).toHaveLength(1);
  });
});

// Keeps the fixture's derived statuses honest.
it('derives the fixture statuses the tests above assume', () => {
  const statuses: MembershipStatus[] = [
    loaded().status,
    loaded({ facts: { cancelled_on: '2026-11-02', end_date: '2026-12-31' } }).status,
  ];
  expect(statuses).toEqual(['active', 'in_cancellation']);
});

describe('a scheduled charge', () => {
  it('is one scheduled invoice with one line, paid with the current method if there is one', () => {
    const charge = {
      memberId: 'member-1',
      operator: getOperator('fi'),
      invoiceDate: '2027-01-01',
      amount: 990,
      type: 'freeze_fee' as const,
      productId: 'f-1',
      concept: 'Freeze fee',
      period: { from: '2027-01-01', to: '2027-01-31' },
    };
    const ids = { invoice: '1a2b3c4d-0000-4000-8000-000000000000', line: 'line-1' };
    const at = new Date('2026-11-20T10:00:00Z');
    const card = { type: 'credit_card', brand: 'VISA', details: '**** 4242' };
    const { invoice, line } = scheduledChargeRows(charge, card, ids, at);
    expect(invoice).toEqual({
      id: ids.invoice,
      memberId: 'member-1',
      invoiceNumber: 'FI-2027-1A2B3C4D',
      status: 'scheduled',
      invoiceDate: '2027-01-01',
      amount: 990,
      currency: 'EUR',
      periodFrom: '2027-01-01',
      periodTo: '2027-01-31',
      paymentMethodType: 'credit_card',
      paymentMethodDetails: 'VISA **** 4242',
      createdAt: at,
    });
    expect(line).toEqual({
      id: 'line-1',
      invoiceId: ids.invoice,
      position: 1,
      amount: 990,
      productType: 'freeze_fee',
      productId: 'f-1',
      systemConcept: 'freeze_fee',
      humanConcept: 'Freeze fee',
      periodFrom: '2027-01-01',
      periodTo: '2027-01-31',
    });
    const pt = scheduledChargeRows(
      { ...charge, systemConcept: 'pt_package', period: null },
      undefined,
      ids,
      at,
    );
    expect(pt.invoice).toMatchObject({
      periodFrom: null,
      paymentMethodType: null,
      paymentMethodDetails: null,
    });
    expect(pt.line).toMatchObject({ systemConcept: 'pt_package', periodFrom: null, periodTo: null });
  });
});
