import type { Handlers } from '../handler.ts';
import { authHandlers } from './auth.ts';
import { eventsHandlers } from './events.ts';
import { membershipHandlers } from './membership.ts';
import { contactHandlers } from './contact.ts';
import { contentHandlers } from './content.ts';
import { ptHandlers } from './pt.ts';
import { referralHandlers } from './referral.ts';
import { workoutsHandlers } from './workouts.ts';
import { cardsHandlers } from './cards.ts';
import { paymentsHandlers } from './payments.ts';

/**
 * Every contract call's demo handler, one file per area as on the server
 * (`modules/<area>`). test/handlers.test.ts checks that none is missing.
 */
export const handlers: Partial<Handlers> = {
  ...authHandlers,
  ...membershipHandlers,
  ...eventsHandlers,
  ...workoutsHandlers,
  ...contentHandlers,
  ...contactHandlers,
  ...referralHandlers,
  ...ptHandlers,
  ...paymentsHandlers,
  ...cardsHandlers,
};
