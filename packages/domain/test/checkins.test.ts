import { describe, expect, it } from 'vitest';
import {
  type CheckInCandidate,
  canTrain,
  decideCheckIn,
  type DoorKey,
  keyWorkedAt,
  normalizeDoorCode,
} from '../src/checkins.ts';
import type { MembershipFacts } from '../src/status.ts';

const at = (instant: string) => new Date(instant);

const pin = (over: Partial<DoorKey> = {}): DoorKey => ({
  type: 'pin',
  code: '1234567',
  status: 'active',
  valid_from: '2026-01-01',
  valid_to: null,
  created_at: at('2026-01-01T06:00:00Z'),
  ended_at: null,
  ...over,
});

const facts = (over: Partial<MembershipFacts> = {}): MembershipFacts => ({
  signup_kind: 'regular',
  begin_date: '2025-06-01',
  cancelled_on: null,
  end_date: null,
  stopped_on: null,
  freeze_periods: [],
  ...over,
});

const candidate = (over: Partial<CheckInCandidate> = {}): CheckInCandidate => ({
  key: pin(),
  membershipId: 'm1',
  facts: facts(),
  clubs: ['club-a', 'club-b'],
  ...over,
});

const attempt = (instant = '2026-03-10T17:00:00Z', day = '2026-03-10') => ({
  clubId: 'club-a',
  at: at(instant),
  day,
  now: at('2026-03-15T10:00:00Z'),
});

describe('keyWorkedAt', () => {
  it('works from its first day and creation on, while it has no end', () => {
    const key = pin();
    expect(keyWorkedAt(key, at('2026-01-01T06:00:00Z'), '2026-01-01')).toBe(true);
    expect(keyWorkedAt(key, at('2026-01-01T05:59:59Z'), '2026-01-01')).toBe(false);
    expect(keyWorkedAt(key, at('2025-12-31T12:00:00Z'), '2025-12-31')).toBe(false);
  });

  it('works up to its valid_to day, also once stored inactive (expired or ended since)', () => {
    const expired = pin({ status: 'inactive', valid_to: '2026-01-21' });
    expect(keyWorkedAt(expired, at('2026-01-21T20:00:00Z'), '2026-01-21')).toBe(true);
    expect(keyWorkedAt(expired, at('2026-01-22T08:00:00Z'), '2026-01-22')).toBe(false);
  });

  it('stops at the instant an action ended it, not at the end of that day', () => {
    const lost = pin({ status: 'inactive', valid_to: '2026-03-10', ended_at: at('2026-03-10T12:00:00Z') });
    expect(keyWorkedAt(lost, at('2026-03-10T11:59:00Z'), '2026-03-10')).toBe(true);
    expect(keyWorkedAt(lost, at('2026-03-10T12:00:00Z'), '2026-03-10')).toBe(false);
  });

  it('never works suspended, nor inactive without a last day', () => {
    expect(keyWorkedAt(pin({ status: 'suspended' }), at('2026-03-10T12:00:00Z'), '2026-03-10')).toBe(false);
    expect(keyWorkedAt(pin({ status: 'inactive' }), at('2026-03-10T12:00:00Z'), '2026-03-10')).toBe(false);
  });
});

describe('decideCheckIn', () => {
  it('counts a working key of a membership that trains at a club of its product', () => {
    const c = candidate();
    expect(decideCheckIn([c], attempt())).toEqual({ accepted: c });
    expect(canTrain('in_trial')).toBe(true);
    expect(canTrain('in_cancellation')).toBe(true);
  });

  it('refuses a check-in dated more than five minutes ahead of now', () => {
    const now = attempt().now;
    const soon = { ...attempt(), at: new Date(now.getTime() + 5 * 60_000) };
    expect(decideCheckIn([candidate()], soon)).toHaveProperty('accepted');
    const later = { ...attempt(), at: new Date(now.getTime() + 5 * 60_000 + 1) };
    expect(decideCheckIn([candidate()], later)).toEqual({ refusal: 'check_in_in_future' });
  });

  it('refuses an unknown code and a key that was not working', () => {
    expect(decideCheckIn([], attempt())).toEqual({ refusal: 'unknown_code' });
    const ended = candidate({ key: pin({ status: 'inactive', valid_to: '2026-02-28' }) });
    expect(decideCheckIn([ended], attempt())).toEqual({ refusal: 'key_not_active' });
  });

  it('refuses every key once the membership has ended, whatever the key says', () => {
    const cancelled = candidate({
      facts: facts({ cancelled_on: '2026-01-20', end_date: '2026-02-28' }),
    });
    expect(decideCheckIn([cancelled], attempt('2026-02-28T18:00:00Z', '2026-02-28'))).toHaveProperty(
      'accepted',
    );
    expect(decideCheckIn([cancelled], attempt())).toEqual({ refusal: 'key_not_active' });
    const stopped = candidate({ facts: facts({ stopped_on: '2026-03-10' }) });
    expect(decideCheckIn([stopped], attempt())).toEqual({ refusal: 'key_not_active' });
  });

  it('refuses a frozen or presale membership, naming the status', () => {
    const frozen = candidate({
      facts: facts({
        freeze_periods: [{ id: 'f', begin_date: '2026-03-01', end_date: '2026-03-31', cancel_date: null }],
      }),
    });
    expect(decideCheckIn([frozen], attempt())).toEqual({
      refusal: 'invalid_status_for_check_in',
      status: 'in_freeze',
    });
    const presale = candidate({ facts: facts({ signup_kind: 'presale', begin_date: '2026-04-01' }) });
    expect(decideCheckIn([presale], attempt())).toEqual({
      refusal: 'invalid_status_for_check_in',
      status: 'presale',
    });
  });

  it("refuses a club outside the membership's product", () => {
    expect(decideCheckIn([candidate({ clubs: ['club-b'] })], attempt())).toEqual({
      refusal: 'club_not_in_product',
    });
  });

  it("takes the one membership whose key works when the code was another member's before", () => {
    const before = candidate({
      membershipId: 'old',
      key: pin({ status: 'inactive', valid_to: '2026-01-31', valid_from: '2025-01-01' }),
    });
    const now = candidate({ membershipId: 'new', key: pin({ valid_from: '2026-02-01' }) });
    expect(decideCheckIn([before, now], attempt())).toEqual({ accepted: now });
    // Of refused keys, the refusal that got furthest: a frozen membership, not the old key.
    const frozen = {
      ...now,
      facts: facts({
        freeze_periods: [{ id: 'f', begin_date: '2026-03-01', end_date: '2026-03-31', cancel_date: null }],
      }),
    };
    expect(decideCheckIn([before, frozen], attempt())).toMatchObject({
      refusal: 'invalid_status_for_check_in',
    });
  });

  it('refuses a code that works for two memberships, but not two keys of one', () => {
    const a = candidate({ membershipId: 'a' });
    expect(decideCheckIn([a, candidate({ membershipId: 'b' })], attempt())).toEqual({
      refusal: 'ambiguous_code',
    });
    expect(decideCheckIn([a, candidate({ membershipId: 'a' })], attempt())).toEqual({ accepted: a });
  });
});

describe('normalizeDoorCode', () => {
  it("compares like a chip code and drops a PIN's closing #", () => {
    expect(normalizeDoorCode('1234567#')).toBe('1234567');
    expect(normalizeDoorCode('04a1 b2-c3')).toBe('04A1B2C3');
  });
});
