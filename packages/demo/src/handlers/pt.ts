import { ApiError } from '@portal/contract';
import { PT_NOT_AVAILABLE, ptWidgetClaims, signPtToken } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { loadMembershipState } from '../membership/state.ts';
import { PT_SANDBOX_BASE } from '@portal/contract';
import { DEMO_PT_WIDGET_KEY } from '@portal/demo-data';

export const ptHandlers = defineHandlers({
  /**
   * POST /v1/pt/widget_session as the server outside production: the sandbox provider (in
   * the demo answered in the browser too), a token signed with the demo's public key.
   */
  ptWidgetSession: async ({ store, auth, body }) => {
    const state = loadMembershipState(store, auth.memberId);
    if (!state.operator.ptEnabled) throw new ApiError(404, [PT_NOT_AVAILABLE]);
    const { widget } = body;
    const claims = ptWidgetClaims(state, widget);
    const { token, expiresAt } = await signPtToken(DEMO_PT_WIDGET_KEY, claims, store.now());
    return { widget, frame_url: `${PT_SANDBOX_BASE}/frame.html`, token, expires_at: expiresAt.toISOString() };
  },
});
