import { describe, expect, it } from 'vitest';
import { formatMobile } from './formatMobile.ts';

describe('a mobile number as the member reads it', () => {
  it('groups a Swiss number as Switzerland writes it, on one line', () => {
    expect(formatMobile({ prefix: '+41', number: '791234567' })).toBe('+41\u00a079\u00a0123\u00a045\u00a067');
  });

  it('keeps other numbers as entered', () => {
    expect(formatMobile({ prefix: '+47', number: '41299001' })).toBe('+47\u00a041299001');
    expect(formatMobile({ prefix: '+41', number: '12345' })).toBe('+41\u00a012345');
  });
});
