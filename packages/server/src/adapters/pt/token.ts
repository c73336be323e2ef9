import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { OperatorId, PtWidgetKind } from '@portal/contract';
import type { BookingWindow } from '@portal/domain';

export type { BookingWindow };

/** How long a widget token is good for: one visit of the page, not a session. */
export const PT_TOKEN_TTL_MS = 10 * 60_000;

/** The audience of every widget token: only the PT provider accepts it. */
export const PT_TOKEN_AUDIENCE = 'pt-widget';
export const PT_TOKEN_ISSUER = 'member-portal';

/** What a widget token says (a JWT, HS256, docs/personal-training.md). */
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

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function mac(secret: string, input: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export type NewClaims = Omit<PtTokenClaims, 'iss' | 'aud' | 'iat' | 'exp' | 'jti'>;

/** Signs a token for one member and widget, good for PT_TOKEN_TTL_MS from `now`. */
export function signPtToken(
  secret: string,
  claims: NewClaims,
  now: Date,
): { token: string; expiresAt: Date; claims: PtTokenClaims } {
  const iat = Math.floor(now.getTime() / 1000);
  const full: PtTokenClaims = {
    iss: PT_TOKEN_ISSUER,
    aud: PT_TOKEN_AUDIENCE,
    ...claims,
    iat,
    exp: iat + PT_TOKEN_TTL_MS / 1000,
    jti: randomUUID(),
  };
  const input = `${HEADER}.${base64url(JSON.stringify(full))}`;
  return {
    token: `${input}.${mac(secret, input).toString('base64url')}`,
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
export function verifyPtToken(secret: string, token: string, widget: PtWidgetKind, now: Date): PtTokenCheck {
  if (token.length > 4096) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  // Compared as text: decoding first would accept other spellings of the same bytes.
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(secret, `${header}.${payload}`).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  if (claims.wid !== widget) return { ok: false, reason: 'widget' };
  return { ok: true, claims };
}
