import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { unauthorized } from '../../http/errors.ts';
import type { AuthService } from './service.ts';

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,512}) *$/i;

function bearerToken(authorization: string | undefined): string {
  const match = BEARER.exec(authorization ?? '');
  if (!match) throw unauthorized();
  return match[1]!;
}

const invalidSession = () =>
  unauthorized('The session is not valid (signed out, expired or unknown). Sign in again.');

/** The credential of `auth: true` endpoints: a live session from `Authorization: Bearer <token>`, else 401. */
export function sessionCredential(auth: AuthService): Credential {
  return {
    kind: 'session',
    async check(authorization) {
      const session = await auth.resolve(bearerToken(authorization));
      if (!session) throw invalidSession();
      return { session, read: undefined };
    },
  };
}

/** What a read that checks the session itself gives: the session and the endpoint's data. */
export interface SessionRead<T> {
  session: AuthContext;
  data: T;
}

/**
 * The session credential for an endpoint whose read joins the session in, so that a request
 * costs one round trip instead of two (GET /v2/membership, docs/performance.md). `read`
 * answers null when there is no live session; like findLiveSession it asks the database on
 * every request, so a sign-out counts at once on every instance. The use case gets the data
 * as `read`.
 */
export function sessionCredentialWith<T>(
  auth: AuthService,
  read: (hash: string, now: Date) => Promise<SessionRead<T> | null>,
): Credential<T> {
  return {
    kind: 'session',
    async check(authorization) {
      const result = await auth.resolveWith(bearerToken(authorization), read);
      if (!result) throw invalidSession();
      return { session: result.session, read: result.data };
    },
  };
}

/** Reset mails and token tries, per address (the plugin's key: an IPv6 address by its subnet). */
const perAddress = { max: 30, windowMs: 15 * 60_000, stage: 'request' } as const;

export function authEndpoints(auth: AuthService, session: Credential) {
  return {
    // The sign-in limits answer 429 (ADR 005).
    authenticate: defineEndpoint(endpoints.authenticate, {
      ownLimits: true,
      handle: ({ body, client }) => auth.authenticate(body, client.ip, client.userAgent),
    }),
    // Reset mails are limited per IP so the endpoint cannot be used to flood inboxes.
    resetPassword: defineEndpoint(endpoints.resetPassword, {
      limit: perAddress,
      handle: ({ body }) => auth.requestReset(body),
    }),
    // Tokens cannot be guessed, but each try costs a lookup (and a hash when it is right).
    updatePassword: defineEndpoint(endpoints.updatePassword, {
      limit: perAddress,
      handle: ({ body, client }) => auth.updatePassword(body, client.ip, client.acceptLanguage),
    }),
    signOut: defineEndpoint(endpoints.signOut, {
      credential: session,
      handle: ({ auth: signedIn }) => auth.signOut(signedIn),
    }),
  };
}
