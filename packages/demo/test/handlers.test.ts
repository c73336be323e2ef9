import { type EndpointName, endpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { handlers } from '../src/handlers/index.ts';

const names = Object.keys(endpoints) as EndpointName[];

describe('the demo handlers', () => {
  it('answer only calls of the contract', () => {
    expect(Object.keys(handlers).filter((name) => !(name in endpoints))).toEqual([]);
  });

  // The Handlers type says so too; this catches a handler lost at run time (a spread
  // dropped from handlers/index.ts under a cast).
  it('cover every endpoint of the contract', () => {
    const missing = names.filter((name) => !(name in handlers));
    expect(missing, `no demo handler for: ${missing.join(', ')}`).toEqual([]);
    for (const name of names) expect(typeof handlers[name], name).toBe('function');
  });
});
