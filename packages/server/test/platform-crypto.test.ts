import * as node from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fromBase64url,
  fromHex,
  hmacSha256Base64url,
  hmacSha256Hex,
  randomBase64url,
  randomBytes,
  randomHex,
  randomInt,
  randomUUID,
  sha256Hex,
  timingSafeEqual,
  toBase64,
  toBase64url,
  utf8,
} from '../src/platform/crypto.ts';

// platform/crypto.ts replaced node:crypto in the use cases: what was stored before (session
// and reset token hashes, door key hashes, signed card returns, hashed client addresses) must
// still match, so every digest is compared byte for byte with node:crypto's.

const TEXTS = ['', 'a', 'portal', 'Grüße, 東京 🏋️', 'x'.repeat(1000), '\u0000\uFFFD'];
const KEYS = ['', 'secret', 'schlüssel-ß', 'k'.repeat(200)];

describe('platform/crypto against node:crypto', () => {
  it('sha256 (hex) of text and bytes', () => {
    for (const text of TEXTS) {
      expect(sha256Hex(text)).toBe(node.createHash('sha256').update(text).digest('hex'));
      expect(sha256Hex(text)).toBe(node.hash('sha256', text, 'hex'));
    }
    const bytes = new Uint8Array([0, 1, 2, 254, 255]);
    expect(sha256Hex(bytes)).toBe(node.createHash('sha256').update(bytes).digest('hex'));
  });

  it('HMAC-SHA256, hex and base64url', () => {
    for (const key of KEYS)
      for (const text of TEXTS) {
        expect(hmacSha256Hex(key, text)).toBe(node.createHmac('sha256', key).update(text).digest('hex'));
        expect(hmacSha256Base64url(key, text)).toBe(
          node.createHmac('sha256', key).update(text).digest('base64url'),
        );
      }
  });

  it('base64, base64url and hex as Buffer writes and reads them', () => {
    for (const text of TEXTS) {
      const buffer = Buffer.from(text, 'utf8');
      expect(toBase64(text)).toBe(buffer.toString('base64'));
      expect(toBase64url(text)).toBe(buffer.toString('base64url'));
      expect(utf8(fromBase64url(buffer.toString('base64url'))!)).toBe(text);
    }
    const bytes = node.randomBytes(257);
    expect(toBase64url(bytes)).toBe(bytes.toString('base64url'));
    expect(fromHex(bytes.toString('hex'))).toEqual(new Uint8Array(bytes));
    expect(fromHex('abc')).toBeNull();
    expect(fromHex('zz')).toBeNull();
    expect(fromBase64url('not base64!')).toBeNull();
  });

  it('compares in constant time as timingSafeEqual did, unequal lengths unequal', () => {
    expect(timingSafeEqual('abc', 'abc')).toBe(true);
    expect(timingSafeEqual('abc', 'abd')).toBe(false);
    expect(timingSafeEqual('abc', 'abcd')).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(timingSafeEqual('ä', 'a\u0308')).toBe(false);
  });

  it('random values have the shapes node:crypto gave', () => {
    expect(randomUUID()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUUID()).not.toBe(randomUUID());
    expect(randomBytes(70_000)).toHaveLength(70_000);
    expect(randomHex(32)).toMatch(/^[0-9a-f]{64}$/);
    expect(randomBase64url(32)).toMatch(/^[\w-]{43}$/);
    expect(randomBase64url(32)).toHaveLength(node.randomBytes(32).toString('base64url').length);
  });

  it('randomInt stays in [min, max) and reaches every value', () => {
    const seen = new Map<number, number>();
    for (let i = 0; i < 6000; i++) {
      const n = randomInt(3, 9);
      seen.set(n, (seen.get(n) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([3, 4, 5, 6, 7, 8]);
    // Each of 6 values about 1000 times; a biased draw would skew this far less than it does here.
    for (const count of seen.values()) expect(count).toBeGreaterThan(800);
    const code = randomInt(0, 10 ** 6);
    expect(code).toBeGreaterThanOrEqual(0);
    expect(code).toBeLessThan(10 ** 6);
    expect(() => randomInt(5, 5)).toThrow(RangeError);
    expect(() => randomInt(0, 2 ** 49)).toThrow(RangeError);
  });
});
