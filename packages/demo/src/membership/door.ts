import type { OperatorId } from '@portal/contract';
import {
  type CheckInCandidate,
  checkInCandidate,
  decideCheckIn,
  getOperator,
  isRepeatCheckIn,
  normalizeDoorCode,
  todayIn,
} from '@portal/domain';
import type { DemoTables } from '../store.ts';

export type DoorCandidate = CheckInCandidate & { keyId: string; memberId: string };

/**
 * The operator's keys with this (normalised) code, newest first, each with its membership's
 * facts and clubs as domain decideCheckIn reads them (server: candidatesByCode). Used by
 * the door's handler and by the seed's check-ins.
 */
export function doorCandidates(tables: DemoTables, operatorId: string, code: string): DoorCandidate[] {
  return tables.keys
    .filter((k) => k.code === code)
    .flatMap((key) => {
      const membership = tables.memberships.find((m) => m.id === key.membershipId);
      const member = membership && tables.members.find((m) => m.id === membership.memberId);
      const product = membership && tables.products.find((p) => p.id === membership.productId);
      if (!membership || !member || !product || member.operatorId !== operatorId) return [];
      return [{ key, membership, memberId: member.id, clubs: product.locationIds }];
    })
    .sort(
      (a, b) =>
        b.key.validFrom.localeCompare(a.key.validFrom) ||
        b.key.createdAt.getTime() - a.key.createdAt.getTime(),
    )
    .map((row) => checkInCandidate(row, tables.freezePeriods));
}

/**
 * A fresh delivery as the door's use case judges it (server modules/workouts/check-ins.ts):
 * domain decideCheckIn on the code's candidates, and the check-in stored when it counts
 * (`repeat` and not stored when it repeats the member's check-in within domain
 * CHECK_IN_REPEAT_WINDOW_MS).
 * Used by the door's handler and by the seed's check-ins.
 */
export function storeCheckIn(
  tables: DemoTables,
  club: { id: string; operatorId: string },
  delivery: { checkInId: string; code: string; at: Date },
  now: Date,
) {
  const { timezone } = getOperator(club.operatorId as OperatorId);
  const candidates = doorCandidates(tables, club.operatorId, normalizeDoorCode(delivery.code));
  const decision = decideCheckIn(candidates, {
    clubId: club.id,
    at: delivery.at,
    day: todayIn(timezone, delivery.at),
    now,
  });
  if ('refusal' in decision) return decision;
  const { keyId, membershipId, memberId } = decision.accepted;
  // Anti-passback: a check-in of the member less than five minutes apart, at any club.
  const counted = tables.checkIns.filter((c) => c.memberId === memberId).map((c) => c.at);
  if (isRepeatCheckIn(delivery.at, counted)) return { ...decision, repeat: true as const };
  tables.checkIns.push({
    id: crypto.randomUUID(),
    locationId: club.id,
    checkInId: delivery.checkInId,
    memberId,
    membershipId,
    keyId,
    at: delivery.at,
    receivedAt: now,
  });
  return { ...decision, repeat: false as const };
}
