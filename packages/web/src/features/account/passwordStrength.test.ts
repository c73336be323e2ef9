import { describe, expect, it } from 'vitest';
import { characterVariety, passwordStrength } from './passwordStrength.ts';

describe('password strength hint', () => {
  it('counts lower case, upper case, digits and other characters', () => {
    expect(characterVariety('abc')).toBe(1);
    expect(characterVariety('aB3!')).toBe(4);
    expect(characterVariety('ÄÖü ß')).toBe(3);
  });

  it('is weak below the minimum length and grows with length, then variety', () => {
    expect(passwordStrength('')).toBeNull();
    expect(passwordStrength('abc')).toBe('weak');
    expect(passwordStrength('aB3!xyzq-Tr4')).toBe('good');
    expect(passwordStrength('aB3!xyzq-Tr')).toBe('weak');
    expect(passwordStrength('abcdefghijkl')).toBe('fair');
    expect(passwordStrength('abcdefghijklmnop')).toBe('good');
    expect(passwordStrength('Tr4ining-Hard-now')).toBe('strong');
    expect(passwordStrength('correct horse battery')).toBe('strong');
  });

  it('never gets weaker when a character is added', () => {
    const order = [null, 'weak', 'fair', 'good', 'strong'];
    let password = '';
    for (const c of 'aB3!cdefghijklmnopqrstuvw') {
      const before = order.indexOf(passwordStrength(password));
      password += c;
      expect(order.indexOf(passwordStrength(password))).toBeGreaterThanOrEqual(before);
    }
  });
});
