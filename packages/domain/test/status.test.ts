import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, endOfMonth, firstOfNextMonth } from '../src/dates.ts';
import {
  activatesOn,
  deriveStatus,
  effectiveFreezeEnd,
  type MembershipFacts,
  scheduledFreeze,
  statusLineDate,
} from '../src/status.ts';

const base: MembershipFacts = {
  signup_kind: 'regular',
  begin_date: '2025-03-01',
  cancelled_on: null,
  end_date: null,
  stopped_on: null,
  freeze_periods: [],
};

const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('deriveStatus', () => {
  it('is active from the begin date on', () => {
    expect(deriveStatus(base, '2025-03-01')).toBe('active');
    expect(deriveStatus(base, '2026-11-22')).toBe('active');
  });

  it('is in trial or presale before the begin date, with activation on the begin date', () => {
    const trial = { ...base, signup_kind: 'trial' as const, begin_date: '2026-12-01' };
    expect(deriveStatus(trial, '2026-11-22')).toBe('in_trial');
    expect(activatesOn(trial, 'in_trial', '2026-11-22')).toBe('2026-12-01');
    expect(deriveStatus(trial, '2026-12-01')).toBe('active');
    const presale = { ...base, signup_kind: 'presale' as const, begin_date: '2027-01-15' };
    expect(deriveStatus(presale, '2026-11-22')).toBe('presale');
  });

  it('stays in cancellation until the end date and is cancelled after it', () => {
    const cancelled = { ...base, cancelled_on: '2026-11-22', end_date: '2026-12-31' };
    expect(deriveStatus(cancelled, '2026-11-22')).toBe('in_cancellation');
    expect(deriveStatus(cancelled, '2026-12-31')).toBe('in_cancellation');
    expect(deriveStatus(cancelled, '2027-01-01')).toBe('cancelled');
  });

  it('ends a trial or presale cancelled before its begin date at once', () => {
    const trial = { ...base, signup_kind: 'trial' as const, begin_date: '2026-12-01' };
    expect(deriveStatus({ ...trial, cancelled_on: '2026-11-20', end_date: '2026-11-20' }, '2026-11-22')).toBe(
      'cancelled_in_trial',
    );
    const presale = { ...base, signup_kind: 'presale' as const, begin_date: '2027-01-15' };
    expect(
      deriveStatus({ ...presale, cancelled_on: '2026-11-20', end_date: '2026-11-20' }, '2026-11-22'),
    ).toBe('cancelled_in_presale');
  });

  it('is stopped once the operator stopped it, whatever else holds', () => {
    expect(
      deriveStatus({ ...base, stopped_on: '2026-10-01', cancelled_on: '2026-09-01' }, '2026-11-22'),
    ).toBe('stopped');
  });

  it('is frozen during a freeze and active again the day after it ends', () => {
    const frozen = {
      ...base,
      freeze_periods: [{ id: 'f1', begin_date: '2026-11-01', end_date: '2026-11-30', cancel_date: null }],
    };
    expect(deriveStatus(frozen, '2026-10-31')).toBe('active');
    expect(scheduledFreeze(frozen, '2026-10-31')?.id).toBe('f1');
    expect(deriveStatus(frozen, '2026-11-22')).toBe('in_freeze');
    expect(activatesOn(frozen, 'in_freeze', '2026-11-22')).toBe('2026-12-01');
    expect(deriveStatus(frozen, '2026-12-01')).toBe('active');
  });

  it('ends a cancelled freeze the day before its cancel date', () => {
    const freeze = { id: 'f1', begin_date: '2026-11-01', end_date: '2026-12-31', cancel_date: '2026-11-23' };
    expect(effectiveFreezeEnd(freeze)).toBe('2026-11-22');
    const facts = { ...base, freeze_periods: [freeze] };
    expect(deriveStatus(facts, '2026-11-22')).toBe('in_freeze');
    expect(deriveStatus(facts, '2026-11-23')).toBe('active');
    expect(effectiveFreezeEnd({ ...freeze, cancel_date: '2026-10-15' })).toBeNull();
  });

  it('property: a freeze from a first to a month end is in_freeze exactly on its days', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 0, max: 2 }), isoDate, (start, extraMonths, today) => {
        const begin = firstOfNextMonth(start);
        let end = endOfMonth(begin);
        for (let i = 0; i < extraMonths; i++) end = endOfMonth(addDays(end, 1));
        const facts = {
          ...base,
          begin_date: '2019-01-01',
          freeze_periods: [{ id: 'f', begin_date: begin, end_date: end, cancel_date: null }],
        };
        const status = deriveStatus(facts, today);
        expect(status).toBe(today >= begin && today <= end ? 'in_freeze' : 'active');
        if (status === 'in_freeze') expect(activatesOn(facts, status, today)).toBe(addDays(end, 1));
      }),
    );
  });

  it('property: a cancellation is in_cancellation up to and including its end date, cancelled after', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: -400, max: 800 }),
        (cancelledOn, notice, offset) => {
          const end = addDays(cancelledOn, notice);
          const today = addDays(cancelledOn, offset);
          const facts = { ...base, begin_date: '2019-01-01', cancelled_on: cancelledOn, end_date: end };
          expect(deriveStatus(facts, today)).toBe(today > end ? 'cancelled' : 'in_cancellation');
        },
      ),
    );
  });
});

describe('statusLineDate', () => {
  const m = { begin_date: '2025-03-01', end_date: '2026-12-31', activates_on: '2026-12-01' };
  it('picks the date the status line shows for each status', () => {
    expect(statusLineDate({ ...m, status: 'active' })).toEqual({ kind: 'since', date: '2025-03-01' });
    expect(statusLineDate({ ...m, status: 'in_cancellation' })).toEqual({
      kind: 'until',
      date: '2026-12-31',
    });
    expect(statusLineDate({ ...m, status: 'in_freeze' })).toEqual({ kind: 'activates', date: '2026-12-01' });
    expect(statusLineDate({ ...m, status: 'cancelled' })).toEqual({ kind: 'ended', date: '2026-12-31' });
    expect(statusLineDate({ ...m, status: 'presale' })).toEqual({ kind: 'activates', date: '2025-03-01' });
    expect(statusLineDate({ ...m, status: 'stopped' })).toBeNull();
  });
});
