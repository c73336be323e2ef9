import { getOperator } from '@portal/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n, initialLocale } from './lib/i18n.ts';
import { detectOperator } from './lib/operator.ts';
import { captureAccessToken, session, unregisterServiceWorkers } from './lib/session.ts';
import { applyTheme } from './lib/theme.ts';
import './styles/global.css';

async function start() {
  void unregisterServiceWorkers();
  captureAccessToken();
  const operator = getOperator(detectOperator());
  const signedIn = session.token !== null;
  // Signed in: the shell's chunk and the whole catalogue load at once, alongside the theme.
  if (signedIn) void import('./app/shell/LoggedInApp.tsx');
  await Promise.all([
    applyTheme(operator.id),
    initI18n(initialLocale(operator), undefined, signedIn ? 'full' : 'public'),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <StrictMode>
      <App operator={operator} />
    </StrictMode>,
  );
}

if (import.meta.env.MODE === 'demo') {
  // The demo build (docs/demo.md): its API answers in the browser. The production build
  // drops this branch and everything it imports.
  void import('./demo/start.tsx').then((demo) => demo.startDemo());
} else {
  void start();
}
