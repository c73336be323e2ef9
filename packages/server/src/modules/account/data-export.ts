import type { DataExport } from '@portal/contract';
import { assembleDataExport, exportAddresses } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';

export function createDataExportService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    /**
     * Everything stored about the signed-in member, and the export itself logged as an
     * event. Messages are the operator's messages to the member's current e-mail address
     * and mobile number since they became a member, unless another member holds that
     * address too (the outbox knows addresses, not members).
     */
    async export(auth: AuthContext): Promise<{ fileName: string; data: DataExport }> {
      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock);
        await logMembershipChange(tx, clock, state, 'data_export', { format_version: 1 });
        const member = await repo.exportMember(tx, auth.memberId);
        if (!member) throw notFound('No member.');

        const memberships = await repo.exportMemberships(tx, member.id);
        const membershipIds = memberships.map((m) => m.id);
        const invoices = await repo.exportInvoices(tx, member.id);
        const invoiceIds = invoices.map((i) => i.id);
        const [lines, payments, refunds] = [
          await repo.exportInvoiceLines(tx, invoiceIds),
          await repo.exportPayments(tx, invoiceIds),
          await repo.exportRefunds(tx, member.id),
        ];
        const shared = await repo.addressesHeldByOthers(tx, member);
        const addresses = exportAddresses(member, shared);
        const messages = await repo.exportMessages(tx, member.operatorId, addresses, member.createdAt);
        const data = assembleDataExport({
          now: clock.now(),
          member,
          memberships,
          keys: await repo.exportKeys(tx, membershipIds),
          chipOrders: await repo.exportChipOrders(tx, membershipIds),
          freezePeriods: await repo.exportFreezes(tx, membershipIds),
          paymentMethods: await repo.exportPaymentMethods(tx, member.id),
          sepaMandates: await repo.exportSepaMandates(tx, member.id),
          invoices,
          invoiceLines: lines,
          payments,
          refunds,
          checkIns: await repo.exportCheckIns(tx, member.id),
          classBookings: await repo.exportClassBookings(tx, member.id),
          entryDevices: await repo.exportEntryDevices(tx, member.id),
          events: await repo.exportEvents(tx, member.id),
          messages,
          phoneVerifications: await repo.exportPhoneVerifications(tx, member.id),
          sessions: await repo.exportSessions(tx, member.id),
          currentSessionId: auth.sessionId,
          passwordResets: await repo.exportPasswordResets(tx, member.id),
        });
        return { fileName: `member-data-${state.membership.membershipNumber}-${state.today}.json`, data };
      });
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
