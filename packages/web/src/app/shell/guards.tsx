import { hasReferral, isMembershipRouteAllowed } from '@portal/domain';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';

/** /membership/:page — a status not allowed for the page redirects to /membership. */
export function MembershipRouteGuard({ page, children }: { page?: string; children: ReactNode }) {
  const params = useParams();
  const membership = useLoadedMembership();
  const name = page ?? params.page ?? '';
  if (!isMembershipRouteAllowed(name, membership.status)) return <Navigate to="/membership" replace />;
  return children;
}

/** /referral — redirects to / for the statuses without referral. */
export function ReferralGuard({ children }: { children: ReactNode }) {
  const membership = useLoadedMembership();
  if (!hasReferral(membership.status)) return <Navigate to="/" replace />;
  return children;
}

/** /offers and /pt exist only where the operator has the PT feature. */
export function PtGuard({ children }: { children: ReactNode }) {
  const operator = useOperator();
  if (!operator.ptEnabled) return <Navigate to="/" replace />;
  return children;
}
