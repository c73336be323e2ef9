import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@portal/demo-data';
import { DEMO_PASSWORD_HASH } from '../src/data/seed.ts';
import { demoPasswordHash, demoPasswordMatches } from '../src/password.ts';

describe("the demo's passwords", () => {
  it('accepts DEMO_PASSWORD for a seeded member, and nothing else', async () => {
    expect(await demoPasswordMatches(DEMO_PASSWORD_HASH, DEMO_PASSWORD)).toBe(true);
    expect(await demoPasswordMatches(DEMO_PASSWORD_HASH, 'wrong')).toBe(false);
  });

  it('accepts only the new password once one was set in the demo, never storing it as typed', async () => {
    const stored = await demoPasswordHash('a-new-password-1');
    expect(stored).not.toContain('a-new-password-1');
    expect(await demoPasswordMatches(stored, 'a-new-password-1')).toBe(true);
    expect(await demoPasswordMatches(stored, DEMO_PASSWORD)).toBe(false);
  });
});
