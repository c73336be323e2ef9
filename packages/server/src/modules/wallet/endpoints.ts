import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint, type Limit } from '../../endpoints/table.ts';
import type { WalletService } from './service.ts';

/** Signing a pass costs a moment of CPU: twenty passes per member in 15 minutes are plenty. */
const perMember: Limit = {
  max: 20,
  windowMs: 15 * 60_000,
  stage: 'handler',
  key: ({ auth, client }) => auth?.memberId ?? client.ip,
};

export function walletEndpoints(wallet: WalletService, session: Credential) {
  return {
    appleWalletPass: defineEndpoint(endpoints.appleWalletPass, {
      credential: session,
      limit: perMember,
      handle: ({ auth }) => wallet.apple(auth),
    }),
    googleWalletPass: defineEndpoint(endpoints.googleWalletPass, {
      credential: session,
      limit: perMember,
      handle: ({ auth }) => wallet.google(auth),
    }),
    removeWalletCode: defineEndpoint(endpoints.removeWalletCode, {
      credential: session,
      limit: perMember,
      handle: ({ auth }) => wallet.remove(auth),
    }),
  };
}
