import { sha256Hex, toBase64 } from '../../platform/crypto.ts';
import type { VerifoneLiveSettings } from './config.ts';
import { CardProviderUnavailableError } from './unavailable.ts';

/** Card provider error 100 (unexpected) and 170 (API timeout) of `CARD_PROVIDER_ERRORS`. */
export const UNEXPECTED_ERROR = 100;
export const API_TIMEOUT = 170;

export type VerifoneAnswer =
  | { ok: true; status: number; body: Record<string, unknown> }
  | { ok: false; status: number; code: number };

/**
 * Verifone's error body is `{ code, message, timestamp, details }` with a numeric code of
 * `CARD_PROVIDER_ERRORS` (domain). Only the code is kept: messages may echo request data.
 */
function errorCode(body: unknown, status: number): number {
  const code = (body as { code?: unknown } | null)?.code;
  const numeric = typeof code === 'string' ? Number(code) : code;
  if (typeof numeric === 'number' && Number.isInteger(numeric) && numeric > 0) return numeric;
  if (status === 401) return 116;
  if (status === 404) return 109;
  if (status === 504) return API_TIMEOUT;
  return UNEXPECTED_ERROR;
}

/**
 * A UUID made from our reference, for `x-vfi-api-idempotencykey`: the same charge or refund
 * sent again (a retry after a timeout, a second post) carries the same key, so Verifone
 * processes it once.
 */
export function idempotencyKey(reference: string): string {
  const h = sha256Hex(`portal:${reference}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Verifone's merchant_reference holds 50 characters; longer references are shortened stably. */
export function merchantReference(reference: string): string {
  if (reference.length <= 50) return reference;
  return `ref-${sha256Hex(reference).slice(0, 46)}`;
}

/** HTTP with Basic auth (user uid + API key), a timeout, and answers without secrets. */
export function verifoneClient(settings: VerifoneLiveSettings, fetchImpl: typeof fetch) {
  const auth = `Basic ${toBase64(`${settings.userId}:${settings.apiKey}`)}`;

  return async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotency?: string,
  ): Promise<VerifoneAnswer> {
    const headers: Record<string, string> = { authorization: auth, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotency) headers['x-vfi-api-idempotencykey'] = idempotency;
    let response: Response;
    try {
      response = await fetchImpl(`${settings.apiUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { ok: false, status: 0, code: timedOut ? API_TIMEOUT : UNEXPECTED_ERROR };
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    if (!response.ok) return { ok: false, status: response.status, code: errorCode(parsed, response.status) };
    if (typeof parsed !== 'object' || parsed === null) {
      return { ok: false, status: response.status, code: UNEXPECTED_ERROR };
    }
    return { ok: true, status: response.status, body: parsed as Record<string, unknown> };
  };
}

export type VerifoneCall = ReturnType<typeof verifoneClient>;

/** A failure to reach Verifone or an answer it should not give: no secrets, only status and code. */
export function unavailable(what: string, answer: { status: number; code: number }) {
  const status = answer.status ? `HTTP ${answer.status}, ` : '';
  return new CardProviderUnavailableError(`Verifone ${what} failed (${status}code ${answer.code}).`);
}
