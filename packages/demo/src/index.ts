export { createDemoHost, type DemoHost, type DemoHostOptions } from './host.ts';
export { DEMO_CARD_ROUTE } from './routes.ts';
export type {
  CardSandboxPage,
  DemoAnswer,
  DemoMessage,
  DemoPage,
  DemoRequest,
  DemoStep,
  DemoWorkerApi,
} from './wire.ts';
