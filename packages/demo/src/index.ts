export { createDemo, type Demo, type DemoOptions } from './demo.ts';
export type { DemoAnswer } from './respond.ts';
export { handlers } from './handlers/index.ts';
export type { DemoMessage, DemoStore, DemoTables } from './store.ts';
export * from './pt-sandbox/index.ts';
export {
  DEMO_CARD_ROUTE,
  failedResult,
  intoApp,
  registeredResult,
  type SandboxCheckout,
  sandboxCheckout,
  signReturn,
  verifyReturn,
  withReturnParams,
} from './cards/sandbox.ts';
export { seedDemo } from './data/seed.ts';
