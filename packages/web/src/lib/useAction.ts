import { useCallback, useRef, useState } from 'react';

export interface ActionState<T> {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * A small async action for the logged-out screens (which do not load TanStack Query):
 * ignores repeated runs while one is pending and keeps the last result or error.
 */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>) {
  const [state, setState] = useState<ActionState<T>>({
    isPending: false,
    isSuccess: false,
    error: null,
    data: undefined,
  });
  const pending = useRef(false);
  const run = useCallback(
    async (...args: A) => {
      if (pending.current) return;
      pending.current = true;
      setState({ isPending: true, isSuccess: false, error: null, data: undefined });
      try {
        const data = await action(...args);
        setState({ isPending: false, isSuccess: true, error: null, data });
      } catch (error) {
        setState({ isPending: false, isSuccess: false, error, data: undefined });
      } finally {
        pending.current = false;
      }
    },
    [action],
  );
  return { ...state, isError: state.error !== null, run };
}
