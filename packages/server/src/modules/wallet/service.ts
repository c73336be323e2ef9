import { ApiError, type GoogleWalletLink } from '@portal/contract';
import {
  checkChipServices,
  getOperator,
  walletKeyCode,
  type WalletPassContent,
  walletPassContent,
  walletUnavailableText,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { randomHex, randomUUID } from '../../platform/crypto.ts';
import { insertKey, updateKey } from '../access/repository.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';

function unavailable(locale: string) {
  return new ApiError(503, [{ type: 'wallet_unavailable', message: walletUnavailableText(locale) }]);
}

/**
 * Wallet passes (ADR 043, docs/access-and-pins.md "Wallet passes"): the membership card with
 * a static wallet code, a key of type `wallet` the door's rules treat like a chip. Signing
 * is the host's (ports.ts WalletPassSigner); without a signer the passes answer 503.
 */
export function createWalletService(deps: AppDeps) {
  const { db, clock } = deps;

  /**
   * The pass's content with the membership's wallet code, made on the first call under the
   * membership's lock (so two calls at once make one), for statuses that may hold a chip.
   */
  async function content(auth: AuthContext): Promise<WalletPassContent> {
    return db.transaction(async (tx) => {
      const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
      checkChipServices(state);
      let [key] = await repo.liveWalletKeys(tx, state.membership.id);
      if (!key) {
        key = { id: randomUUID(), code: walletKeyCode(randomHex(16)) };
        await insertKey(tx, {
          id: key.id,
          membershipId: state.membership.id,
          type: 'wallet',
          code: key.code,
          status: 'active',
          validFrom: state.today,
          validTo: null,
          origin: 'issued',
          createdAt: clock.now(),
        });
        await logMembershipChange(tx, clock, state, 'wallet_code_added', {});
      }
      return walletPassContent({
        serial: key.id,
        operatorId: state.operator.id,
        locale: state.member.locale,
        brand: state.operator.brand,
        organisation: state.operator.name,
        memberName: `${state.member.firstName} ${state.member.lastName}`,
        membershipNumber: state.membership.membershipNumber,
        homeClub: state.location.name,
        status: state.status,
        code: key.code,
      });
    });
  }

  return {
    /** GET /v1/membership/wallet/apple: the signed pkpass file. */
    async apple(auth: AuthContext): Promise<Uint8Array> {
      if (!deps.wallet) throw unavailable(getOperator(auth.operatorId).locales[0] ?? 'en');
      const pass = await content(auth);
      const file = await deps.wallet.apple(pass);
      if (!file) throw unavailable(pass.language);
      return file;
    },

    /** GET /v1/membership/wallet/google: the "Add to Google Wallet" link. */
    async google(auth: AuthContext): Promise<GoogleWalletLink> {
      if (!deps.wallet) throw unavailable(getOperator(auth.operatorId).locales[0] ?? 'en');
      const pass = await content(auth);
      const url = await deps.wallet.google(pass);
      if (!url) throw unavailable(pass.language);
      return { url };
    },

    /** DELETE /v1/membership/wallet: the wallet code opens nothing from now on (saved passes included). */
    async remove(auth: AuthContext): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth.memberId, clock, { forUpdate: true });
        const live = await repo.liveWalletKeys(tx, state.membership.id);
        if (live.length === 0) return;
        const now = clock.now();
        for (const key of live)
          await updateKey(tx, key.id, { status: 'inactive', validTo: state.today, endedAt: now });
        await logMembershipChange(tx, clock, state, 'wallet_code_removed', {});
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
