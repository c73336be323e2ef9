import { describe, expect, it } from 'vitest';
import { operatorCatalogue } from '../src/operators/catalogue.ts';
import { deriveStatus, type MembershipFacts } from '../src/status.ts';
import {
  contractConcludedOn,
  WITHDRAWAL_DAYS,
  withdrawalErrors,
  withdrawalOutcome,
  withdrawalUntil,
} from '../src/withdrawal.ts';

const { de, at, ch, no, fi } = operatorCatalogue;

const facts: MembershipFacts = {
  signup_kind: 'regular',
  begin_date: '2026-11-19',
  cancelled_on: null,
  end_date: null,
  stopped_on: null,
  freeze_periods: [],
};

describe('the withdrawal window', () => {
  it('runs 14 days after the day the contract was concluded: day 14 in, day 15 out', () => {
    expect(WITHDRAWAL_DAYS).toBe(14);
    expect(withdrawalUntil(de, 'active', '2026-11-01', '2026-11-01')).toBe('2026-11-15');
    expect(withdrawalUntil(de, 'active', '2026-11-01', '2026-11-15')).toBe('2026-11-15');
    expect(withdrawalUntil(de, 'active', '2026-11-01', '2026-11-16')).toBeNull();
    expect(withdrawalErrors(de, 'active', '2026-11-01', '2026-11-16')).toEqual([
      { type: 'withdrawal_period_over', context: { last_day: '2026-11-15' } },
    ]);
    // Across a month and a year end.
    expect(withdrawalUntil(fi, 'active', '2026-12-25', '2027-01-08')).toBe('2027-01-08');
    expect(withdrawalUntil(fi, 'active', '2026-12-25', '2027-01-09')).toBeNull();
  });

  it('counts from the signup day in the operator’s timezone', () => {
    // 23:30 UTC on 8 November is already 9 November in Berlin and Helsinki.
    const late = new Date('2026-11-08T23:30:00Z');
    expect(contractConcludedOn(late, de.timezone)).toBe('2026-11-09');
    expect(contractConcludedOn(new Date('2026-11-08T22:30:00Z'), de.timezone)).toBe('2026-11-08');
    expect(contractConcludedOn(new Date('2026-11-08T22:30:00Z'), fi.timezone)).toBe('2026-11-09');
    expect(withdrawalUntil(de, 'active', contractConcludedOn(late, de.timezone), '2026-11-23')).toBe(
      '2026-11-23',
    );
  });

  it('is offered in Germany, Austria and Finland only', () => {
    for (const op of [de, at, fi])
      expect(withdrawalUntil(op, 'active', '2026-11-19', '2026-11-22')).toBe('2026-12-03');
    for (const op of [ch, no]) {
      expect(withdrawalUntil(op, 'active', '2026-11-19', '2026-11-22')).toBeNull();
      expect(withdrawalErrors(op, 'active', '2026-11-19', '2026-11-22')).toEqual([
        { type: 'withdrawal_not_offered' },
      ]);
    }
  });

  it('is open in trial, presale, freeze and cancellation, closed once the membership has ended', () => {
    for (const status of ['active', 'in_trial', 'presale', 'in_freeze', 'in_cancellation'] as const)
      expect(withdrawalUntil(at, status, '2026-11-19', '2026-11-22'), status).toBe('2026-12-03');
    for (const status of ['cancelled', 'cancelled_in_trial', 'cancelled_in_presale', 'stopped'] as const) {
      expect(withdrawalUntil(at, status, '2026-11-19', '2026-11-22'), status).toBeNull();
      expect(withdrawalErrors(at, status, '2026-11-19', '2026-11-22')[0]?.type).toBe(
        'invalid_status_to_withdraw',
      );
    }
  });
});

describe('what a withdrawal does', () => {
  it('ends a running membership today as cancelled, with the days used for the refund', () => {
    const outcome = withdrawalOutcome(facts, '2026-11-22');
    expect(outcome).toEqual({
      facts: { cancelled_on: '2026-11-22', end_date: '2026-11-22', withdrawn_on: '2026-11-22' },
      status: 'cancelled',
      days_used: 4,
    });
    // Cancelled at once, not in cancellation until tonight: nothing left to reactivate.
    expect(deriveStatus({ ...facts, ...outcome.facts }, '2026-11-22')).toBe('cancelled');
    expect(deriveStatus({ ...facts, ...outcome.facts }, '2026-11-23')).toBe('cancelled');
  });

  it('ends a trial or a presale as their cancelled variants, with no day used', () => {
    const trial = { ...facts, signup_kind: 'trial' as const, begin_date: '2026-12-01' };
    expect(withdrawalOutcome(trial, '2026-11-22')).toMatchObject({
      status: 'cancelled_in_trial',
      days_used: 0,
    });
    const presale = { ...facts, signup_kind: 'presale' as const, begin_date: '2027-01-01' };
    expect(withdrawalOutcome(presale, '2026-11-22')).toMatchObject({
      status: 'cancelled_in_presale',
      days_used: 0,
    });
  });

  it('keeps the day of an earlier notice and ends a membership in cancellation today', () => {
    const cancelling = { ...facts, cancelled_on: '2026-11-20', end_date: '2027-11-30' };
    expect(deriveStatus(cancelling, '2026-11-22')).toBe('in_cancellation');
    const outcome = withdrawalOutcome(cancelling, '2026-11-22');
    expect(outcome.facts).toEqual({
      cancelled_on: '2026-11-20',
      end_date: '2026-11-22',
      withdrawn_on: '2026-11-22',
    });
    expect(outcome.status).toBe('cancelled');
  });

  it('leaves frozen days out of the days used', () => {
    const frozen = {
      ...facts,
      begin_date: '2026-11-25',
      freeze_periods: [{ id: 'f', begin_date: '2026-12-01', end_date: '2026-12-31', cancel_date: null }],
    };
    expect(withdrawalOutcome(frozen, '2026-12-03').days_used).toBe(6);
  });
});
