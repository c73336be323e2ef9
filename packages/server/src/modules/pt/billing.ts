import type { Language } from '@portal/contract';
import { ptStatusErrors, ptTexts } from '@portal/domain';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import type { Localized } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { scheduleCharge } from '../membership/billing.ts';
import { logMembershipChange } from '../membership/changes.ts';
import { localizedRefusal } from '../membership/localized-refusal.ts';
import { loadMembershipState } from '../membership/state.ts';

export interface PtPackageSale {
  /** The provider's purchase id (the invoice line's product id). */
  purchaseId: string;
  packageId: string;
  name: Localized<string>;
  sessions: number;
  /** Gross, minor units. */
  amount: number;
  currency: string;
  /**
   * The language the member bought in (the widget's): the invoice line names the package as
   * the member saw it, and a refusal is written in it.
   */
  language: Language;
}

/**
 * The portal's side of a PT package purchase, inside the purchase's transaction: locks the
 * membership (ADR 006), re-checks that the operator has PT and the status may buy, then
 * bills the package today as a one-line invoice (add_on_fee, system concept pt_package,
 * the package's name in the language bought in, no period: a package is sessions, not days
 * of club use) and logs it. Returns the invoice's id.
 */
export async function billPtPackage(
  tx: Executor,
  clock: Clock,
  memberId: string,
  sale: PtPackageSale,
): Promise<string> {
  const state = await loadMembershipState(tx, memberId, clock, { forUpdate: true });
  if (!state.operator.ptEnabled) throw notFound('Personal training is not offered here.');
  const errors = ptStatusErrors(state.status, state.facts);
  if (errors.length) throw localizedRefusal(ptTexts, sale.language, errors);
  if (sale.currency !== state.operator.currency) {
    throw new Error(
      `PT package ${sale.packageId} is priced in ${sale.currency}, not ${state.operator.currency}`,
    );
  }
  const invoiceId = await scheduleCharge(tx, {
    memberId,
    operator: state.operator,
    invoiceDate: state.today,
    amount: sale.amount,
    type: 'add_on_fee',
    systemConcept: 'pt_package',
    productId: sale.purchaseId,
    concept: sale.name[sale.language] ?? sale.name.en,
    period: null,
    createdAt: clock.now(),
  });
  await logMembershipChange(tx, clock, state, 'pt_package_purchased', {
    purchase_id: sale.purchaseId,
    package_id: sale.packageId,
    sessions: sale.sessions,
    amount: sale.amount,
    invoice_id: invoiceId,
  });
  return invoiceId;
}
