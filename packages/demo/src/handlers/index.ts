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
import { contactHandlers } from './contact.ts';
import { contentHandlers } from './content.ts';
import { ptHandlers } from './pt.ts';
import { referralHandlers } from './referral.ts';
import { workoutsHandlers } from './workouts.ts';
import { cardsHandlers } from './cards.ts';
import { paymentsHandlers } from './payments.ts';

/**
 * Every contract call's demo handler, one file per area as on the server
 * (`modules/<area>`). The type requires one for every endpoint; test/handlers.test.ts checks
 * it at run time too.
 */
export const handlers: Handlers = {
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
  ...workoutsHandlers,
  ...contentHandlers,
  ...contactHandlers,
  ...referralHandlers,
  ...ptHandlers,
  ...paymentsHandlers,
  ...cardsHandlers,
};
