import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/data/seed-data.ts';
import { DEMO_PASSWORD_HASH } from '../src/data/seed.ts';
import { demoPasswordMatches, demoPasswordValue } from '../src/password.ts';

describe("the demo's passwords", () => {
  it('accepts DEMO_PASSWORD for a seeded member, and nothing else', () => {
    const row = { passwordHash: DEMO_PASSWORD_HASH };
    expect(demoPasswordMatches(row, DEMO_PASSWORD)).toBe(true);
    expect(demoPasswordMatches(row, 'wrong')).toBe(false);
  });

  it('accepts only the new password once it was changed in the demo', () => {
    const row = { passwordHash: demoPasswordValue('a-new-password-1') };
    expect(demoPasswordMatches(row, 'a-new-password-1')).toBe(true);
    expect(demoPasswordMatches(row, DEMO_PASSWORD)).toBe(false);
  });
});
