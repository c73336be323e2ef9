import type { Locale, OperatorId } from '@portal/contract';
import { acceptedLanguages, getOperator, offeredLocale } from '@portal/domain';

/** The signed-in member behind a bearer token. */
export interface AuthContext {
  sessionId: string;
  memberId: string;
  operatorId: OperatorId;
  /**
   * The language this request asked for: the first of its `Accept-Language` that the
   * operator offers, or null (then the member's stored locale): `requestLocale` below.
   */
  locale?: Locale | null;
}

/**
 * A session with the language of the request that carried it, set by each host (Fastify's
 * route and `dispatch`) as soon as the session is known: the one place a request's language
 * is chosen (docs/architecture.md, "The member's language").
 */
export function withRequestLocale<S extends AuthContext>(session: S, acceptLanguage: string | undefined): S {
  const offered = getOperator(session.operatorId).locales;
  return { ...session, locale: offeredLocale(offered, acceptedLanguages(acceptLanguage)) };
}

/** The locale a request's texts are written in: its own language, else the member's stored one. */
export function requestLocale(auth: Pick<AuthContext, 'locale'> | null | undefined, stored: string): string {
  return auth?.locale ?? stored;
}
