import type { DataExport } from '@portal/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../http/request-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { loadMembershipState } from '../membership/state.ts';
import * as repo from './repository.ts';

type Row = Record<string, unknown>;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A stored row as the export shows it: snake_case names, instants as ISO strings. */
function plain(row: object): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      snakeCase(key),
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

/** Links with a password-reset token keep working for an hour: the file must not carry them. */
const withoutTokens = (text: string) => text.replace(/([?&]token=)[^\s&#]+/g, '$1[removed]');

/** The forms an SMS address of the member's mobile can take (as stored, and E.164). */
function mobileAddresses(prefix: string, number: string): string[] {
  const digits = number.replace(/\D/g, '');
  const plus = prefix.replace(/^00/, '+');
  const e164 = parsePhoneNumberFromString(`${plus}${digits}`)?.number;
  return [...new Set([`${plus}${digits}`, ...(e164 ? [e164] : [])])];
}

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
        const state = await loadMembershipState(tx, auth.memberId, clock);
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
        const addresses = [
          ...(shared.email ? [] : [member.email]),
          ...(shared.mobile ? [] : mobileAddresses(member.mobilePrefix, member.mobileNumber)),
        ];
        const messages = await repo.exportMessages(tx, member.operatorId, addresses, member.createdAt);
        const sessions = await repo.exportSessions(tx, member.id);

        const data: DataExport = {
          exported_at: clock.now().toISOString(),
          format_version: 1,
          member: plain(member),
          consents: {
            marketing: { opt_in: member.gdprOptIn, updated_at: member.gdprUpdatedAt?.toISOString() ?? null },
          },
          memberships: memberships.map(plain),
          keys: (await repo.exportKeys(tx, membershipIds)).map(plain),
          chip_orders: (await repo.exportChipOrders(tx, membershipIds)).map(plain),
          freeze_periods: (await repo.exportFreezes(tx, membershipIds)).map(plain),
          payment_methods: (await repo.exportPaymentMethods(tx, member.id)).map(plain),
          invoices: invoices.map((invoice) => ({
            ...plain(invoice),
            lines: lines.filter((l) => l.invoiceId === invoice.id).map(plain),
            payments: payments
              .filter((p) => p.invoiceId === invoice.id)
              .map((p) => ({ ...plain(p), refunds: refunds.filter((r) => r.paymentId === p.id).map(plain) })),
          })),
          // Each check-in is a workout; the contract keeps the section's name.
          workouts: (await repo.exportCheckIns(tx, member.id)).map(plain),
          events: (await repo.exportEvents(tx, member.id)).map(plain),
          messages: messages.map((m) => plain({ ...m, body: withoutTokens(m.body) })),
          phone_verifications: (await repo.exportPhoneVerifications(tx, member.id)).map(plain),
          sessions: sessions.map(({ id, ...times }) => ({ ...plain(times), current: id === auth.sessionId })),
          password_resets: (await repo.exportPasswordResets(tx, member.id)).map(plain),
        };
        return { fileName: `member-data-${state.membership.membershipNumber}-${state.today}.json`, data };
      });
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
