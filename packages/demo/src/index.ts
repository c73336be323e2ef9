export { createDemo, type Demo, type DemoOptions } from './demo.ts';
export type { DemoAnswer } from './respond.ts';
export { handlers } from './handlers/index.ts';
export type { DemoMessage, DemoStore, DemoTables } from './store.ts';
export * from './data/seed-data.ts';
export * from './pt-sandbox/index.ts';
export * from './door-keys.ts';
export * from './membership-state.ts';
