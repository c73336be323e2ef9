import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareFormatters } from './format.ts';

/** Intl with its date and number formatters counted: each construction is listed in `made`. */
function countedIntl(made: string[]): typeof Intl {
  const counted = <C extends object>(name: string, formatter: C) =>
    new Proxy(formatter, {
      construct(target, args) {
        made.push(`${name} ${JSON.stringify(args)}`);
        return Reflect.construct(target as new (...a: unknown[]) => object, args);
      },
    });
  return Object.assign(Object.create(Intl), {
    DateTimeFormat: counted('date', Intl.DateTimeFormat),
    NumberFormat: counted('number', Intl.NumberFormat),
  });
}

describe('prepareFormatters', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('builds the first date, timezone and money formatters later, one task each', () => {
    vi.useFakeTimers();
    const made: string[] = [];
    vi.stubGlobal('Intl', countedIntl(made));
    // A locale, currency and timezone no other test formats with, so none is cached yet.
    prepareFormatters('fr-CH', 'CHF', 'Europe/Zurich');
    expect(made).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(made).toEqual(['date ["fr-CH",{"dateStyle":"long","timeZone":"UTC"}]']);
    vi.advanceTimersToNextTimer();
    expect(made).toHaveLength(2);
    expect(made[1]).toContain('"timeZone":"Europe/Zurich"');
    vi.advanceTimersToNextTimer();
    expect(made[2]).toBe('number ["fr-CH",{"style":"currency","currency":"CHF"}]');
    expect(vi.getTimerCount()).toBe(0);
  });
});
