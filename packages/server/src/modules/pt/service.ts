import type { PtWidgetKind, PtWidgetSession } from '@portal/contract';
import { PT_NOT_AVAILABLE, PT_UNAVAILABLE, ptWidgetClaims, signPtToken } from '@portal/domain';
import { providerBase } from '../../adapters/pt/config.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { loadMembershipState } from '../membership/state.ts';

/** 404: the operator has no PT (docs/operators.md), so the widgets do not exist for its members. */
export const ptNotAvailable = () => new ApiError(404, [PT_NOT_AVAILABLE]);

/** 503: PT is offered but no provider (or no token key) is configured here. */
export const ptUnavailable = () => new ApiError(503, [PT_UNAVAILABLE]);

export function createPtService(deps: AppDeps) {
  const { db, clock, config } = deps;

  return {
    /**
     * POST /v1/pt/widget_session: a token signed for this member, club and widget (10
     * minutes) and where the operator's provider has its frame page (ADR 032). Opening a widget changes
     * nothing, so nothing is locked or logged here (the page logs the view).
     */
    async widgetSession(auth: AuthContext, widget: PtWidgetKind): Promise<PtWidgetSession> {
      const state = await loadMembershipState(db, auth, clock);
      if (!state.operator.ptEnabled) throw ptNotAvailable();
      const base = providerBase(config.pt, state.operator.id);
      const secret = config.pt.secret;
      if (!base || !secret) throw ptUnavailable();
      const claims = ptWidgetClaims(state, widget);
      const { token, expiresAt } = await signPtToken(secret, claims, clock.now());
      return { widget, frame_url: `${base}/frame.html`, token, expires_at: expiresAt.toISOString() };
    },
  };
}

export type PtService = ReturnType<typeof createPtService>;
