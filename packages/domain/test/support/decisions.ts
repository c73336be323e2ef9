import { ApiError } from '@portal/contract';
import type { MembershipFacts } from '../../src/index.ts';

// Shared by the tests of the use cases' decisions (ADR 028).

/** The day the decisions are taken on. */
export const TODAY = '2026-11-20';

/** A regular membership since 2025 with no freeze, cancellation or stop, changed by `more`. */
export function factsOf(more: Partial<MembershipFacts> = {}): MembershipFacts {
  return {
    signup_kind: 'regular',
    begin_date: '2025-01-01',
    cancelled_on: null,
    end_date: null,
    stopped_on: null,
    freeze_periods: [],
    ...more,
  };
}

/** The ApiError a decision throws (a refusal); fails when it throws nothing or something else. */
export function thrown(decide: () => unknown): ApiError {
  try {
    decide();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('nothing thrown');
}
