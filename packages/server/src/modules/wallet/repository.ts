import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { keys } from '../../db/schema.ts';

/** The membership's wallet keys not ended (one at most, written under the membership's lock). */
export function liveWalletKeys(ex: Executor, membershipId: string) {
  return ex
    .select({ id: keys.id, code: keys.code })
    .from(keys)
    .where(
      and(
        eq(keys.membershipId, membershipId),
        eq(keys.type, 'wallet'),
        eq(keys.status, 'active'),
        isNull(keys.endedAt),
      ),
    )
    .orderBy(asc(keys.createdAt));
}
