import type { Membership, OperatorId } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { queryKeys } from '../lib/membership.ts';
import { fakeFetch } from './fakeFetch.ts';
import { membershipFixture } from './fixtures.ts';
import { renderWith, testQueryClient } from './render.tsx';

function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/**
 * Renders one logged-in page at `route` (matched by `path`) with the membership loaded, the
 * API faked (membership, event log and `routes`) and the current path readable through
 * `screen.getByTestId('location')`. /membership renders a stand-in overview.
 */
export function renderMemberPage(
  ui: ReactNode,
  {
    path,
    route = path,
    operator = 'de',
    membership = membershipFixture(),
    routes = {},
    queryClient = testQueryClient(),
    locale = 'en-DE',
  }: {
    path: string;
    route?: string;
    operator?: OperatorId;
    membership?: Membership;
    routes?: Parameters<typeof fakeFetch>[0];
    queryClient?: QueryClient;
    locale?: string;
  },
) {
  queryClient.setQueryData(queryKeys.membership(locale), membership);
  const api = fakeFetch({
    'GET /api/v2/membership': { body: membership },
    'POST /api/v1/membership/event': { status: 204 },
    ...routes,
  });
  const rendered = renderWith(
    <>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="/membership" element={<p>Overview stand-in</p>} />
        <Route path="*" element={<p>Other page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, operator, queryClient },
  );
  return { ...rendered, ...api };
}

/** A 422 answer with one error item (a refusal of docs/portal-screens.md). */
export function refusal(type: string, context?: Record<string, unknown>, message?: string) {
  return {
    status: 422,
    body: {
      status: 422,
      errors: [{ type, ...(message ? { message } : {}), ...(context ? { context } : {}) }],
    },
  };
}
