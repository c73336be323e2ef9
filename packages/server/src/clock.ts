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

export function isMutableClock(clock: Clock): clock is MutableClock {
  return typeof (clock as Partial<MutableClock>).set === 'function';
}

/**
 * The system clock, or the instant PORTAL_CLOCK fixes. With `movable` (outside production)
 * that fixed clock can be moved by the dev clock route (PUT /api/dev/clock), so a browser
 * test can pass an expiry and come back.
 */
export function clockFromConfig(portalClock: string | null, movable = false): Clock {
  if (!portalClock) return systemClock;
  return movable ? mutableClock(portalClock) : fixedClock(portalClock);
}
