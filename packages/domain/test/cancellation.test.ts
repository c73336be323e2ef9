import { describe, expect, it } from 'vitest';
import {
  CANCELLABLE_STATUSES,
  calculatedEndDate,
  cancelLinkKind,
  cancellationErrors,
  cancellationFlowFor,
  declaredEndDate,
  isRepeatedDeclaration,
} from '../src/cancellation.ts';
import { operatorCatalogue, operatorIds } from '../src/operators/catalogue.ts';
import type { MembershipFacts } from '../src/status.ts';

const facts: MembershipFacts = {
  signup_kind: 'regular',
  begin_date: '2026-06-15',
  cancelled_on: null,
  end_date: null,
  stopped_on: null,
  freeze_periods: [],
};

describe('calculatedEndDate', () => {
  it('is the notice period from today to a month end', () => {
    expect(calculatedEndDate(operatorCatalogue.at, facts, 'active', 0, '2026-11-22')).toBe('2026-12-31');
    expect(calculatedEndDate(operatorCatalogue.at, facts, 'active', 0, '2026-01-31')).toBe('2026-02-28');
  });

  it("is the contract's binding end when that is later", () => {
    // 12 months from 2026-06-15 ends 2027-06-14, so the membership runs to the end of June 2027.
    expect(calculatedEndDate(operatorCatalogue.at, facts, 'active', 12, '2026-11-22')).toBe('2027-06-30');
  });

  it('moves the binding end by frozen months where freezes extend the contract (Germany)', () => {
    const frozen = {
      ...facts,
      freeze_periods: [{ id: 'f', begin_date: '2026-09-01', end_date: '2026-10-31', cancel_date: null }],
    };
    expect(calculatedEndDate(operatorCatalogue.de, frozen, 'active', 12, '2026-11-22')).toBe('2027-08-31');
    expect(calculatedEndDate(operatorCatalogue.at, frozen, 'active', 12, '2026-11-22')).toBe('2027-06-30');
  });

  it('ends a trial or presale today', () => {
    expect(calculatedEndDate(operatorCatalogue.de, facts, 'in_trial', 12, '2026-11-22')).toBe('2026-11-22');
  });
});

describe('cancellationErrors', () => {
  it('refuses a frozen membership and one already cancelled', () => {
    expect(cancellationErrors(facts, 'in_freeze', '2026-12-31', '2026-11-22')).toEqual([
      { type: 'cancel_in_freeze_not_allowed' },
    ]);
    expect(cancellationErrors(facts, 'in_cancellation', '2026-12-31', '2026-11-22')).toEqual([
      { type: 'already_in_cancellation_error' },
    ]);
  });

  it('refuses a scheduled freeze inside the cancellation period but not one after it', () => {
    const inside = {
      ...facts,
      freeze_periods: [{ id: 'f', begin_date: '2026-12-01', end_date: '2026-12-31', cancel_date: null }],
    };
    expect(cancellationErrors(inside, 'active', '2026-12-31', '2026-11-22')[0]?.type).toBe(
      'cancel_with_scheduled_freeze_not_allowed',
    );
    const after = {
      ...facts,
      freeze_periods: [{ id: 'f', begin_date: '2027-02-01', end_date: '2027-02-28', cancel_date: null }],
    };
    expect(cancellationErrors(after, 'active', '2026-12-31', '2026-11-22')).toEqual([]);
  });
});

describe('cancellation flow per operator', () => {
  const flows = (status: Parameters<typeof cancellationFlowFor>[1]) =>
    Object.fromEntries(operatorIds.map((id) => [id, cancellationFlowFor(operatorCatalogue[id], status)]));

  it('gives Germany the § 312k single page, Switzerland the e-mail text, the rest the steps', () => {
    for (const status of ['active', 'in_freeze'] as const)
      expect(flows(status)).toEqual({
        de: 'single_page',
        at: 'multi_step',
        ch: 'email',
        no: 'multi_step',
        fi: 'multi_step',
      });
  });

  it('gives Switzerland the single page in trial and presale, and leaves the others as they are', () => {
    for (const status of ['in_trial', 'presale'] as const)
      expect(flows(status)).toEqual({
        de: 'single_page',
        at: 'multi_step',
        ch: 'single_page',
        no: 'multi_step',
        fi: 'multi_step',
      });
  });

  it('shows the cancel link for presale, active, in_trial and in_freeze, the e-mail text in Switzerland', () => {
    for (const id of ['de', 'at', 'no', 'fi'] as const)
      for (const status of CANCELLABLE_STATUSES)
        expect(cancelLinkKind(operatorCatalogue[id], status)).toBe('link');
    expect(cancelLinkKind(operatorCatalogue.ch, 'active')).toBe('email_text');
    expect(cancelLinkKind(operatorCatalogue.ch, 'in_freeze')).toBe('email_text');
    expect(cancelLinkKind(operatorCatalogue.ch, 'in_trial')).toBe('link');
    expect(cancelLinkKind(operatorCatalogue.ch, 'presale')).toBe('link');
    for (const status of ['in_cancellation', 'cancelled', 'cancelled_in_trial', 'stopped'] as const)
      for (const id of operatorIds) expect(cancelLinkKind(operatorCatalogue[id], status)).toBeNull();
  });

  it('offers the cancellation without sign-in in Germany only, the withdrawal button in DE, AT and FI', () => {
    expect(operatorIds.filter((id) => operatorCatalogue[id].publicCancellation)).toEqual(['de']);
    expect(operatorIds.filter((id) => operatorCatalogue[id].withdrawalButton).sort()).toEqual([
      'at',
      'de',
      'fi',
    ]);
  });
});

describe('declaredEndDate', () => {
  const earliest = '2027-06-30';

  it('takes the earliest date when none is asked, and a later date as asked', () => {
    expect(declaredEndDate(earliest, 'active', { kind: 'ordinary' }, 'refuse')).toEqual({
      endDate: earliest,
      errors: [],
    });
    expect(
      declaredEndDate(earliest, 'active', { kind: 'ordinary', effective_date: earliest }, 'refuse').endDate,
    ).toBe(earliest);
    expect(
      declaredEndDate(earliest, 'active', { kind: 'ordinary', effective_date: '2027-09-15' }, 'refuse'),
    ).toEqual({ endDate: '2027-09-15', errors: [] });
  });

  it('refuses an earlier ordinary date on the signed-in page and reads it as the earliest on the public form', () => {
    const early = { kind: 'ordinary' as const, effective_date: '2027-06-29' };
    expect(declaredEndDate(earliest, 'active', early, 'refuse').errors).toEqual([
      { type: 'effective_date_before_earliest', context: { earliest_date: earliest } },
    ]);
    expect(declaredEndDate(earliest, 'active', early, 'earliest')).toEqual({ endDate: earliest, errors: [] });
  });

  it('gives an extraordinary cancellation the earliest ordinary date meanwhile', () => {
    expect(
      declaredEndDate(earliest, 'active', { kind: 'extraordinary', effective_date: '2026-11-30' }, 'refuse'),
    ).toEqual({ endDate: earliest, errors: [] });
  });

  it('cannot put off the end of a trial or presale, which a cancellation ends at once', () => {
    const today = '2026-11-22';
    expect(
      declaredEndDate(today, 'in_trial', { kind: 'ordinary', effective_date: today }, 'refuse').errors,
    ).toEqual([]);
    expect(
      declaredEndDate(today, 'presale', { kind: 'ordinary', effective_date: '2026-12-01' }, 'earliest')
        .errors[0]?.type,
    ).toBe('effective_date_after_immediate_end');
  });
});

describe('isRepeatedDeclaration', () => {
  it('is an ordinary declaration for a membership in cancellation that would not end it sooner', () => {
    const ordinary = { kind: 'ordinary' as const };
    expect(isRepeatedDeclaration('in_cancellation', '2026-12-31', ordinary, '2026-12-31')).toBe(true);
    expect(isRepeatedDeclaration('in_cancellation', '2026-12-31', ordinary, '2027-01-31')).toBe(true);
    expect(isRepeatedDeclaration('in_cancellation', '2027-06-30', ordinary, '2026-12-31')).toBe(false);
    expect(
      isRepeatedDeclaration('in_cancellation', '2026-12-31', { kind: 'extraordinary' }, '2026-12-31'),
    ).toBe(false);
    expect(isRepeatedDeclaration('active', null, ordinary, '2026-12-31')).toBe(false);
  });
});
