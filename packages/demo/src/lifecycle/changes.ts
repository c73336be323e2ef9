import { ApiError, type ErrorItem } from '@portal/contract';
import { brandedMail, languageOf, type MailText, type RuleError, ruleErrorItem } from '@portal/domain';
import type { DemoStore } from '../store.ts';
import type { MembershipState } from './state.ts';

/** Domain refusals as error items in the member's language (server: membership/changes.ts). */
export function refusalItems(state: MembershipState, errors: readonly RuleError[]): ErrorItem[] {
  const language = languageOf(state.member.locale);
  return errors.map((e) => ruleErrorItem(e, language));
}

/** A 422 with the refusals of a domain rule. */
export function refusal(state: MembershipState, errors: readonly RuleError[]): ApiError {
  return new ApiError(422, refusalItems(state, errors));
}

/** The event row the server logs for a change of the membership. */
export function logMembershipChange(
  store: DemoStore,
  state: MembershipState,
  action: string,
  details: Record<string, unknown>,
  status: 'in_progress' | 'success' | 'failure' = 'success',
): void {
  store.tables.events.push({
    id: crypto.randomUUID(),
    memberId: state.member.id,
    membershipId: state.membership.id,
    action,
    status,
    details,
    createdAt: store.now(),
  });
}

/**
 * What the server's mailer writes to its outbox, under the operator's brand: the demo
 * shows it instead of sending it. `memberId` says whose messages it belongs to (null: an
 * address the public form was given, not known to be a member's).
 */
export function sendMailTo(
  store: DemoStore,
  operator: { brand: string },
  to: string,
  mail: MailText,
  memberId: string | null,
): void {
  const { subject, text } = brandedMail(operator.brand, mail);
  store.outbox.push({ channel: 'email', to, subject, body: text, memberId, createdAt: store.now() });
}
