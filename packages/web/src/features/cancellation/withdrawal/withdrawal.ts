import type { Membership } from '@portal/contract';
import type { IsoDate, OperatorSettings } from '@portal/domain';

/**
 * The withdrawal button shows where the operator offers it (§ 356a BGB, EU 2023/2673) and
 * the server names a last day (`withdrawal_until`, null once the membership has ended) that
 * is not past.
 */
export function withdrawalOpen(
  operator: Pick<OperatorSettings, 'withdrawalButton'>,
  membership: Pick<Membership, 'withdrawal_until'>,
  today: IsoDate,
): boolean {
  const until = membership.withdrawal_until;
  return operator.withdrawalButton && !!until && today <= until;
}
