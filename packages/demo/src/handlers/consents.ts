import { consentMail, languageOf, memberMail } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { logMembershipChange } from '../membership/events.ts';
import { sendMessage } from '../membership/outbox.ts';
import { loadMembershipState } from '../membership/state.ts';

// A port of the server's modules/consents onto the demo's tables.

export const consentsHandlers = defineHandlers({
  /** Gives or withdraws the marketing consent; the value the member already has changes nothing. */
  updateGdpr({ store, auth, body: { gdpr_opt_in } }) {
    const state = loadMembershipState(store, auth.memberId);
    if (state.member.gdprOptIn === gdpr_opt_in) return;
    const now = store.now();
    Object.assign(state.member, { gdprOptIn: gdpr_opt_in, gdprUpdatedAt: now, updatedAt: now });
    logMembershipChange(store, state, gdpr_opt_in ? 'consent_given' : 'consent_withdrawn', {
      consent: 'marketing',
      gdpr_opt_in,
    });
    const mail = consentMail[languageOf(state.member.locale)][gdpr_opt_in ? 'given' : 'withdrawn'];
    sendMessage(store, state.operator, state.member.id, {
      to: state.member.email,
      ...memberMail(state.operator.brand, state.member, mail),
    });
  },
});
