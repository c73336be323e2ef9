import { randomUUID } from 'node:crypto';
import type { ActivatedChip, ChipCodeRequest, TemporaryPinIssued } from '@portal/contract';
import {
  type AccessRefusal,
  accessRefusalMessage,
  activeChip,
  canUseChipServices,
  FORGOTTEN_CHIP_PIN_VALIDITY,
  maskedMobile,
  normalizeChipCode,
  temporaryPinValidTo,
} from '@portal/domain';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { ruleViolation } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { scheduleCharge } from '../membership/billing.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState, type MembershipState } from '../membership/state.ts';
import { currentKeys, issueTemporaryPin, keyAsOfToday, type StoredKey } from './keys.ts';
import { mailChipActivated, mailChipLost, smsForgottenChipPin, smsLostChipPin } from './notify.ts';
import * as repo from './repository.ts';

/** A 422 of this area, its message in the member's language. */
function refusal(state: MembershipState, type: AccessRefusal, context?: Record<string, unknown>) {
  return ruleViolation(type, accessRefusalMessage(state.member.locale, type, state.status), context);
}

/** Loads and locks the membership (ADR 006) and checks the statuses of spec section 2. */
async function lockForAccess(ex: Executor, deps: AppDeps, memberId: string) {
  const state = await loadMembershipState(ex, memberId, deps.clock, { forUpdate: true });
  if (!canUseChipServices(state.status)) {
    throw refusal(state, 'invalid_status_for_access', { status: state.status });
  }
  return { state, keys: await currentKeys(ex, state) };
}

const asActivated = (k: StoredKey): ActivatedChip => ({
  type: k.type,
  code: k.code,
  valid_from: k.valid_from,
  valid_to: k.valid_to,
});

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
        const { state, keys } = await lockForAccess(tx, deps, auth.memberId);
        const existing = await repo.findChipByCode(tx, code);
        if (existing && existing.membershipId !== state.membership.id) {
          throw refusal(state, 'chip_already_assigned');
        }
        const own = existing && keys.find((k) => k.id === existing.id);
        if (own?.status === 'active') return asActivated(own);

        const chipId = own?.id ?? randomUUID();
        if (own) {
          if (await repo.hasChipOrder(tx, own.id)) throw refusal(state, 'chip_reported_lost');
          await repo.updateKey(tx, own.id, {
            status: 'active',
            validFrom: state.today,
            validTo: null,
            endedAt: null,
          });
        } else {
          const inserted = await repo.insertKey(tx, {
            id: chipId,
            membershipId: state.membership.id,
            type: 'rfid',
            code,
            status: 'active',
            validFrom: state.today,
            validTo: null,
            origin: 'issued',
            createdAt: clock.now(),
          });
          if (!inserted) throw refusal(state, 'chip_already_assigned');
        }
        const ended = keys.filter((k) => k.id !== chipId && k.status !== 'inactive').map((k) => k.id);
        await repo.endKeys(tx, ended, state.today, clock.now());
        await logMembershipChange(tx, clock, state, 'chip_activated', {
          key_id: chipId,
          ended_key_ids: ended,
        });
        await mailChipActivated(tx, mailer, state, code, ended.length > 0);
        return asActivated(
          keyAsOfToday(state, {
            id: chipId,
            origin: 'issued',
            type: 'rfid',
            code,
            status: 'active',
            valid_from: state.today,
            valid_to: null,
          }),
        );
      });
    },

    /**
     * DELETE /v1/membership/rfids: blocks the member's active chip, orders a replacement
     * (fee 0, spec section 9) and sends a temporary PIN by SMS. Reporting the same chip
     * again does nothing and succeeds, so a second request never sends a second PIN.
     */
    async reportLostChip(auth: AuthContext, request: ChipCodeRequest): Promise<void> {
      const code = normalizeChipCode(request.code);
      await db.transaction(async (tx) => {
        const { state, keys } = await lockForAccess(tx, deps, auth.memberId);
        const chip = keys.find((k) => k.type === 'rfid' && k.code === code);
        if (chip?.status !== 'active') {
          // The member's chip already reported lost: done before, nothing is sent again.
          if (chip && (await repo.hasChipOrder(tx, chip.id))) return;
          throw refusal(state, 'key_not_assigned');
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
        await logMembershipChange(tx, clock, state, 'chip_reported_lost', {
          key_id: chip.id,
          chip_order_id: orderId,
          temporary_pin_id: pin.id,
          temporary_pin_valid_to: pin.valid_to,
        });
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
        const { state, keys } = await lockForAccess(tx, deps, auth.memberId);
        const fee = state.operator.forgottenChipSmsFee;
        const answer = (pin: StoredKey, alreadyIssued: boolean): TemporaryPinIssued => ({
          valid_from: pin.valid_from,
          valid_to: pin.valid_to ?? pin.valid_from,
          fee: fee?.amount ?? null,
          sent_to: maskedMobile({ prefix: state.member.mobilePrefix, number: state.member.mobileNumber }),
          already_issued: alreadyIssued,
        });
        const earlier = keys.find((k) => k.origin === 'forgotten_chip' && k.valid_from === state.today);
        if (earlier) return answer(earlier, true);
        if (!activeChip(keys)) throw refusal(state, 'no_active_chip');

        const validTo = temporaryPinValidTo(FORGOTTEN_CHIP_PIN_VALIDITY, state.today);
        const pin = await issueTemporaryPin(tx, clock, state, keys, 'forgotten_chip', validTo);
        if (fee) {
          await scheduleCharge(tx, {
            memberId: state.member.id,
            operator: state.operator,
            invoiceDate: state.today,
            amount: fee.amount,
            type: 'add_on_fee',
            productId: pin.id,
            concept: 'Temporary PIN by SMS (forgotten chip)',
            period: { from: state.today, to: state.today },
            createdAt: clock.now(),
          });
        }
        await logMembershipChange(tx, clock, state, 'temporary_pin_issued', {
          temporary_pin_id: pin.id,
          valid_to: validTo,
          fee: fee?.amount ?? null,
        });
        await smsForgottenChipPin(tx, sms, state, pin.code, fee);
        return answer(pin, false);
      });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
