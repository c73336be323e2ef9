import type { Handlers } from '../handler.ts';
import { accessHandlers } from './access.ts';
import { accountHandlers } from './account.ts';
import { clubHandlers } from './club.ts';
import { consentsHandlers } from './consents.ts';
import { profileHandlers } from './profile.ts';
import { authHandlers } from './auth.ts';
import { eventsHandlers } from './events.ts';
import { membershipHandlers } from './membership.ts';
import { cancellationHandlers } from './cancellation.ts';
import { freezeHandlers } from './freeze.ts';
import { cardsHandlers } from './cards.ts';
import { paymentsHandlers } from './payments.ts';

/**
 * Every contract call's demo handler, one file per area as on the server
 * (`modules/<area>`). test/handlers.test.ts checks that none is missing.
 */
export const handlers: Partial<Handlers> = {
  ...profileHandlers,
  ...clubHandlers,
  ...consentsHandlers,
  ...accountHandlers,
  ...accessHandlers,
  ...authHandlers,
  ...membershipHandlers,
  ...eventsHandlers,
  ...freezeHandlers,
  ...cancellationHandlers,
  ...paymentsHandlers,
  ...cardsHandlers,
};
