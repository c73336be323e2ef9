import type { Key, MembershipStatus } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeChip,
  CHIP_STATUSES,
  canUseChipServices,
  currentChip,
  FORGOTTEN_CHIP_PIN_VALIDITY,
  keyStatusText,
  keysToday,
  maskedMobile,
  membershipEndDate,
  newestPin,
  normalizeChipCode,
  showsPinBlock,
  temporaryPinValidTo,
  visibleKeys,
} from '../src/access.ts';
import { addDays } from '../src/dates.ts';
import { membershipRouteStatuses } from '../src/navigation.ts';
import { operatorCatalogue } from '../src/operators/catalogue.ts';
import { deriveStatus, isInactiveStatus, type MembershipFacts } from '../src/status.ts';

const key = (over: Partial<Key> & Pick<Key, 'type'>): Key => ({
  code: over.type === 'pin' ? '1234567' : '04A1B2C3',
  status: 'active',
  valid_from: '2026-01-01',
  valid_to: null,
  ...over,
});

const regular: MembershipFacts = {
  signup_kind: 'regular',
  begin_date: '2025-03-01',
  cancelled_on: null,
  end_date: null,
  stopped_on: null,
  freeze_periods: [],
};

const derive = (keys: Key[], facts: MembershipFacts, today: string) =>
  keysToday(keys, facts, deriveStatus(facts, today), today);

describe('keys follow the membership', () => {
  const pin = key({ type: 'pin', valid_from: '2025-03-01' });
  const chip = key({ type: 'rfid', valid_from: '2025-03-01' });

  it('stay active while the membership runs', () => {
    expect(derive([pin, chip], regular, '2026-11-22')).toEqual([pin, chip]);
  });

  it('in cancellation stay active up to and including the end date, then are inactive with it as valid_to', () => {
    const cancelled = { ...regular, cancelled_on: '2026-11-20', end_date: '2026-12-31' };
    expect(derive([pin, chip], cancelled, '2026-12-31')).toEqual([
      { ...pin, valid_to: '2026-12-31' },
      { ...chip, valid_to: '2026-12-31' },
    ]);
    expect(derive([pin, chip], cancelled, '2027-01-01')).toEqual([
      { ...pin, status: 'inactive', valid_to: '2026-12-31' },
      { ...chip, status: 'inactive', valid_to: '2026-12-31' },
    ]);
  });

  it('end on the stop date of a stopped membership', () => {
    const stopped = { ...regular, stopped_on: '2026-11-02' };
    expect(derive([pin], stopped, '2026-11-01')).toEqual([pin]);
    expect(derive([pin], stopped, '2026-11-02')).toEqual([
      { ...pin, status: 'inactive', valid_to: '2026-11-02' },
    ]);
  });

  it('end at once when a trial or presale is cancelled', () => {
    const trial = {
      ...regular,
      signup_kind: 'trial' as const,
      begin_date: '2026-12-01',
      cancelled_on: '2026-11-22',
      end_date: '2026-11-22',
    };
    const trialPin = { ...pin, valid_from: '2026-11-10' };
    expect(derive([trialPin], trial, '2026-11-22')).toEqual([
      { ...trialPin, status: 'inactive', valid_to: '2026-11-22' },
    ]);
  });

  it('keep an earlier valid_to of their own', () => {
    const old = key({ type: 'rfid', status: 'inactive', valid_from: '2025-03-01', valid_to: '2025-08-01' });
    const ended = { ...regular, cancelled_on: '2026-01-10', end_date: '2026-02-28' };
    expect(derive([old], ended, '2026-11-22')[0]?.valid_to).toBe('2025-08-01');
  });

  it('a temporary PIN is inactive after its valid_to', () => {
    const temporary = key({ type: 'pin', valid_from: '2026-11-22', valid_to: '2026-12-12' });
    expect(derive([temporary], regular, '2026-12-12')[0]?.status).toBe('active');
    expect(derive([temporary], regular, '2026-12-13')[0]?.status).toBe('inactive');
  });

  it('membershipEndDate names the end date, the stop date, or nothing while it runs', () => {
    expect(membershipEndDate(regular, 'active')).toBeNull();
    expect(membershipEndDate({ ...regular, stopped_on: '2026-10-01' }, 'stopped')).toBe('2026-10-01');
    expect(
      membershipEndDate(
        { ...regular, cancelled_on: '2026-10-01', end_date: '2026-11-30' },
        'in_cancellation',
      ),
    ).toBe('2026-11-30');
  });
});

describe('which key shows, and how it reads', () => {
  it('the newest PIN by valid_from is the one shown, whatever its status', () => {
    const keys = [
      key({ type: 'pin', code: 'old', valid_from: '2025-01-01' }),
      key({ type: 'pin', code: 'new', status: 'inactive', valid_from: '2026-02-01', valid_to: '2026-02-21' }),
    ];
    expect(newestPin(keys)?.code).toBe('new');
    expect(newestPin([key({ type: 'rfid' })])).toBeNull();
  });

  it('of PINs from the same day, the one in use wins, else the first listed (newest created)', () => {
    const ended = key({
      type: 'pin',
      code: 'forgotten',
      status: 'inactive',
      valid_from: '2026-11-22',
      valid_to: '2026-11-22',
    });
    const lost = key({ type: 'pin', code: 'lost', valid_from: '2026-11-22', valid_to: '2026-12-12' });
    expect(newestPin([ended, lost])?.code).toBe('lost');
    expect(newestPin([lost, ended])?.code).toBe('lost');
  });

  it('of PINs from the same day and status, the first listed (newest created) wins', () => {
    const keys = [
      key({ type: 'pin', code: 'second', valid_from: '2026-11-22' }),
      key({ type: 'pin', code: 'first', valid_from: '2026-11-22' }),
    ];
    expect(newestPin(keys)?.code).toBe('second');
  });

  it('the current chip is the one in use, else the newest; the overview shows it and the newest PIN', () => {
    const lost = key({
      type: 'rfid',
      code: 'LOST',
      status: 'inactive',
      valid_from: '2026-01-01',
      valid_to: '2026-11-01',
    });
    const older = key({
      type: 'rfid',
      code: 'OLDER',
      status: 'inactive',
      valid_from: '2025-01-01',
      valid_to: '2026-01-01',
    });
    const inUse = key({ type: 'rfid', code: 'IN-USE', status: 'suspended', valid_from: '2024-01-01' });
    expect(currentChip([older, lost])?.code).toBe('LOST');
    expect(currentChip([older, lost, inUse])?.code).toBe('IN-USE');
    expect(activeChip([older, lost, inUse])).toBeNull();
    const pin = key({ type: 'pin', valid_from: '2026-11-01', valid_to: '2026-11-21' });
    expect(visibleKeys([older, pin, lost]).map((k) => k.code)).toEqual(['LOST', pin.code]);
  });

  it('the PIN block shows unless the member holds a chip; a lost chip does not count', () => {
    expect(showsPinBlock([key({ type: 'pin' })])).toBe(true);
    expect(showsPinBlock([])).toBe(true);
    expect(showsPinBlock([key({ type: 'rfid' })])).toBe(false);
    expect(showsPinBlock([key({ type: 'rfid', status: 'suspended' })])).toBe(false);
    expect(showsPinBlock([key({ type: 'rfid', status: 'inactive' }), key({ type: 'pin' })])).toBe(true);
  });

  it('status texts: activated, deactivated, temporarily deactivated; an inactive PIN has expired', () => {
    expect(keyStatusText({ type: 'rfid', status: 'active' })).toBe('activated');
    expect(keyStatusText({ type: 'rfid', status: 'inactive' })).toBe('deactivated');
    expect(keyStatusText({ type: 'rfid', status: 'suspended' })).toBe('temporarily_deactivated');
    expect(keyStatusText({ type: 'pin', status: 'inactive' })).toBe('expired');
    expect(keyStatusText({ type: 'pin', status: 'suspended' })).toBe('temporarily_deactivated');
  });
});

describe('temporary PINs and chip codes', () => {
  it('a lost-chip PIN is valid 21 days, in Germany one month, counting the day it is sent', () => {
    expect(temporaryPinValidTo(operatorCatalogue.at.temporaryPinValidity, '2026-11-22')).toBe('2026-12-12');
    expect(temporaryPinValidTo(operatorCatalogue.de.temporaryPinValidity, '2026-11-22')).toBe('2026-12-21');
    expect(temporaryPinValidTo(operatorCatalogue.de.temporaryPinValidity, '2027-01-31')).toBe('2027-02-27');
    for (const id of ['at', 'ch', 'no', 'fi'] as const) {
      expect(operatorCatalogue[id].temporaryPinValidity).toEqual({ days: 21 });
    }
  });

  it('a forgotten-chip PIN works today only', () => {
    expect(temporaryPinValidTo(FORGOTTEN_CHIP_PIN_VALIDITY, '2026-11-22')).toBe('2026-11-22');
  });

  it('chip codes ignore case, spaces and hyphens', () => {
    expect(normalizeChipCode(' 04a1 b2-c3 ')).toBe('04A1B2C3');
    expect(normalizeChipCode('04A1B2C3')).toBe('04A1B2C3');
  });

  it('chips and PINs are for active, presale, in_trial, in_freeze and in_cancellation, and their pages too', () => {
    const all: MembershipStatus[] = [
      'active',
      'in_trial',
      'presale',
      'in_cancellation',
      'in_freeze',
      'cancelled',
      'cancelled_in_presale',
      'cancelled_in_trial',
      'stopped',
    ];
    expect(all.filter(canUseChipServices)).toEqual([
      'active',
      'in_trial',
      'presale',
      'in_cancellation',
      'in_freeze',
    ]);
    for (const page of ['activate_chip', 'lost_chip', 'forgotten_chip']) {
      expect(membershipRouteStatuses[page]).toBe(CHIP_STATUSES);
    }
  });
});

// Property tests: any membership, any key, any day.
const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2024-01-01', n));

const factsArb: fc.Arbitrary<MembershipFacts> = fc
  .record({
    kind: fc.constantFrom('regular', 'trial', 'presale' as const),
    begin: day,
    cancelAfter: fc.option(fc.integer({ min: -60, max: 400 }), { nil: null }),
    notice: fc.integer({ min: 0, max: 400 }),
    stop: fc.option(day, { nil: null }),
  })
  .map(({ kind, begin, cancelAfter, notice, stop }) => {
    const cancelledOn = cancelAfter === null ? null : addDays(begin, cancelAfter);
    // A cancellation before the begin date ends the membership that day.
    const endDate =
      cancelledOn === null ? null : cancelledOn < begin ? cancelledOn : addDays(cancelledOn, notice);
    return {
      signup_kind: kind as MembershipFacts['signup_kind'],
      begin_date: begin,
      cancelled_on: cancelledOn,
      end_date: endDate,
      stopped_on: stop,
      freeze_periods: [],
    };
  });

const keyArb: fc.Arbitrary<Key> = fc
  .record({
    type: fc.constantFrom('rfid', 'pin' as const),
    status: fc.constantFrom('active', 'inactive', 'suspended' as const),
    from: day,
    length: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  })
  .map(({ type, status, from, length }) => ({
    type: type as Key['type'],
    code: '1234567',
    status: status as Key['status'],
    valid_from: from,
    valid_to: length === null ? null : addDays(from, length),
  }));

describe('chip state (properties)', () => {
  it('once the membership has ended, every key is inactive and valid to its end date at the latest', () => {
    fc.assert(
      fc.property(factsArb, fc.array(keyArb, { maxLength: 4 }), day, (facts, keys, today) => {
        const status = deriveStatus(facts, today);
        const end = membershipEndDate(facts, status);
        for (const k of keysToday(keys, facts, status, today)) {
          if (isInactiveStatus(status)) {
            expect(k.status).toBe('inactive');
            expect(end).not.toBeNull();
            expect(k.valid_to !== null && k.valid_to <= (end as string)).toBe(true);
          }
          if (k.status === 'active') {
            expect(isInactiveStatus(status)).toBe(false);
            expect(k.valid_to === null || k.valid_to >= today).toBe(true);
          }
        }
      }),
    );
  });

  it('a key that is inactive one day stays inactive every later day', () => {
    fc.assert(
      fc.property(factsArb, keyArb, day, fc.integer({ min: 1, max: 500 }), (facts, k, today, later) => {
        const [before] = derive([k], facts, today);
        const [after] = derive([k], facts, addDays(today, later));
        if (before?.status === 'inactive') expect(after?.status).toBe('inactive');
      }),
    );
  });

  it('never activates a key, keeps type, code and valid_from, and is stable when applied twice', () => {
    fc.assert(
      fc.property(factsArb, fc.array(keyArb, { maxLength: 4 }), day, (facts, keys, today) => {
        const status = deriveStatus(facts, today);
        const once = keysToday(keys, facts, status, today);
        expect(keysToday(once, facts, status, today)).toEqual(once);
        once.forEach((k, i) => {
          const stored = keys[i] as Key;
          expect([stored.status, 'inactive']).toContain(k.status);
          expect([k.type, k.code, k.valid_from]).toEqual([stored.type, stored.code, stored.valid_from]);
        });
      }),
    );
  });

  it('the PIN block and the shown chip agree: the block shows exactly when no chip is in use', () => {
    fc.assert(
      fc.property(fc.array(keyArb, { maxLength: 5 }), (keys) => {
        const chip = currentChip(keys);
        expect(showsPinBlock(keys)).toBe(chip === null || chip.status === 'inactive');
        const pin = newestPin(keys);
        if (pin) expect(keys.every((k) => k.type !== 'pin' || k.valid_from <= pin.valid_from)).toBe(true);
      }),
    );
  });
});

describe('masked mobile', () => {
  it('shows the prefix and the last four digits only', () => {
    expect(maskedMobile({ prefix: '+47', number: '412 34 510' })).toBe('+47 •••• 4510');
    expect(maskedMobile({ prefix: '0049', number: '15123456710' })).toBe('+49 •••• 6710');
  });
});
