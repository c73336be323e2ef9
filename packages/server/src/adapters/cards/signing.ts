import { fromBase64url, hmacSha256Hex, timingSafeEqual, toBase64url, utf8 } from '../../platform/crypto.ts';

/** HMAC-SHA256 of `data` under `secret`, hex. */
export function hmacHex(secret: string, data: string): string {
  return hmacSha256Hex(secret, data);
}

/** Compares two hex or base64url strings in constant time (different lengths are unequal). */
export function sameSignature(expected: string, given: string): boolean {
  return timingSafeEqual(expected, given);
}

// The signed text of a return is domain's canonicalParams, beside the providers' dialects.
export { canonicalParams } from '@portal/domain';

const b64 = (text: string) => toBase64url(text);

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
    const bytes = fromBase64url(body);
    return bytes ? JSON.parse(utf8(bytes)) : null;
  } catch {
    return null;
  }
}
