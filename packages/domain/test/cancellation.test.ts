import { describe, expect, it } from 'vitest';
import {
  calculatedEndDate,
  cancelLinkKind,
  cancellationErrors,
  cancellationFlowFor,
} from '../src/cancellation.ts';
import { operatorCatalogue } from '../src/operators/catalogue.ts';
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
  it('gives Norway the e-mail text except in trial and presale, Finland a single page, the rest steps', () => {
    expect(cancellationFlowFor(operatorCatalogue.no, 'active')).toBe('email');
    expect(cancellationFlowFor(operatorCatalogue.no, 'in_trial')).toBe('single_page');
    expect(cancellationFlowFor(operatorCatalogue.no, 'presale')).toBe('single_page');
    expect(cancellationFlowFor(operatorCatalogue.fi, 'active')).toBe('single_page');
    for (const id of ['de', 'at', 'ch'] as const)
      expect(cancellationFlowFor(operatorCatalogue[id], 'active')).toBe('multi_step');
  });

  it('shows the cancel link for presale, active, in_trial and in_freeze, the e-mail text in Norway', () => {
    expect(cancelLinkKind(operatorCatalogue.de, 'in_freeze')).toBe('link');
    expect(cancelLinkKind(operatorCatalogue.de, 'in_cancellation')).toBeNull();
    expect(cancelLinkKind(operatorCatalogue.no, 'active')).toBe('email_text');
    expect(cancelLinkKind(operatorCatalogue.no, 'in_trial')).toBe('link');
  });
});
