import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /membership overview (status card, chip, club, profile, consents …): a later issue. */
export function MembershipPage() {
  return <ComingSoon />;
}

/** /membership/:page: freeze, chip, profile, consents and the generic title pages. */
export function MembershipSubPage() {
  return <ComingSoon />;
}
