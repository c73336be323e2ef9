import { type ReactNode, useDeferredValue } from 'react';

/**
 * The lower sections of a page, rendered just after the first: React renders them in a
 * transition, which it splits into short tasks, so the top of the page is on screen and
 * answers input without waiting for them (docs/performance.md). They mount in the same
 * moment, without a network wait: put only what starts below the first screen in here, so
 * that nothing visible moves when it arrives.
 */
export function Later({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
}
