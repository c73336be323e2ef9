import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

/*
 * The cryptography of the use cases, environment-neutral (docs/decisions/038-neutral-crypto-and-password-hasher.md):
 * randomness from Web Crypto (`globalThis.crypto`, in Node and every browser), sha256 and
 * HMAC-SHA256 from @noble/hashes, synchronous as node:crypto's were. Text is hashed as
 * UTF-8 and digests are written as node:crypto writes them (hex, base64url without padding),
 * so what was stored before (token hashes, door key hashes, signatures) still matches; a
 * test compares every function here with node:crypto.
 */

export type BytesOrText = string | Uint8Array;

const encoder = new TextEncoder();
const bytesOf = (value: BytesOrText): Uint8Array =>
  typeof value === 'string' ? encoder.encode(value) : value;

/** A random (version 4) UUID. */
export const randomUUID = (): string => globalThis.crypto.randomUUID();

/** `length` random bytes. */
export function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  // getRandomValues fills at most 65536 bytes a call.
  for (let start = 0; start < length; start += 65536)
    globalThis.crypto.getRandomValues(bytes.subarray(start, start + 65536));
  return bytes;
}

/** `length` random bytes, hex. */
export const randomHex = (length: number): string => toHex(randomBytes(length));

/** `length` random bytes, base64url (no padding). */
export const randomBase64url = (length: number): string => toBase64url(randomBytes(length));

/**
 * A uniformly random integer with min <= n < max (node:crypto's randomInt): 48 random bits
 * a draw, draws at or above the last whole multiple of the range are thrown away.
 */
export function randomInt(min: number, max: number): number {
  const range = max - min;
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || range <= 0 || range > 2 ** 48)
    throw new RangeError(`randomInt: no integers between ${min} and ${max}`);
  const limit = 2 ** 48 - (2 ** 48 % range);
  for (;;) {
    const [high, low] = globalThis.crypto.getRandomValues(new Uint32Array(2)) as unknown as [number, number];
    const draw = (high & 0xffff) * 2 ** 32 + low;
    if (draw < limit) return min + (draw % range);
  }
}

/** sha256 of `data` (text as UTF-8), hex. */
export const sha256Hex = (data: BytesOrText): string => toHex(sha256(bytesOf(data)));

/** HMAC-SHA256 of `data` under `key` (text as UTF-8). */
export const hmacSha256 = (key: BytesOrText, data: BytesOrText): Uint8Array =>
  hmac(sha256, bytesOf(key), bytesOf(data));

/** HMAC-SHA256 of `data` under `key`, hex. */
export const hmacSha256Hex = (key: BytesOrText, data: BytesOrText): string => toHex(hmacSha256(key, data));

/** HMAC-SHA256 of `data` under `key`, base64url (no padding). */
export const hmacSha256Base64url = (key: BytesOrText, data: BytesOrText): string =>
  toBase64url(hmacSha256(key, data));

/**
 * Whether `a` and `b` are equal, in a time that depends on their length only (text compared
 * as UTF-8); different lengths are unequal at once, as the callers checked before.
 */
export function timingSafeEqual(a: BytesOrText, b: BytesOrText): boolean {
  const x = bytesOf(a);
  const y = bytesOf(b);
  if (x.length !== y.length) return false;
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ y[i]!;
  return difference === 0;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Hex digits to bytes; null when `hex` is not an even number of hex digits. */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** base64 with padding (text as UTF-8), as Buffer's toString('base64'). */
export function toBase64(data: BytesOrText): string {
  let binary = '';
  for (const byte of bytesOf(data)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** base64url without padding (text as UTF-8), as Buffer's toString('base64url'). */
export const toBase64url = (data: BytesOrText): string =>
  toBase64(data).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** base64url (or base64) to bytes; null when it is not base64. */
export function fromBase64url(text: string): Uint8Array | null {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** UTF-8 bytes to text (invalid sequences become U+FFFD, as Buffer's toString does). */
export const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
