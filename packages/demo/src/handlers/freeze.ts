import { freezeCreation, freezePolicyView, freezeRemoval, freezeUpdate } from '@portal/domain';
import { defineHandlers } from '../handler.ts';
import { applyChange } from '../membership/change.ts';
import { loadMembershipState } from '../membership/state.ts';

// The freeze calls on the demo's tables: the rules are domain's (freezeChanges.ts, ADR 028),
// which the server's freeze service writes too.

export const freezeHandlers = defineHandlers({
  freezePolicy: ({ store, auth }) => freezePolicyView(loadMembershipState(store, auth.memberId)),

  createFreeze: ({ store, auth, body }) => {
    const state = loadMembershipState(store, auth.memberId);
    const { answer, change } = freezeCreation(state, body.freeze_period, crypto.randomUUID());
    applyChange(store, state, change);
    return answer;
  },

  updateFreeze: ({ store, auth, params, body }) => {
    const state = loadMembershipState(store, auth.memberId);
    const { answer, change } = freezeUpdate(state, params.id, body.freeze_period);
    applyChange(store, state, change);
    return answer;
  },

  deleteFreeze: ({ store, auth, params }) => {
    const state = loadMembershipState(store, auth.memberId);
    applyChange(store, state, freezeRemoval(state, params.id));
    return undefined;
  },
});
