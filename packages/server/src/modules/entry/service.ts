import {
  ApiError,
  ENTRY_CODE,
  ENTRY_DEVICE_LIMIT,
  type EntryDevice,
  type EntryDeviceCreated,
  type EntryDeviceRequest,
} from '@portal/contract';
import {
  checkChipServices,
  type DoorRefusal,
  entryDeviceRefusalText,
  getOperator,
  matchEntryCode,
  newEntrySecret,
  phoneKeyCode,
} from '@portal/domain';
import type { Executor } from '../../db/executor.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound, ruleViolation } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState } from '../membership/state.ts';
import { insertKey, updateKey } from '../access/repository.ts';
import { randomHex, randomUUID } from '../../platform/crypto.ts';
import { secretBox } from '../../platform/secret-box.ts';
import * as repo from './repository.ts';

/** 503 while the server has no entry code key (production without ENTRY_CODE_KEY). */
function unavailable(locale: string) {
  return new ApiError(503, [
    { type: 'phone_entry_unavailable', message: entryDeviceRefusalText(locale, 'phone_entry_unavailable') },
  ]);
}

/** What a door's phone code comes to: the key code to count it under, or a refusal. */
export type PhoneCodeCheck =
  | { keyCode: string; deviceId: string; period: number | null }
  | { refusal: DoorRefusal }
  | { unavailable: true };

/**
 * Phone entry (ADR 042, docs/access-and-pins.md): devices set up with a TOTP secret that the
 * phone keeps and the server stores sealed under ENTRY_CODE_KEY; each device has a key row
 * of type `phone`, so its check-ins follow the chip's rules.
 */
export function createEntryService(deps: AppDeps) {
  const { db, clock } = deps;
  const box = deps.config.entryCodeKey ? secretBox(deps.config.entryCodeKey) : null;

  return {
    /** POST /v1/membership/entry_devices: the one answer that carries the secret. */
    async create(auth: AuthContext, request: EntryDeviceRequest): Promise<EntryDeviceCreated> {
      if (!box) throw unavailable(getOperator(auth.operatorId).locales[0] ?? 'en');
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        checkChipServices(state);
        const devices = await repo.listDevices(tx, auth.memberId);
        if (devices.length >= ENTRY_DEVICE_LIMIT) {
          throw ruleViolation(
            'entry_device_limit',
            entryDeviceRefusalText(state.member.locale, 'entry_device_limit'),
            {
              limit: ENTRY_DEVICE_LIMIT,
            },
          );
        }
        const deviceId = randomHex(16);
        const secret = newEntrySecret();
        const keyId = randomUUID();
        const now = clock.now();
        await insertKey(tx, {
          id: keyId,
          membershipId: state.membership.id,
          type: 'phone',
          code: phoneKeyCode(deviceId),
          status: 'active',
          validFrom: state.today,
          validTo: null,
          origin: 'issued',
          createdAt: now,
        });
        await repo.insertDevice(tx, {
          id: deviceId,
          keyId,
          membershipId: state.membership.id,
          memberId: auth.memberId,
          name: request.name,
          secretSealed: await box.seal(secret, deviceId),
          createdAt: now,
        });
        await logMembershipChange(tx, clock, state, 'entry_device_added', { device_id: deviceId });
        return { device_id: deviceId, secret, ...ENTRY_CODE };
      });
    },

    async list(auth: AuthContext): Promise<EntryDevice[]> {
      const rows = await repo.listDevices(db, auth.memberId);
      return rows.map((row) => ({
        device_id: row.id,
        name: row.name,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** DELETE /v1/membership/entry_devices/{id}: its code opens nothing from now on. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const device = await repo.findOwnDevice(tx, auth.memberId, id);
        if (!device) throw notFound('No such device.');
        const now = clock.now();
        await repo.markRemoved(tx, device.id, now);
        await updateKey(tx, device.keyId, { status: 'inactive', validTo: state.today, endedAt: now });
        await logMembershipChange(tx, clock, state, 'entry_device_removed', { device_id: device.id });
      });
    },

    /**
     * A door's phone code in the door's transaction: the device of the club's operator,
     * locked; its digits those of the period of `at` or the one before, later than the last
     * period that opened a door. A check-in id already stored is answered as stored.
     */
    async checkDoorCode(
      tx: Executor,
      operatorId: string,
      code: { deviceId: string; digits: string },
      at: Date,
      storedAlready: boolean,
    ): Promise<PhoneCodeCheck> {
      const found = await repo.lockDeviceForDoor(tx, operatorId, code.deviceId);
      if (!found) return { refusal: 'unknown_code' };
      const { device, keyCode } = found;
      if (storedAlready || device.removedAt) return { keyCode, deviceId: device.id, period: null };
      if (!box) return { unavailable: true };
      const secret = await box.open(device.secretSealed, device.id);
      if (!secret) return { refusal: 'entry_code_invalid' };
      const match = matchEntryCode(secret, code.digits, at, device.lastPeriod);
      if ('refusal' in match)
        return { refusal: match.refusal === 'wrong_code' ? 'entry_code_invalid' : match.refusal };
      return { keyCode, deviceId: device.id, period: match.period };
    },

    markUsed: (tx: Executor, deviceId: string, period: number, at: Date) =>
      repo.markUsed(tx, deviceId, period, at),
  };
}

export type EntryService = ReturnType<typeof createEntryService>;
