import { lazy, Suspense, useState } from 'react';
import { useOperator } from '../../lib/operator.ts';

// The widget's code is a chunk of its own: operators without PT never load it, and home's
// first chunk stays within its budget (docs/performance.md).
const HomePtSection = lazy(() => import('./HomePtSection.tsx').then((m) => ({ default: m.HomePtSection })));

/**
 * Home's PT package buy widget, only where the operator has PT (the same
 * flag as the menu's offers and pt items). Left out when the portal refuses PT to this
 * member: home is no place to explain why; /offers does.
 */
export function HomePtOffers() {
  const operator = useOperator();
  const [refused, setRefused] = useState(false);
  if (!operator.ptEnabled || refused) return null;
  return (
    <Suspense fallback={null}>
      <HomePtSection onRefused={() => setRefused(true)} />
    </Suspense>
  );
}
