import type { Invoice, Membership } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useLoadedMembership } from '../../lib/membership.ts';
import { sepaMandateQuery } from './sepa/queries.ts';

/**
 * How the open amount of the unpaid notices gets paid (docs/payments.md, "The unpaid
 * notices"): `card` — a new card is charged for it; `next_debit` — the member pays by
 * direct debit and the invoices wait for the next debit run; `debit_returned` — the member
 * pays by direct debit, but the bank returned a debit of the current mandate, and a returned
 * debit is not collected again until the member signs a mandate anew. Each way can also pay
 * now by card ("Pay now").
 */
export type OpenAmountWay = 'card' | 'next_debit' | 'debit_returned';

const isDebit = (membership: Membership) => membership.current_payment_method?.type === 'sepa_direct_debit';

const returnedPayments = (unpaid: readonly Invoice[]) =>
  unpaid.flatMap((invoice) => invoice.payments.filter((p) => p.status === 'returned'));

/**
 * The way for a member and their unpaid invoices. A debit returned before the current
 * mandate was signed is queued again by that mandate; `mandateSignedAt` null means not known
 * (yet), and then any returned debit counts.
 */
export function openAmountWay(
  membership: Membership,
  unpaid: readonly Invoice[],
  mandateSignedAt: string | null,
): OpenAmountWay {
  if (!isDebit(membership)) return 'card';
  const returned = returnedPayments(unpaid).filter(
    (p) => mandateSignedAt === null || Date.parse(p.created_at) >= Date.parse(mandateSignedAt),
  );
  return returned.length > 0 ? 'debit_returned' : 'next_debit';
}

/** The way for the signed-in member; it asks for the mandate only when a debit was returned. */
export function useOpenAmountWay(unpaid: readonly Invoice[]): OpenAmountWay {
  const membership = useLoadedMembership();
  const needsMandate = isDebit(membership) && returnedPayments(unpaid).length > 0;
  const mandate = useQuery({ ...sepaMandateQuery(), enabled: needsMandate });
  const signedAt = mandate.data?.mandate?.signed_at ?? null;
  return openAmountWay(membership, unpaid, signedAt);
}
