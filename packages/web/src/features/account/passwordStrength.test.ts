import { describe, expect, it } from 'vitest';
import { characterVariety, passwordStrength } from './passwordStrength.ts';

describe('password strength hint', () => {
  it('counts lower case, upper case, digits and other characters', () => {
    expect(characterVariety('abc')).toBe(1);
    expect(characterVariety('aB3!')).toBe(4);
    expect(characterVariety('ÄÖü ß')).toBe(3);
  });

  it('grows with length and variety', () => {
    expect(passwordStrength('')).toBeNull();
    expect(passwordStrength('abc')).toBe('weak');
    expect(passwordStrength('abcdefg')).toBe('weak');
    expect(passwordStrength('aB3!xy')).toBe('fair');
    expect(passwordStrength('abcdefgh')).toBe('fair');
    expect(passwordStrength('aB3!xyzq')).toBe('good');
    expect(passwordStrength('abcdefghij')).toBe('good');
    expect(passwordStrength('Tr4ining-Hard')).toBe('strong');
    expect(passwordStrength('correct horse battery')).toBe('strong');
  });

  it('never gets weaker when a character is added', () => {
    const order = [null, 'weak', 'fair', 'good', 'strong'];
    let password = '';
    for (const c of 'aB3!cdefghijklmnopq') {
      const before = order.indexOf(passwordStrength(password));
      password += c;
      expect(order.indexOf(passwordStrength(password))).toBeGreaterThanOrEqual(before);
    }
  });
});
