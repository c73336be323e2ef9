import { notFound } from '@portal/contract';
import {
  assembleDataExport,
  exportAddresses,
  formatDateTimeIn,
  languageOf,
  localizedItem,
  memberMail,
  newPasswordProblem,
  normalizePassword,
  passwordChangedMail,
  passwordRefusals,
} from '@portal/domain';
import { ApiError } from '@portal/contract';
import { defineHandlers } from '../handler.ts';
import { demoPasswordHash, demoPasswordMatches } from '../password.ts';
import type { DemoStore } from '../store.ts';
import { logMembershipChange } from '../membership/events.ts';
import { sendMessage } from '../membership/outbox.ts';
import { loadMembershipState } from '../membership/state.ts';

// Ports of the server's modules/account (password.ts, data-export.ts) onto the demo's tables.

const refuse = (locale: string, type: string, field: string) =>
  new ApiError(422, [localizedItem(passwordRefusals, { type, context: { field } }, languageOf(locale))]);

const byCreated = <T extends { createdAt: Date }>(a: T, b: T) =>
  a.createdAt.getTime() - b.createdAt.getTime();
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The member's rows of every table, each list in the server's export order. */
function exportRows(store: DemoStore, memberId: string, sessionId: string) {
  const t = store.tables;
  const member = t.members.find((m) => m.id === memberId);
  if (!member) throw notFound('No member.');
  const { passwordHash: _secret, ...memberColumns } = member;
  const locationName = (id: string) => t.locations.find((l) => l.id === id)?.name;
  const memberships = t.memberships
    .filter((m) => m.memberId === memberId)
    .sort(byCreated)
    .map((m) => ({ ...m, locationName: locationName(m.locationId) }));
  const membershipIds = new Set(memberships.map((m) => m.id));
  const invoices = t.invoices
    .filter((i) => i.memberId === memberId)
    .sort((a, b) => byText(a.invoiceDate, b.invoiceDate) || byText(a.invoiceNumber, b.invoiceNumber));
  const invoiceIds = new Set(invoices.map((i) => i.id));
  // Whether another member of the operator holds the address (the outbox knows addresses only).
  const others = t.members.filter((m) => m.operatorId === member.operatorId && m.id !== member.id);
  const shared = {
    email: others.some((o) => o.email.toLowerCase() === member.email.toLowerCase()),
    mobile: others.some(
      (o) => o.mobilePrefix === member.mobilePrefix && o.mobileNumber === member.mobileNumber,
    ),
  };
  const addresses = new Set(exportAddresses(member, shared).map((a) => a.toLowerCase()));
  const operatorOf = (id: string | null) => t.members.find((m) => m.id === id)?.operatorId;
  const messages = store.outbox
    .map((m, index) => ({ m, index }))
    .filter(
      ({ m }) =>
        addresses.has(m.to.toLowerCase()) &&
        m.createdAt >= member.createdAt &&
        (m.memberId === null || operatorOf(m.memberId) === member.operatorId),
    )
    .sort((a, b) => b.m.createdAt.getTime() - a.m.createdAt.getTime() || b.index - a.index)
    // Nothing leaves the demo: no message is ever sent.
    .map(({ m }) => ({
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      body: m.body,
      createdAt: m.createdAt,
      sentAt: null,
    }));
  const sessions = [...store.sessions.entries()]
    .filter(([, s]) => s.memberId === memberId)
    .map(([id, s]) => ({
      id,
      createdAt: s.createdAt ?? null,
      expiresAt: s.expiresAt ?? null,
      revokedAt: null,
    }));
  return assembleDataExport({
    now: store.now(),
    member: memberColumns,
    memberships,
    keys: t.keys
      .filter((k) => membershipIds.has(k.membershipId))
      .sort((a, b) => byText(a.validFrom, b.validFrom)),
    chipOrders: t.chipOrders.filter((o) => membershipIds.has(o.membershipId)).sort(byCreated),
    freezePeriods: t.freezePeriods
      .filter((f) => membershipIds.has(f.membershipId))
      .sort((a, b) => byText(a.beginDate, b.beginDate)),
    paymentMethods: t.paymentMethods
      .filter((p) => p.memberId === memberId)
      .sort(byCreated)
      .map(({ providerToken: _token, fingerprint: _fingerprint, ...columns }) => columns),
    invoices,
    invoiceLines: t.invoiceLines
      .filter((l) => invoiceIds.has(l.invoiceId))
      .sort((a, b) => a.position - b.position),
    payments: t.payments.filter((p) => invoiceIds.has(p.invoiceId)).sort(byCreated),
    refunds: t.refunds.filter((r) => r.memberId === memberId).sort(byCreated),
    checkIns: t.checkIns
      .filter((c) => c.memberId === memberId)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((c) => ({
        at: c.at,
        locationId: c.locationId,
        locationName: locationName(c.locationId),
        checkInId: c.checkInId,
        keyId: c.keyId,
        receivedAt: c.receivedAt,
      })),
    events: t.events
      .filter((e) => e.memberId === memberId)
      .sort(byCreated)
      .map(({ id, membershipId, action, status, details, createdAt }) => ({
        id,
        membershipId,
        action,
        status,
        details,
        createdAt,
      })),
    messages,
    phoneVerifications: t.phoneVerifications
      .filter((v) => v.memberId === memberId)
      .sort(byCreated)
      .map(({ mobile, attempts, createdAt, expiresAt, usedAt }) => ({
        mobile,
        attempts,
        createdAt,
        expiresAt,
        usedAt,
      })),
    sessions,
    currentSessionId: sessionId,
    passwordResets: t.passwordResetTokens
      .filter((r) => r.memberId === memberId)
      .sort(byCreated)
      .map(({ createdAt, expiresAt, usedAt }) => ({ createdAt, expiresAt, usedAt })),
  });
}

export const accountHandlers = defineHandlers({
  /**
   * A new password for the signed-in member, given the current one (see password.ts for how
   * the demo keeps it). Every other session of the member ends; this one stays.
   */
  async changePassword({ store, auth, body }) {
    const state = loadMembershipState(store, auth.memberId);
    const { member } = state;
    if (!(await demoPasswordMatches(member.passwordHash, body.current_password))) {
      throw refuse(member.locale, 'invalid_current_password', 'current_password');
    }
    if (normalizePassword(body.new_password) === normalizePassword(body.current_password)) {
      throw refuse(member.locale, 'password_unchanged', 'new_password');
    }
    // The length rule only: the breached-password list stays on the server (docs/demo.md).
    const problem = newPasswordProblem(body.new_password, 'new_password', () => false);
    if (problem)
      throw new ApiError(422, [localizedItem(passwordRefusals, problem, languageOf(member.locale))]);
    const now = store.now();
    const passwordHash = await demoPasswordHash(normalizePassword(body.new_password));
    Object.assign(member, { passwordHash, updatedAt: now });
    // Outstanding reset links stop working, as on the server.
    for (const t of store.tables.passwordResetTokens) {
      if (t.memberId === member.id && t.usedAt === null) t.usedAt = now;
    }
    let ended = 0;
    for (const [id, session] of store.sessions) {
      if (session.memberId === member.id && id !== auth.sessionId) {
        store.sessions.delete(id);
        ended += 1;
      }
    }
    logMembershipChange(store, state, 'password_changed', { other_sessions_ended: ended });
    const at = formatDateTimeIn(now, member.locale, state.operator.timezone);
    const mail = passwordChangedMail[languageOf(member.locale)]({
      at,
      supportEmail: state.operator.supportEmail,
    });
    sendMessage(store, state.operator, member.id, {
      to: member.email,
      ...memberMail(state.operator.brand, member, mail),
    });
  },

  /** The member's signed-in devices, as the server's modules/account/sessions.ts: this one first. */
  sessions({ store, auth }) {
    const now = store.now();
    const current = store.sessions.get(auth.sessionId)?.id;
    return [...store.sessions.values()]
      .filter((s) => s.memberId === auth.memberId && s.id && !(s.expiresAt && s.expiresAt <= now))
      .map((s) => {
        const created = s.createdAt ?? now;
        return {
          id: s.id as string,
          created_at: created.toISOString(),
          last_seen_at: (s.lastSeenAt ?? created).toISOString(),
          device: s.device ?? null,
          current: s.id === current,
        };
      })
      .sort(
        (a, b) =>
          Number(b.current) - Number(a.current) ||
          byText(b.last_seen_at, a.last_seen_at) ||
          byText(b.created_at, a.created_at) ||
          byText(a.id, b.id),
      );
  },

  /** 404 alike for an unknown id, another member's session and one that already ended. */
  endSession({ store, auth, params }) {
    for (const [token, s] of store.sessions) {
      if (s.memberId === auth.memberId && s.id === params.id) {
        store.sessions.delete(token);
        return;
      }
    }
    throw notFound('No such session.');
  },

  endOtherSessions({ store, auth }) {
    for (const [token, s] of store.sessions) {
      if (s.memberId === auth.memberId && token !== auth.sessionId) store.sessions.delete(token);
    }
  },

  /** Everything the demo holds about the member; the export itself is logged first, as on the server. */
  exportData({ store, auth }) {
    const state = loadMembershipState(store, auth.memberId);
    logMembershipChange(store, state, 'data_export', { format_version: 1 });
    return exportRows(store, auth.memberId, auth.sessionId);
  },
});
