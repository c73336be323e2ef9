import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { locations, memberships } from '../../db/schema.ts';

const club = {
  id: locations.id,
  name: locations.name,
  openingDate: locations.openingDate,
  closingDate: locations.closingDate,
};

/** The list to choose from also says where each club is and when it is open. */
export function listOperatorClubs(ex: Executor, operatorId: string) {
  return ex
    .select({ ...club, address: locations.address, openingHours: locations.openingHours })
    .from(locations)
    .where(eq(locations.operatorId, operatorId))
    .orderBy(asc(locations.name));
}

/** A club of this operator; another operator's club is as unknown as a made-up id. */
export async function findOperatorClub(ex: Executor, operatorId: string, id: string) {
  const [row] = await ex
    .select(club)
    .from(locations)
    .where(and(eq(locations.operatorId, operatorId), eq(locations.id, id)))
    .limit(1);
  return row;
}

export async function setMembershipClub(ex: Executor, membershipId: string, locationId: string) {
  await ex.update(memberships).set({ locationId }).where(eq(memberships.id, membershipId));
}
