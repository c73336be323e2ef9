export { createDemo, type Demo, type DemoOptions } from './demo.ts';
export type { DemoAnswer } from './respond.ts';
export { handlers } from './handlers/index.ts';
export type { DemoMessage, DemoStore, DemoTables } from './store.ts';
export * from './data/seed-data.ts';
export * from './pt-sandbox/index.ts';
export * from './door-keys.ts';
export {
  DEMO_CARD_ROUTE,
  failedResult,
  intoApp,
  registeredResult,
  type SandboxCheckout,
  sandboxCheckout,
  signReturn,
  withReturnParams,
} from './cards/sandbox.ts';
export { type DemoData, type DoorDelivery, demoData, maxFrozenPeriods } from './data/generate.ts';
export {
  ptPackageId,
  ptRows,
  SEEDED_BOOKING_DAYS_AHEAD,
  SEEDED_PT_PACKAGE,
  SEEDED_PURCHASE_DAYS_AGO,
  seededPurchaseRequestId,
} from './data/pt.ts';
export { seedDemo } from './data/seed.ts';
