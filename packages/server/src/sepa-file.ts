import SEPA from 'sepa';
import type { BankReturn, DebitRun } from './modules/payments/sepa/debit-run.ts';
import type { SepaCreditor } from './modules/payments/sepa/config.ts';

/**
 * The debit run as a pain.008.001.02 file (SEPA Core direct debit), written with sepa.js:
 * one payment information block per sequence type (FRST, RCUR), each debit with its
 * mandate reference and date of signature, the group header with the number of debits and
 * their sum (docs/payments.md "SEPA direct debit", ADR 040). Node only: the export command.
 */
export const PAIN_FORMAT = 'pain.008.001.02';

const date = (iso: string) => new Date(`${iso}T12:00:00Z`);
const euros = (minor: number) => Math.round(minor) / 100;

export function painDirectDebitXml(run: DebitRun, creditor: SepaCreditor, now: Date): string {
  if (!creditor.iban) throw new Error('the operator has no collection account (SEPA_CREDITOR_IBAN_<OP>)');
  const doc = new SEPA.Document(PAIN_FORMAT);
  doc.grpHdr.id = run.messageId;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = creditor.creditorName;
  for (const sequenceType of ['FRST', 'RCUR'] as const) {
    const debits = run.debits.filter((d) => d.sequenceType === sequenceType);
    if (debits.length === 0) continue;
    const info = doc.createPaymentInfo();
    info.id = `${run.messageId}-${sequenceType}`;
    info.sequenceType = sequenceType;
    info.localInstrumentation = 'CORE';
    info.collectionDate = date(run.collectionDate);
    info.creditorIBAN = creditor.iban;
    info.creditorName = creditor.creditorName;
    info.creditorId = creditor.creditorId;
    info.batchBooking = true;
    doc.addPaymentInfo(info);
    for (const debit of debits) {
      const tx = info.createTransaction();
      tx.debtorName = debit.accountHolder;
      tx.debtorIBAN = debit.iban;
      tx.mandateId = debit.mandateReference;
      tx.mandateSignatureDate = date(debit.signedOn);
      tx.amount = euros(debit.amount);
      tx.currency = debit.currency;
      tx.remittanceInfo = `Invoice ${debit.invoiceNumber}`;
      tx.end2endId = debit.endToEndId;
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}

const tag = (xml: string, name: string) =>
  new RegExp(`<(?:\\w+:)?${name}>\\s*([^<]*?)\\s*</(?:\\w+:)?${name}>`).exec(xml)?.[1];

/**
 * The returned debits of a bank's file: pain.002 (`TxInfAndSts`) or camt.054 (`TxDtls`)
 * XML, each with the original end-to-end id and the reason code; or CSV lines
 * `end_to_end_id;reason` (a header line is skipped).
 */
export function parseBankReturns(text: string): BankReturn[] {
  if (text.trimStart().startsWith('<')) {
    const blocks = text.match(/<(?:\w+:)?(TxInfAndSts|TxDtls)>[\s\S]*?<\/(?:\w+:)?\1>/g) ?? [];
    return blocks.flatMap((block) => {
      const endToEndId = tag(block, 'OrgnlEndToEndId') ?? tag(block, 'EndToEndId');
      const reason = tag(block, 'Cd') ?? tag(block, 'Prtry');
      return endToEndId && reason ? [{ endToEndId, reason }] : [];
    });
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.split(/[;,]/).map((cell) => cell.trim()))
    .filter(([id, reason]) => id && reason && id !== 'end_to_end_id')
    .map(([endToEndId, reason]) => ({ endToEndId: endToEndId!, reason: reason!.toUpperCase() }));
}
