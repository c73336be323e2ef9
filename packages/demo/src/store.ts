import type { OperatorId } from '@portal/contract';
// The demo's tables are the server's tables: the same rows, in memory (types only; no
// server code reaches the browser). A handler reads and writes them as the server's
// repositories read and write the database.
import type * as schema from '@portal/db-schema';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export interface DemoTables {
  locations: Row<typeof schema.locations>[];
  products: Row<typeof schema.products>[];
  members: Row<typeof schema.members>[];
  memberships: Row<typeof schema.memberships>[];
  keys: Row<typeof schema.keys>[];
  chipOrders: Row<typeof schema.chipOrders>[];
  phoneVerifications: Row<typeof schema.phoneVerifications>[];
  freezePeriods: Row<typeof schema.freezePeriods>[];
  paymentMethods: Row<typeof schema.paymentMethods>[];
  invoices: Row<typeof schema.invoices>[];
  invoiceLines: Row<typeof schema.invoiceLines>[];
  payments: Row<typeof schema.payments>[];
  refunds: Row<typeof schema.refunds>[];
  clubClosures: Row<typeof schema.clubClosures>[];
  cardCheckouts: Row<typeof schema.cardCheckouts>[];
  cancellationDeclarations: Row<typeof schema.cancellationDeclarations>[];
  checkIns: Row<typeof schema.checkIns>[];
  referralPromotions: Row<typeof schema.referralPromotions>[];
  events: Row<typeof schema.events>[];
  passwordResetTokens: Row<typeof schema.passwordResetTokens>[];
  highlights: Row<typeof schema.highlights>[];
  articles: Row<typeof schema.articles>[];
  ptPackages: Row<typeof schema.ptPackages>[];
  ptTrainers: Row<typeof schema.ptTrainers>[];
  ptPurchases: Row<typeof schema.ptPurchases>[];
  ptBookings: Row<typeof schema.ptBookings>[];
}

export type TableName = keyof DemoTables;

/** What the server would have sent by e-mail or SMS; the demo shows it instead (no SMS leaves). */
export interface DemoMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  memberId: string | null;
  createdAt: Date;
}

export interface DemoSession {
  memberId: string;
  operatorId: OperatorId;
  /** When it began and ends, as the server's sessions row (the data export lists them). */
  createdAt?: Date;
  expiresAt?: Date;
  /** The session's opaque id and device label, as the server's row (signed-in devices list). */
  id?: string;
  device?: string | null;
  lastSeenAt?: Date;
}

/** One browser tab's demo world: tables, sessions and sent messages, at the demo's clock. */
export interface DemoStore {
  tables: DemoTables;
  sessions: Map<string, DemoSession>;
  outbox: DemoMessage[];
  /** The demo's clock: the real time unless a test fixes it (as PORTAL_CLOCK does on the server). */
  now(): Date;
}

export function emptyTables(): DemoTables {
  return {
    locations: [],
    products: [],
    members: [],
    memberships: [],
    keys: [],
    chipOrders: [],
    phoneVerifications: [],
    freezePeriods: [],
    paymentMethods: [],
    invoices: [],
    invoiceLines: [],
    payments: [],
    refunds: [],
    clubClosures: [],
    cardCheckouts: [],
    cancellationDeclarations: [],
    checkIns: [],
    referralPromotions: [],
    events: [],
    passwordResetTokens: [],
    highlights: [],
    articles: [],
    ptPackages: [],
    ptTrainers: [],
    ptPurchases: [],
    ptBookings: [],
  };
}
