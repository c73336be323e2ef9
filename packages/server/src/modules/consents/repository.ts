import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { members } from '../../db/schema.ts';

export async function setMarketingConsent(ex: Executor, memberId: string, optIn: boolean, at: Date) {
  await ex
    .update(members)
    .set({ gdprOptIn: optIn, gdprUpdatedAt: at, updatedAt: at })
    .where(eq(members.id, memberId));
}
