import type { RequestHandler } from 'msw';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { DEMO_CARD_ROUTE } from '@portal/demo';
import { ptSandboxHandlers } from './pt/handlers.ts';
import { ptSandboxResponse } from './pt/sandbox.ts';
import { demoApi } from './state.ts';

/**
 * An extra page of the demo build at `#<path>` (a react-router pattern, e.g.
 * `/demo/card-sandbox`): shown instead of the portal, with the demo ribbon, as a page of
 * another site would be (the card provider's sandbox). It reads its query from the hash.
 */
export interface DemoRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * What the demo adds beside the contract's calls, one line per addition: the card
 * provider's sandbox page (card/, helper D5) and the PT provider's widget script and API
 * (pt/, helper D6). Pages are lazy, so none loads until it is opened.
 */
export const demoRoutes: DemoRoute[] = [
  {
    path: `${DEMO_CARD_ROUTE}/:provider/:checkoutId`,
    component: lazy(() => import('./card/CardSandboxRoute.tsx')),
  },
];

/** MSW handlers for addresses outside the contract (e.g. `*\/api/dev/pt/*`). */
export const demoMswHandlers: RequestHandler[] = [
  ...ptSandboxHandlers((request) => ptSandboxResponse(request, demoApi.ptSandbox)),
];
