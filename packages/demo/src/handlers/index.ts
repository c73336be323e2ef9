import type { Handlers } from '../handler.ts';
import { cancellationHandlers } from './cancellation.ts';
import { freezeHandlers } from './freeze.ts';
import { cardsHandlers } from './cards.ts';
import { paymentsHandlers } from './payments.ts';

/**
 * Every contract call's demo handler, one file per area as on the server
 * (`modules/<area>`). test/handlers.test.ts checks that none is missing.
 */
export const handlers: Partial<Handlers> = {
  ...freezeHandlers,
  ...cancellationHandlers,
  ...paymentsHandlers,
  ...cardsHandlers,
};
