import type { GdprRequest } from '@portal/contract';
import { consentMail, languageOf } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { sendMemberMail } from '../membership/notifications.ts';
import { loadMembershipState } from '../membership/state.ts';

import * as repo from './repository.ts';

export function createConsentsService(deps: AppDeps) {
  const { db, clock, mailer } = deps;

  return {
    /**
     * Gives or withdraws the marketing consent, in any status. Sending the value the member
     * already has changes nothing: no new date, event or e-mail (a repeated click is harmless).
     */
    async setMarketing(auth: AuthContext, { gdpr_opt_in }: GdprRequest): Promise<void> {
      await db.transaction(async (tx) => {
        // The membership row lock serialises this with every other change of the member.
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        if (state.member.gdprOptIn === gdpr_opt_in) return;
        const now = clock.now();
        await repo.setMarketingConsent(tx, state.member.id, gdpr_opt_in, now);
        await logMembershipChange(tx, clock, state, gdpr_opt_in ? 'consent_given' : 'consent_withdrawn', {
          consent: 'marketing',
          gdpr_opt_in,
        });
        const mail = consentMail[languageOf(state.member.locale)][gdpr_opt_in ? 'given' : 'withdrawn'];
        await sendMemberMail(tx, mailer, state.member, state.operator, mail);
      });
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
