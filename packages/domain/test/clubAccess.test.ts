import type { Key } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { showsPinBlock, visibleKeys } from '../src/access.ts';
import { canChangeClub, isSelectableClub } from '../src/club.ts';

const key = (type: 'rfid' | 'pin', code: string, valid_from: string): Key => ({
  type,
  code,
  status: 'active',
  valid_from,
  valid_to: null,
});

describe('access keys', () => {
  it('shows every chip and only the newest PIN', () => {
    const keys = [
      key('pin', 'old', '2025-01-01'),
      key('rfid', 'chip', '2024-05-01'),
      key('pin', 'new', '2026-02-01'),
    ];
    expect(visibleKeys(keys).map((k) => k.code)).toEqual(['chip', 'new']);
  });

  it('shows the PIN block unless the member has an rfid key', () => {
    expect(showsPinBlock([key('pin', '1', '2026-01-01')])).toBe(true);
    expect(showsPinBlock([key('rfid', '1', '2026-01-01')])).toBe(false);
  });
});

describe('primary club', () => {
  it('cannot be changed in presale, the cancelled variants and stopped', () => {
    expect(canChangeClub('active')).toBe(true);
    expect(canChangeClub('in_freeze')).toBe(true);
    for (const s of [
      'presale',
      'cancelled',
      'cancelled_in_trial',
      'cancelled_in_presale',
      'stopped',
    ] as const) {
      expect(canChangeClub(s)).toBe(false);
    }
  });

  it('offers only clubs that are open and not closed', () => {
    expect(isSelectableClub({ opening_date: '2020-01-01', closing_date: null }, '2026-11-22')).toBe(true);
    expect(isSelectableClub({ opening_date: '2027-01-15', closing_date: null }, '2026-11-22')).toBe(false);
    expect(isSelectableClub({ opening_date: '2020-01-01', closing_date: '2026-11-22' }, '2026-11-22')).toBe(
      false,
    );
  });
});
