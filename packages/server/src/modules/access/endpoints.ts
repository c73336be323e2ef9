import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint, type Limit } from '../../endpoints/table.ts';
import type { AccessService } from './service.ts';

/**
 * Chip codes can be guessed (and free ones taken), and each call may send an SMS: ten
 * calls per member and endpoint in 15 minutes are plenty for fixing a typo. The limit runs
 * after the session check and the input validation, so it counts members, not tokens.
 */
const perMember: Limit = {
  max: 10,
  windowMs: 15 * 60_000,
  stage: 'handler',
  key: ({ auth, client }) => auth?.memberId ?? client.ip,
};

export function accessEndpoints(access: AccessService, session: Credential) {
  const options = { credential: session, limit: perMember };
  return {
    activateChip: defineEndpoint(endpoints.activateChip, {
      ...options,
      handle: ({ auth, body }) => access.activateChip(auth, body),
    }),
    reportLostChip: defineEndpoint(endpoints.reportLostChip, {
      ...options,
      handle: ({ auth, body }) => access.reportLostChip(auth, body),
    }),
    temporaryPin: defineEndpoint(endpoints.temporaryPin, {
      ...options,
      handle: ({ auth }) => access.temporaryPin(auth),
    }),
  };
}
