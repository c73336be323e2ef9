/** Resolves after `ms` milliseconds: the timers every host has (Node, browsers, workers). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the work queued now (I/O callbacks, the answer being written) had its turn:
 * setImmediate where there is one (Node), else a zero timeout.
 */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) =>
    typeof globalThis.setImmediate === 'function' ? globalThis.setImmediate(resolve) : setTimeout(resolve, 0),
  );

/** `setInterval` that does not keep a Node process alive (unref); elsewhere a plain interval. */
export function backgroundInterval(run: () => void, ms: number): ReturnType<typeof setInterval> {
  const timer = setInterval(run, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
