import type { ActivatedChip, ChipCodeRequest, TemporaryPinIssued } from '@portal/contract';
import {
  accessRefusal,
  asActivated,
  chipActivated,
  checkChipServices,
  forgottenChipPin,
  forgottenChipPinIssued,
  lostChipEvent,
  newChipRow,
  normalizeChipCode,
  temporaryPinAnswer,
  temporaryPinValidTo,
} from '@portal/domain';
import type { Executor } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { scheduleCharge } from '../membership/billing.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState } from '../membership/state.ts';
import { currentKeys, issueTemporaryPin } from './keys.ts';
import { mailChipActivated, mailChipLost, smsForgottenChipPin, smsLostChipPin } from './notify.ts';
import * as repo from './repository.ts';
import { randomUUID } from '../../platform/crypto.ts';

/** Loads and locks the membership (ADR 006) and checks the statuses that may use chips (`CHIP_STATUSES`). */
async function lockForAccess(ex: Executor, deps: AppDeps, auth: AuthContext) {
  const state = await loadMembershipState(ex, auth, deps.clock, { forUpdate: true });
  checkChipServices(state);
  return { state, keys: await currentKeys(ex, state) };
}

export function createAccessService(deps: AppDeps) {
  const { db, clock, mailer, sms } = deps;

  return {
    /**
     * PUT /v1/membership/rfids: activates the chip with this code. A code another
     * membership holds is refused without saying whose; the member's own active chip is
     * answered as it is. The new chip ends the previous chip and every PIN in use.
     */
    async activateChip(auth: AuthContext, request: ChipCodeRequest): Promise<ActivatedChip> {
      const code = normalizeChipCode(request.code);
      return db.transaction(async (tx) => {
        const { state, keys } = await lockForAccess(tx, deps, auth);
        const existing = await repo.findChipByCode(tx, code);
        if (existing && existing.membershipId !== state.membership.id) {
          throw accessRefusal(state, 'chip_already_assigned');
        }
        const own = existing && keys.find((k) => k.id === existing.id);
        if (own?.status === 'active') return asActivated(own);

        const chipId = own?.id ?? randomUUID();
        if (own) {
          if (await repo.hasChipOrder(tx, own.id)) throw accessRefusal(state, 'chip_reported_lost');
          await repo.updateKey(tx, own.id, {
            status: 'active',
            validFrom: state.today,
            validTo: null,
            endedAt: null,
          });
        } else {
          const row = newChipRow(state.membership.id, code, chipId, state.today, clock.now());
          const inserted = await repo.insertKey(tx, row);
          if (!inserted) throw accessRefusal(state, 'chip_already_assigned');
        }
        const { ended, event, answer } = chipActivated(state, keys, chipId, code);
        await repo.endKeys(tx, ended, state.today, clock.now());
        await logMembershipChange(tx, clock, state, event.action, event.details);
        await mailChipActivated(tx, mailer, state, code, ended.length > 0);
        return answer;
      });
    },

    /**
     * DELETE /v1/membership/rfids: blocks the member's active chip, orders a replacement
     * (fee 0: paid at the club) and sends a temporary PIN by SMS. Reporting the same chip
     * again does nothing and succeeds, so a second request never sends a second PIN.
     */
    async reportLostChip(auth: AuthContext, request: ChipCodeRequest): Promise<void> {
      const code = normalizeChipCode(request.code);
      await db.transaction(async (tx) => {
        const { state, keys } = await lockForAccess(tx, deps, auth);
        const chip = keys.find((k) => k.type === 'rfid' && k.code === code);
        if (chip?.status !== 'active') {
          // The member's chip already reported lost: done before, nothing is sent again.
          if (chip && (await repo.hasChipOrder(tx, chip.id))) return;
          throw accessRefusal(state, 'key_not_assigned');
        }

        await repo.endKeys(tx, [chip.id], state.today, clock.now());
        const orderId = randomUUID();
        await repo.insertChipOrder(tx, {
          id: orderId,
          membershipId: state.membership.id,
          lostKeyId: chip.id,
          fee: 0,
          createdAt: clock.now(),
        });
        const validTo = temporaryPinValidTo(state.operator.temporaryPinValidity, state.today);
        const pin = await issueTemporaryPin(tx, clock, state, keys, 'lost_chip', validTo);
        const event = lostChipEvent(chip.id, orderId, pin);
        await logMembershipChange(tx, clock, state, event.action, event.details);
        await smsLostChipPin(tx, sms, state, pin.code, pin.valid_to ?? validTo);
        await mailChipLost(tx, mailer, state, chip.code, pin.valid_to ?? validTo);
      });
    },

    /**
     * POST /v1/membership/temporary_pin (forgotten chip): a PIN for today by SMS, billed
     * with the operator's SMS fee. One a day: a second request answers with the first one
     * (already_issued) and sends and bills nothing.
     */
    async temporaryPin(auth: AuthContext): Promise<TemporaryPinIssued> {
      return db.transaction(async (tx) => {
        const { state, keys } = await lockForAccess(tx, deps, auth);
        const asked = forgottenChipPin(state, keys);
        if ('earlier' in asked) return temporaryPinAnswer(state, asked.earlier, true);
        const pin = await issueTemporaryPin(tx, clock, state, keys, 'forgotten_chip', asked.validTo);
        const { charges, event } = forgottenChipPinIssued(state, pin.id, asked.validTo);
        for (const charge of charges) {
          await scheduleCharge(tx, {
            ...charge,
            memberId: state.member.id,
            operator: state.operator,
            createdAt: clock.now(),
          });
        }
        await logMembershipChange(tx, clock, state, event.action, event.details);
        await smsForgottenChipPin(tx, sms, state, pin.code, state.operator.forgottenChipSmsFee);
        return temporaryPinAnswer(state, pin, false);
      });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
