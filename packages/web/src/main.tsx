import { App } from './app/App.tsx';
import { boot } from './app/boot.tsx';
import { detectOperator } from './lib/operator.ts';
import { unregisterServiceWorkers } from './lib/session.ts';
import './styles/global.css';

if (import.meta.env.MODE === 'demo') {
  // The demo build (docs/demo.md): its API answers in the browser. The production build
  // drops this branch and everything it imports.
  void import('./demo/start.tsx').then((demo) => demo.startDemo());
} else {
  void unregisterServiceWorkers();
  void boot(detectOperator(), (operator) => <App operator={operator} />);
}
