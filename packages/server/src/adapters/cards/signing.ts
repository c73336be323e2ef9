import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `data` under `secret`, hex. */
export function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Compares two hex or base64url strings in constant time (different lengths are unequal). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

// The signed text of a return is domain's canonicalParams (the demo signs the same text).
export { canonicalParams } from '@portal/domain';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** `<payload>.<signature>`: a value only the holder of the secret can make or alter. */
export function signToken(secret: string, purpose: string, payload: unknown): string {
  const body = b64(JSON.stringify(payload));
  return `${body}.${hmacHex(secret, `${purpose}:${body}`)}`;
}

/** The payload of a token made by `signToken` with the same secret and purpose, else null. */
export function openToken(secret: string, purpose: string, token: string): unknown {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!sameSignature(hmacHex(secret, `${purpose}:${body}`), signature)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}
