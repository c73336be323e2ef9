/**
 * The server's one clock. Business dates ("today" per operator), sessions, reset tokens
 * and stored timestamps all read it. PORTAL_CLOCK fixes it at one instant.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(instant: string | Date): Clock {
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  return { now: () => new Date(ms) };
}

/** A clock tests can move. */
export interface MutableClock extends Clock {
  set(instant: string | Date): void;
  advance(ms: number): void;
}

export function mutableClock(instant: string | Date): MutableClock {
  let ms = new Date(instant).getTime();
  return {
    now: () => new Date(ms),
    set: (next) => {
      ms = new Date(next).getTime();
    },
    advance: (delta) => {
      ms += delta;
    },
  };
}

export function clockFromConfig(portalClock: string | null): Clock {
  return portalClock ? fixedClock(portalClock) : systemClock;
}
