import { describe, expect, it } from 'vitest';
import { normalizeMembershipNumber, normalizeName, sameName } from '../src/identity.ts';

describe('identifying a member by name', () => {
  it('compares trimmed, case- and accent-insensitively', () => {
    expect(sameName('  JÜRGEN ', 'jurgen')).toBe(true);
    expect(sameName('Zoë', 'ZOE')).toBe(true);
    expect(sameName('Françoise', 'francoise')).toBe(true);
    expect(sameName('Straße', 'STRASSE')).toBe(true);
    expect(sameName('Bjørn', 'Bjorn')).toBe(true);
    expect(sameName('Müller-Lüdenscheidt', 'muller  ludenscheidt')).toBe(true);
    expect(normalizeName(' Ånes  Ærø ')).toBe('anes aero');
  });

  it('tells different names apart', () => {
    expect(sameName('Anna', 'Anne')).toBe(false);
    expect(sameName('Anna Maria', 'Anna')).toBe(false);
  });

  it('drops spaces typed in a membership number', () => {
    expect(normalizeMembershipNumber(' 1 000 114 ')).toBe('1000114');
  });
});
