import { useEffect, useRef } from 'react';

/**
 * A heading that takes focus when `key` changes (and on mount with `onMount`), so a member
 * coming back to a step starts at its title. A hidden heading cannot take focus.
 */
export function useFocusOnChange(key: number, onMount = false) {
  const ref = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows `key` only.
  useEffect(() => {
    if (mounted.current || onMount) ref.current?.focus();
    mounted.current = true;
  }, [key]);
  return ref;
}
