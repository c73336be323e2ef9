import type { MembershipChange } from '@portal/domain';
import { deleteScheduledFreezeInvoices, updateFreezeDates } from '../lifecycle/freezes.ts';
import type { DemoStore } from '../store.ts';
import { scheduleCharge } from './billing.ts';
import { logMembershipChange } from './events.ts';
import { sendBrandedMail } from './outbox.ts';
import type { MembershipState } from './state.ts';

/**
 * Writes a change a domain use case decided (ADR 028) onto the demo's tables, as the
 * server's applyChange (membership/apply-change.ts) writes it, in MembershipChange's order.
 */
export function applyChange(store: DemoStore, state: MembershipState, change: MembershipChange): void {
  const { member, operator } = state;
  if (change.consent !== undefined) {
    const at = store.now();
    Object.assign(member, { gdprOptIn: change.consent, gdprUpdatedAt: at, updatedAt: at });
  }
  if (change.membership) Object.assign(state.membership, change.membership);
  if (change.newFreeze) {
    const { id, begin_date, end_date } = change.newFreeze;
    store.tables.freezePeriods.push({
      id,
      membershipId: state.membership.id,
      beginDate: begin_date,
      endDate: end_date,
      cancelDate: null,
      createdAt: store.now(),
    });
  }
  for (const { id, dates } of change.freezes ?? []) {
    updateFreezeDates(store, id, dates);
    deleteScheduledFreezeInvoices(store, member.id, id, state.today);
  }
  for (const charge of change.charges ?? [])
    scheduleCharge(store, { ...charge, memberId: member.id, operator });
  if (change.event) {
    const { action, details, status } = change.event;
    logMembershipChange(store, state, action, details, status);
  }
  for (const { to, mail } of change.mails ?? []) sendBrandedMail(store, operator, to, mail, member.id);
}
