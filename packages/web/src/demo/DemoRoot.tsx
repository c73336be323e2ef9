import { getOperator } from '@portal/domain';
import { Suspense, useSyncExternalStore } from 'react';
import { matchPath } from 'react-router';
import { App } from '../app/App.tsx';
import { fragmentPath, subscribeToAddress } from '../lib/appAddress.ts';
import { DemoRibbon } from './DemoRibbon.tsx';
import { demoRoutes } from './extensions.ts';
import { demoOperator } from './state.ts';

/**
 * The demo build's page: the portal for the operator picked on the demo's sign-in page
 * (it changes at once, without a reload), or one of the extra pages of extensions.ts;
 * the demo ribbon above either.
 */
export function DemoRoot() {
  const operatorId = useSyncExternalStore(demoOperator.subscribe, demoOperator.get);
  const path = useSyncExternalStore(subscribeToAddress, fragmentPath);
  const extra = demoRoutes.find((route) => matchPath(route.path, path));
  const ribbon = <DemoRibbon />;
  if (extra)
    return (
      <>
        {ribbon}
        <Suspense fallback={null}>
          <extra.component />
        </Suspense>
      </>
    );
  return <App operator={getOperator(operatorId)} banner={ribbon} />;
}
