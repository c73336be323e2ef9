import { describe, expect, it } from 'vitest';
import { judgePhoneCode, phoneCodeRetryAfter, wrongGuessRefusal } from '../src/phoneCodes.ts';

const HOUR = 60 * 60 * 1000;
const now = Date.parse('2026-11-22T10:00:00Z');

describe('phone code send limits', () => {
  it('lets a fourth code to one number go out only once the oldest of the hour has left it', () => {
    const sends = [now - 50 * 60_000, now - 20 * 60_000, now - 10 * 60_000];
    expect(phoneCodeRetryAfter([], sends.slice(0, 2), now)).toBe(0);
    expect(phoneCodeRetryAfter([], sends, now)).toBe(10 * 60);
    expect(phoneCodeRetryAfter([], [now - 2 * HOUR, ...sends.slice(1)], now)).toBe(0);
  });

  it('limits a member to five codes an hour, whatever the numbers', () => {
    const sends = [1, 2, 3, 4, 5].map((m) => now - m * 60_000);
    expect(phoneCodeRetryAfter(sends, [], now)).toBe(55 * 60);
    expect(phoneCodeRetryAfter(sends.slice(1), [], now)).toBe(0);
  });
});

describe('a typed code', () => {
  const row = { attempts: 0, expiresAt: new Date(now + HOUR), usedAt: null };
  const at = new Date(now);

  it('is required, and compared only while the code may still be guessed', () => {
    expect(judgePhoneCode(undefined, row, at, () => true)).toEqual({
      ok: false,
      refusal: { type: 'verification_required' },
    });
    expect(judgePhoneCode('123456', undefined, at, () => true)).toEqual({
      ok: false,
      refusal: { type: 'verification_required' },
    });
    expect(judgePhoneCode('123456', row, at, () => true)).toEqual({ ok: true });
    expect(judgePhoneCode('123456', row, at, () => false)).toEqual({ ok: false, wrongGuess: true });
  });

  it('is refused once expired, used or guessed five times', () => {
    const never = () => {
      throw new Error('compared');
    };
    expect(judgePhoneCode('1', { ...row, expiresAt: at }, at, never)).toMatchObject({
      refusal: { type: 'verification_code_expired' },
    });
    expect(judgePhoneCode('1', { ...row, usedAt: at }, at, never)).toMatchObject({
      refusal: { type: 'invalid_verification_code', attempts_left: 0 },
    });
    expect(judgePhoneCode('1', { ...row, attempts: 5 }, at, never)).toMatchObject({
      refusal: { type: 'invalid_verification_code', attempts_left: 0 },
    });
    expect(wrongGuessRefusal(1)).toEqual({ type: 'invalid_verification_code', attempts_left: 4 });
  });
});
