import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /offers: the PT package buy widget (later issue). */
export function OffersPage() {
  return <ComingSoon />;
}

/** /pt: the PT booking widget (later issue). */
export function PtPage() {
  return <ComingSoon />;
}
