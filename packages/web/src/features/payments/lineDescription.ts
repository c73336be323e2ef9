import type { Invoice, InvoiceLine } from '@portal/contract';
import type { TFunction } from 'i18next';

/** The system concept of a personal-training package (docs/personal-training.md). */
const PT_PACKAGE = 'pt_package';

/**
 * What an invoice line is, in the language on screen: by its type (the stored concept is
 * the billing system's English), except a PT package, which is named as it was bought
 * ("Personal Training: 5er-Paket"): its type alone ("Add-on") would not say what it is.
 */
export function lineDescription(line: InvoiceLine, t: TFunction): string {
  if (line.system_concept === PT_PACKAGE) return t('invoice.ptPackage', { name: line.human_concept });
  return t(`invoice.lineType.${line.product_type}`, { defaultValue: line.human_concept });
}

/**
 * What an invoice without a period is for, where the list of invoices should say it: a PT
 * package (an invoice with a period is for those days of club use, which the period says).
 */
export function invoiceSubject(invoice: Invoice, t: TFunction): string | null {
  const line = invoice.lines.find((l) => l.system_concept === PT_PACKAGE);
  return line ? lineDescription(line, t) : null;
}
