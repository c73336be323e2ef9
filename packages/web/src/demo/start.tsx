import { getOperator } from '@portal/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, initialLocale } from '../lib/i18n.ts';
import { captureAccessToken, session } from '../lib/session.ts';
import { applyTheme } from '../lib/theme.ts';
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
  captureAccessToken();
  const operator = getOperator(demoOperator.get());
  const signedIn = session.token !== null;
  await Promise.all([
    applyTheme(operator.id),
    initI18n(initialLocale(operator), undefined, signedIn ? 'full' : 'public'),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <DemoRoot />
    </StrictMode>,
  );
}
