import type { OperatorId, PtWidgetKind } from '@portal/contract';
import type { BookingWindow } from './ptSlots.ts';

// The widget token (a JWT, HS256, docs/personal-training.md), signed and checked with
// WebCrypto so the server and the demo (the browser plays portal and provider there) sign
// and check it with this one code.

/** How long a widget token is good for: one visit of the page, not a session. */
export const PT_TOKEN_TTL_MS = 10 * 60_000;

/** The audience of every widget token: only the PT provider accepts it. */
export const PT_TOKEN_AUDIENCE = 'pt-widget';
export const PT_TOKEN_ISSUER = 'member-portal';

/** What a widget token says. */
export interface PtTokenClaims {
  iss: typeof PT_TOKEN_ISSUER;
  aud: typeof PT_TOKEN_AUDIENCE;
  /** The member id. */
  sub: string;
  op: OperatorId;
  /** The member's club (location id). */
  club: string;
  wid: PtWidgetKind;
  /** The member's locale of record (texts the provider writes, e.g. on the invoice). */
  loc: string;
  /** Only on booking tokens. */
  win?: BookingWindow;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  /** A random id, so no two tokens are alike. */
  jti: string;
}

export type NewClaims = Omit<PtTokenClaims, 'iss' | 'aud' | 'iat' | 'exp' | 'jti'>;

const utf8 = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

const HEADER = base64url(utf8.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

async function mac(secret: string, input: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    utf8.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, utf8.encode(input))));
}

/** Equal texts, compared in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Signs a token for one member and widget, good for PT_TOKEN_TTL_MS from `now`. */
export async function signPtToken(
  secret: string,
  claims: NewClaims,
  now: Date,
  jti: string = crypto.randomUUID(),
): Promise<{ token: string; expiresAt: Date; claims: PtTokenClaims }> {
  const iat = Math.floor(now.getTime() / 1000);
  const full: PtTokenClaims = {
    iss: PT_TOKEN_ISSUER,
    aud: PT_TOKEN_AUDIENCE,
    ...claims,
    iat,
    exp: iat + PT_TOKEN_TTL_MS / 1000,
    jti,
  };
  const input = `${HEADER}.${base64url(utf8.encode(JSON.stringify(full)))}`;
  return {
    token: `${input}.${await mac(secret, input)}`,
    expiresAt: new Date(full.exp * 1000),
    claims: full,
  };
}

export type PtTokenCheck =
  | { ok: true; claims: PtTokenClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'widget' };

function isClaims(value: unknown): value is PtTokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    c.iss === PT_TOKEN_ISSUER &&
    c.aud === PT_TOKEN_AUDIENCE &&
    typeof c.sub === 'string' &&
    typeof c.op === 'string' &&
    typeof c.club === 'string' &&
    (c.wid === 'package_buy' || c.wid === 'booking') &&
    typeof c.loc === 'string' &&
    Number.isInteger(c.iat) &&
    Number.isInteger(c.exp) &&
    typeof c.jti === 'string'
  );
}

/**
 * Checks a token as the provider does: our header only (no `alg` games), the signature in
 * constant time, the claims' shape, the expiry against `now`, and the widget it was issued
 * for against the one the call belongs to.
 */
export async function verifyPtToken(
  secret: string,
  token: string,
  widget: PtWidgetKind,
  now: Date,
): Promise<PtTokenCheck> {
  if (token.length > 4096) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  // Compared as text: decoding first would accept other spellings of the same bytes.
  if (!sameText(signature, await mac(secret, `${header}.${payload}`)))
    return { ok: false, reason: 'signature' };
  let claims: unknown;
  try {
    claims = JSON.parse(fromBase64url(payload) ?? '');
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  if (claims.wid !== widget) return { ok: false, reason: 'widget' };
  return { ok: true, claims };
}
