import { logEvent } from '../../lib/events.ts';

/** Mutation callbacks that log a change's progress (POST /v1/membership/event). */
export function logged(action: string) {
  return {
    onMutate: () => logEvent(action, 'in_progress'),
    onSuccess: () => logEvent(action, 'success'),
    onError: () => logEvent(action, 'failure'),
  };
}
