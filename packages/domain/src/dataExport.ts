import type { DataExport } from '@portal/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/*
 * "Download my data" (GDPR art. 15 and 20): how stored rows become the export file. The
 * server reads the rows from its database and assembles them here.
 */

type Row = Record<string, unknown>;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A stored row as the export shows it: snake_case names, instants as ISO strings. */
export function exportRow(row: object): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      snakeCase(key),
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

/** Links with a password-reset token keep working for an hour: the file must not carry them. */
export const withoutTokens = (text: string) => text.replace(/([?&]token=)[^\s&#]+/g, '$1[removed]');

/** The forms an SMS address of the member's mobile can take (as stored, and E.164). */
export function mobileAddresses(prefix: string, number: string): string[] {
  const digits = number.replace(/\D/g, '');
  const plus = prefix.replace(/^00/, '+');
  const e164 = parsePhoneNumberFromString(`${plus}${digits}`)?.number;
  return [...new Set([`${plus}${digits}`, ...(e164 ? [e164] : [])])];
}

/**
 * The addresses whose messages belong in the member's export: their e-mail address and
 * mobile number, unless another member holds that address too (the outbox knows
 * addresses, not members).
 */
export function exportAddresses(
  member: { email: string; mobilePrefix: string; mobileNumber: string },
  shared: { email: boolean; mobile: boolean },
): string[] {
  return [
    ...(shared.email ? [] : [member.email]),
    ...(shared.mobile ? [] : mobileAddresses(member.mobilePrefix, member.mobileNumber)),
  ];
}

/** Every row of the export, in the order the file lists them (each list already sorted). */
export interface DataExportRows {
  now: Date;
  /** The member's row without secrets (no password hash). */
  member: { gdprOptIn: boolean; gdprUpdatedAt: Date | null } & object;
  memberships: object[];
  keys: object[];
  chipOrders: object[];
  freezePeriods: object[];
  /** Without the provider's token and the card's fingerprint. */
  paymentMethods: object[];
  /** Without the full IBAN: the masked one only. */
  sepaMandates: object[];
  invoices: ({ id: string } & object)[];
  invoiceLines: ({ invoiceId: string } & object)[];
  payments: ({ id: string; invoiceId: string } & object)[];
  refunds: ({ paymentId: string | null } & object)[];
  checkIns: object[];
  /** Group-class bookings with the session's class, club and times (docs/classes.md). */
  classBookings: object[];
  /** Phones set up for entry: name and times, never the secret (ADR 042). */
  entryDevices: object[];
  events: object[];
  messages: ({ body: string } & object)[];
  phoneVerifications: object[];
  sessions: ({ id: string } & object)[];
  currentSessionId: string;
  passwordResets: object[];
}

export function assembleDataExport(rows: DataExportRows): DataExport {
  const { member } = rows;
  return {
    exported_at: rows.now.toISOString(),
    format_version: 1,
    member: exportRow(member),
    consents: {
      marketing: { opt_in: member.gdprOptIn, updated_at: member.gdprUpdatedAt?.toISOString() ?? null },
    },
    memberships: rows.memberships.map(exportRow),
    keys: rows.keys.map(exportRow),
    chip_orders: rows.chipOrders.map(exportRow),
    freeze_periods: rows.freezePeriods.map(exportRow),
    payment_methods: rows.paymentMethods.map(exportRow),
    sepa_mandates: rows.sepaMandates.map(exportRow),
    invoices: rows.invoices.map((invoice) => ({
      ...exportRow(invoice),
      lines: rows.invoiceLines.filter((l) => l.invoiceId === invoice.id).map(exportRow),
      payments: rows.payments
        .filter((p) => p.invoiceId === invoice.id)
        .map((p) => ({
          ...exportRow(p),
          refunds: rows.refunds.filter((r) => r.paymentId === p.id).map(exportRow),
        })),
    })),
    // Each check-in is a workout; the contract keeps the section's name.
    workouts: rows.checkIns.map(exportRow),
    class_bookings: rows.classBookings.map(exportRow),
    entry_devices: rows.entryDevices.map(exportRow),
    events: rows.events.map(exportRow),
    messages: rows.messages.map((m) => exportRow({ ...m, body: withoutTokens(m.body) })),
    phone_verifications: rows.phoneVerifications.map(exportRow),
    sessions: rows.sessions.map(({ id, ...times }) => ({
      ...exportRow(times),
      current: id === rows.currentSessionId,
    })),
    password_resets: rows.passwordResets.map(exportRow),
  };
}
