import { ComingSoon } from '../../components/ComingSoon.tsx';

export function ReferralPage() {
  return <ComingSoon />;
}
