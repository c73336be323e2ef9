import { boot } from '../app/boot.tsx';
import { DemoRoot } from './DemoRoot.tsx';
import { demoOperator } from './state.ts';
import { startWorker } from './worker.ts';

/**
 * main.tsx of the demo build: the mock service worker first (no call may reach the
 * network), then the portal as main.tsx starts it, for the operator picked in this tab.
 * Service workers stay registered: the demo's own is one of them.
 */
export async function startDemo(): Promise<void> {
  await startWorker();
  await boot(demoOperator.get(), () => <DemoRoot />);
}
