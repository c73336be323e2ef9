import { ComingSoon } from '../../components/ComingSoon.tsx';

/** /membership/cancellation and its steps: a later issue. */
export function CancellationPage() {
  return <ComingSoon />;
}
