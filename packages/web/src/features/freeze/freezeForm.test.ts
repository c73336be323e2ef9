import type { FreezePeriod, FreezePolicy } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { freezePolicyFixture } from '../../test/fixtures.ts';
import { canSubmitFreeze, endAfterBeginChange, freezeCost, freezeFormSetup } from './freezeForm.ts';

const de = getOperator('de');
const at = getOperator('at');
const freeze = (id: string, begin_date: string, end_date: string): FreezePeriod => ({
  id,
  begin_date,
  end_date,
  cancel_date: null,
});
const policyWith = (membership: Partial<FreezePolicy['membership']> = {}) => freezePolicyFixture(membership);

describe('freeze form rules', () => {
  it('offers the first of each of the next 12 months and month ends within the yearly maximum', () => {
    const setup = freezeFormSetup(de, policyWith(), [], '2026-03-15');
    expect(setup.mode).toBe('create');
    expect(setup.beginOptions).toEqual([
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
    ]);
    expect(setup.endOptions('2026-04-01')).toEqual(['2026-04-30', '2026-05-31', '2026-06-30']);
    // Months count in the year they fall in: from December, three more months of next year fit.
    expect(setup.endOptions('2026-12-01')).toEqual(['2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31']);
    expect(setup.endOptions('')).toEqual([]);
  });

  it("offers next year's 12 months when no months remain this year", () => {
    const used = [freeze('f0', '2026-01-01', '2026-03-31')];
    const setup = freezeFormSetup(
      de,
      policyWith({ available_months: 0, used_months: 3 }),
      used,
      '2026-06-15',
    );
    expect(setup.beginOptions[0]).toBe('2027-01-01');
    expect(setup.beginOptions.at(-1)).toBe('2027-12-01');
    expect(setup.beginOptions).toHaveLength(12);
  });

  it('starts on the 1st itself, except where the request must be made before the 1st', () => {
    expect(freezeFormSetup(de, policyWith(), [], '2026-04-01').beginOptions[0]).toBe('2026-04-01');
    expect(freezeFormSetup(at, policyWith(), [], '2026-04-01').beginOptions[0]).toBe('2026-05-01');
  });

  it('resets the end to the end of the begin month when the begin moves after it', () => {
    const setup = freezeFormSetup(de, policyWith(), [], '2026-03-15');
    expect(endAfterBeginChange(setup, '2026-07-01', '2026-05-31')).toBe('2026-07-31');
    // Still after the begin and offered: it stays.
    expect(endAfterBeginChange(setup, '2026-05-01', '2026-06-30')).toBe('2026-06-30');
    // No longer offered for the new begin (over the maximum): reset as well.
    expect(endAfterBeginChange(setup, '2026-04-01', '2026-07-31')).toBe('2026-04-30');
    // Nothing chosen yet: nothing to reset.
    expect(endAfterBeginChange(setup, '2026-04-01', '')).toBe('');
  });

  it('enables submit only after a change and with both dates', () => {
    const create = freezeFormSetup(de, policyWith(), [], '2026-03-15');
    expect(canSubmitFreeze(create, '', '')).toBe(false);
    expect(canSubmitFreeze(create, '2026-04-01', '')).toBe(false);
    expect(canSubmitFreeze(create, '2026-04-01', '2026-04-30')).toBe(true);

    const scheduled = freeze('s1', '2026-05-01', '2026-05-31');
    const edit = freezeFormSetup(de, policyWith({ scheduled_freeze: scheduled }), [scheduled], '2026-03-15');
    expect(edit.mode).toBe('scheduled');
    expect(canSubmitFreeze(edit, edit.initialBegin, edit.initialEnd)).toBe(false);
    expect(canSubmitFreeze(edit, '2026-05-01', '2026-06-30')).toBe(true);
  });

  it('edits a scheduled freeze without counting it against itself', () => {
    const scheduled = freeze('s1', '2026-05-01', '2026-05-31');
    const setup = freezeFormSetup(de, policyWith({ scheduled_freeze: scheduled }), [scheduled], '2026-03-15');
    expect(setup.freeze).toEqual(scheduled);
    expect(setup.beginOptions).toContain('2026-05-01');
    expect(setup.endOptions('2026-05-01')).toEqual(['2026-05-31', '2026-06-30', '2026-07-31']);
  });

  it('keeps the begin of a freeze under way and offers ends from this month on', () => {
    const current = freeze('c1', '2026-02-01', '2026-03-31');
    const setup = freezeFormSetup(de, policyWith({ current_freeze: current }), [current], '2026-03-15');
    expect(setup.mode).toBe('current');
    expect(setup.beginFixed).toBe(true);
    expect(setup.beginOptions).toEqual(['2026-02-01']);
    expect(setup.endOptions('2026-02-01')).toEqual(['2026-03-31', '2026-04-30']);
  });

  it('costs months × the monthly fee', () => {
    expect(freezeCost('2026-04-01', '2026-06-30', 4900)).toEqual({ months: 3, total: 14700 });
  });
});
