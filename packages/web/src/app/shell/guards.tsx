import { hasReferral, isMembershipRouteAllowed } from '@portal/domain';
import { type ReactNode, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useLoadedMembership } from '../../lib/membership.ts';
import { useOperator } from '../../lib/operator.ts';

/**
 * /membership/:page — a status not allowed for the page redirects to /membership. The check
 * is made on entering the page: an action there changes the status (reactivating makes the
 * member active), and the page must stay to show its success.
 */
export function MembershipRouteGuard({ page, children }: { page?: string; children: ReactNode }) {
  const params = useParams();
  const membership = useLoadedMembership();
  const name = page ?? params.page ?? '';
  const allowedNow = isMembershipRouteAllowed(name, membership.status);
  const [entry, setEntry] = useState({ name, allowed: allowedNow });
  if (entry.name !== name) setEntry({ name, allowed: allowedNow });
  const allowed = allowedNow || (entry.name === name && entry.allowed);
  if (!allowed) return <Navigate to="/membership" replace />;
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

/** /classes exists only where the operator offers group classes (docs/classes.md). */
export function ClassesGuard({ children }: { children: ReactNode }) {
  const operator = useOperator();
  if (!operator.classes) return <Navigate to="/" replace />;
  return children;
}
