import type { MembershipChange } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import { memberships } from '../../db/schema.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { setMarketingConsent } from '../consents/repository.ts';
import { deleteScheduledFreezeInvoices, insertFreeze, updateFreezeDates } from '../freeze/repository.ts';
import { scheduleCharge } from './billing.ts';
import { logMembershipChange } from './changes.ts';
import { sendMailTo } from './notifications.ts';
import type { MembershipState } from './state.ts';

/**
 * Writes a change a domain use case decided (ADR 028) in the caller's transaction, on a
 * membership it loaded (and locked), in MembershipChange's order.
 */
export async function applyChange(
  tx: Executor,
  deps: { clock: Clock; mailer: Mailer },
  state: MembershipState,
  change: MembershipChange,
): Promise<void> {
  const { clock, mailer } = deps;
  const { member, operator } = state;
  if (change.consent !== undefined) await setMarketingConsent(tx, member.id, change.consent, clock.now());
  if (change.membership) {
    await tx.update(memberships).set(change.membership).where(eq(memberships.id, state.membership.id));
  }
  if (change.newFreeze) {
    const { id, begin_date, end_date } = change.newFreeze;
    await insertFreeze(tx, {
      id,
      membershipId: state.membership.id,
      beginDate: begin_date,
      endDate: end_date,
      cancelDate: null,
      createdAt: clock.now(),
    });
  }
  for (const { id, dates } of change.freezes ?? []) {
    await updateFreezeDates(tx, id, dates);
    await deleteScheduledFreezeInvoices(tx, member.id, id, state.today);
  }
  for (const charge of change.charges ?? []) {
    await scheduleCharge(tx, { ...charge, memberId: member.id, operator, createdAt: clock.now() });
  }
  if (change.event) {
    const { action, details, status } = change.event;
    await logMembershipChange(tx, clock, state, action, details, status);
  }
  for (const { to, mail } of change.mails ?? []) await sendMailTo(tx, mailer, operator, to, mail);
}
