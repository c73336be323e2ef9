import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint, type Limit } from '../../endpoints/table.ts';
import { rateLimited } from '../../http/errors.ts';
import type { ProfileService } from './service.ts';

/**
 * Request limits per member (docs/security.md, finding 8), on top of the send limits per member
 * and number in the database (ADR 007): each phone_verify call may send an SMS, and each
 * profile save may check a code. Counted after the session check, so they count members,
 * not tokens; in Redis when REDIS_URL is set, so every process shares them.
 */
const perMember = (max: number): Limit => ({
  max,
  windowMs: 15 * 60_000,
  stage: 'handler',
  key: ({ auth, client }) => auth?.memberId ?? client.ip,
  refusal: rateLimited,
});

export function profileEndpoints(profile: ProfileService, session: Credential) {
  return {
    phonePrefixes: defineEndpoint(endpoints.phonePrefixes, {
      credential: session,
      handle: ({ auth }) => profile.prefixes(auth),
    }),
    verifyPhone: defineEndpoint(endpoints.verifyPhone, {
      credential: session,
      limit: perMember(10),
      handle: ({ auth, body }) => profile.sendCode(auth, body),
    }),
    updateProfile: defineEndpoint(endpoints.updateProfile, {
      credential: session,
      limit: perMember(30),
      handle: ({ auth, body }) => profile.update(auth, body),
    }),
  };
}
