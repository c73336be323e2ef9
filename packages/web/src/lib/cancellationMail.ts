import type { Membership } from '@portal/contract';
import type { TFunction } from 'i18next';

/**
 * The mailto address of a cancellation by e-mail (where the operator takes it that way): a
 * subject and a text that name the member's number, in the member's language, so the
 * member only has to send it (docs/membership-rules.md).
 */
export function cancellationMailto(
  t: TFunction,
  email: string,
  membership: Pick<Membership, 'membership_number' | 'profile'>,
): string {
  const values = {
    number: membership.membership_number,
    name: `${membership.profile.first_name} ${membership.profile.last_name}`.trim(),
  };
  const subject = encodeURIComponent(t('cancellation.email.subject', values));
  const body = encodeURIComponent(t('cancellation.email.body', values));
  return `mailto:${email}?subject=${subject}&body=${body}`;
}
