import { ApiError } from '@portal/contract';
import { bookingWindow, PT_NOT_AVAILABLE, ptStatusErrors, ptTexts, signPtToken } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { localizedRefusal } from '../membership/refusals.ts';
import { loadMembershipState } from '../membership/state.ts';
import { DEMO_PT_WIDGET_KEY, PT_SANDBOX_BASE } from '../pt-sandbox/answers.ts';

export const ptHandlers = defineHandlers({
  /**
   * POST /v1/pt/widget_session as the server outside production: the sandbox provider (in
   * the demo answered in the browser too), a token signed with the demo's public key.
   */
  ptWidgetSession: async ({ store, auth, body }) => {
    const state = loadMembershipState(store, auth.memberId);
    if (!state.operator.ptEnabled) throw new ApiError(404, [PT_NOT_AVAILABLE]);
    const errors = ptStatusErrors(state.status, state.facts);
    if (errors.length) throw localizedRefusal(ptTexts, state.member.locale, errors);
    const { widget } = body;
    const { token, expiresAt } = await signPtToken(
      DEMO_PT_WIDGET_KEY,
      {
        sub: state.member.id,
        op: state.operator.id,
        club: state.membership.locationId,
        wid: widget,
        loc: state.member.locale,
        ...(widget === 'booking' ? { win: bookingWindow(state.status, state.facts, state.today) } : {}),
      },
      store.now(),
    );
    return { widget, script_url: `${PT_SANDBOX_BASE}/widget.js`, token, expires_at: expiresAt.toISOString() };
  },
});
