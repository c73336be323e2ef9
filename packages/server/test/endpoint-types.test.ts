import type { endpoints, Membership } from '@portal/contract';
import { expectTypeOf, it } from 'vitest';
import type { EndpointResult } from '../src/endpoints/table.ts';

// Checked by `npm run typecheck` (tsc), not when Vitest runs: expectTypeOf does nothing at run
// time. A use case's result must have its endpoint's response type, whichever zod API (classic
// or zod/mini, ADR 047) the contract writes its schemas in; `unknown` would let any shape compile.
it('types a use case result by the endpoint response schema', () => {
  expectTypeOf<EndpointResult<typeof endpoints.membership>>().toEqualTypeOf<Membership>();
});
