import { sha256Hex } from '../../platform/crypto.ts';
import { CardProviderUnavailableError } from './unavailable.ts';

/** Card provider error 100 (unexpected) and 170 (API timeout) of `CARD_PROVIDER_ERRORS`. */
export const UNEXPECTED_ERROR = 100;
export const API_TIMEOUT = 170;

/** Nets Easy's Payment API, from the environment only (docs/payments.md, "Nets Easy"). */
export interface NetsEasyLiveSettings {
  /** https://api.dibspayment.eu (live) or https://test.api.dibspayment.eu (test). */
  apiUrl: string;
  /** The merchant's secret API key, sent as the `Authorization` header as it is. */
  secretKey: string;
  /** The operator's terms page, which the hosted payment page links to (Nets requires it). */
  termsUrl: string;
  timeoutMs: number;
}

export type NetsAnswer =
  | { ok: true; status: number; body: Record<string, unknown> }
  | { ok: false; status: number; code: number };

/** Nets answers errors as `{ errors: { field: [text] } }` or `{ message, code }`: only the status is kept. */
function errorCode(status: number): number {
  if (status === 400) return 107;
  if (status === 401 || status === 403) return 116;
  if (status === 404) return 109;
  if (status === 402) return 121;
  if (status === 504) return API_TIMEOUT;
  return UNEXPECTED_ERROR;
}

/**
 * The `Idempotency-Key` of a charge or refund, from our reference: the same request sent
 * again (a retried transaction, a second post) is processed once by Nets.
 */
export function netsIdempotencyKey(reference: string): string {
  return sha256Hex(`portal:nets:${reference}`).slice(0, 64);
}

/** Nets' order reference holds 128 characters; ours are shorter, longer ones are shortened stably. */
export function netsReference(reference: string): string {
  return reference.length <= 128 ? reference : `ref-${sha256Hex(reference).slice(0, 60)}`;
}

/** HTTP with the secret key, a timeout, and answers without secrets or Nets' messages. */
export function netsEasyClient(settings: NetsEasyLiveSettings, fetchImpl: typeof fetch) {
  return async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotency?: string,
  ): Promise<NetsAnswer> {
    const headers: Record<string, string> = {
      authorization: settings.secretKey,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotency) headers['idempotency-key'] = idempotency;
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
      parsed = response.status === 204 ? {} : await response.json();
    } catch {
      parsed = null;
    }
    if (!response.ok) return { ok: false, status: response.status, code: errorCode(response.status) };
    if (typeof parsed !== 'object' || parsed === null) {
      return { ok: false, status: response.status, code: UNEXPECTED_ERROR };
    }
    return { ok: true, status: response.status, body: parsed as Record<string, unknown> };
  };
}

export type NetsCall = ReturnType<typeof netsEasyClient>;

/** A failure to reach Nets or an answer it should not give: no secrets, only status and code. */
export function netsUnavailable(what: string, answer: { status: number; code: number }) {
  const status = answer.status ? `HTTP ${answer.status}, ` : '';
  return new CardProviderUnavailableError(`Nets Easy ${what} failed (${status}code ${answer.code}).`);
}
