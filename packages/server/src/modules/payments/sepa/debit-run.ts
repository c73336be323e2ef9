import type { OperatorId } from '@portal/contract';
import { sepaReturnReasonText } from '@portal/domain';
import { and, asc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Clock } from '../../../clock.ts';
import type { Db, Executor } from '../../../db/executor.ts';
import { invoices, paymentMethods, payments, sepaCollections, sepaMandates } from '../../../db/schema.ts';
import { randomBytes, randomUUID, toHex } from '../../../platform/crypto.ts';
import { logMembershipChange } from '../../membership/changes.ts';
import { lockMemberships } from '../../membership/repository.ts';
import { loadMembershipState } from '../../membership/state.ts';

/*
 * Finance's debit run and the bank's returns (docs/payments.md "SEPA direct debit",
 * ADR 040), environment-neutral: the Node commands (sepa-export.ts, sepa-return.ts) write
 * and read the files.
 */

export interface DueDebit {
  collectionId: string;
  invoiceId: string;
  invoiceNumber: string;
  endToEndId: string;
  amount: number;
  currency: string;
  sequenceType: 'FRST' | 'RCUR';
  mandateReference: string;
  signedOn: string;
  iban: string;
  accountHolder: string;
}

export interface DebitRun {
  messageId: string;
  collectionDate: string;
  debits: DueDebit[];
}

/** A member's current mandate: the payment method names it and it has not ended. */
async function currentMandates(ex: Executor, operatorId: OperatorId) {
  return ex
    .select({ mandate: sepaMandates, memberId: paymentMethods.memberId })
    .from(paymentMethods)
    .innerJoin(sepaMandates, eq(sepaMandates.id, paymentMethods.providerToken))
    .where(
      and(
        eq(paymentMethods.provider, 'sepa'),
        isNull(paymentMethods.removedAt),
        isNull(sepaMandates.endedAt),
        eq(sepaMandates.operatorId, operatorId),
      ),
    );
}

/**
 * The members a run may debit: those with a mandate of the operator that has not ended, and
 * those with a collection of the operator queued for `date` or before.
 */
async function membersInRun(ex: Executor, operatorId: OperatorId, date: string): Promise<string[]> {
  const withMandate = await ex
    .select({ memberId: sepaMandates.memberId })
    .from(sepaMandates)
    .where(and(eq(sepaMandates.operatorId, operatorId), isNull(sepaMandates.endedAt)));
  const withQueued = await ex
    .select({ memberId: sepaCollections.memberId })
    .from(sepaCollections)
    .where(
      and(
        eq(sepaCollections.operatorId, operatorId),
        eq(sepaCollections.status, 'queued'),
        lte(sepaCollections.dueOn, date),
      ),
    );
  return [...new Set([...withMandate, ...withQueued].map((r) => r.memberId))];
}

/**
 * Takes every debit due on `date` for the operator into one run, in one transaction: the
 * queued collections (declined invoices a mandate queued) and the scheduled invoices of
 * members paying by direct debit whose date has come. Each becomes `exported` with its
 * sequence type (FRST for a mandate's first debit that was not returned, else RCUR), and
 * its invoice is booked as charged by direct debit with a payment the bank may return.
 * Queued collections whose invoice was paid otherwise, or whose mandate is no longer the
 * member's, are cancelled. The memberships of the members it may debit are locked before
 * their mandates are read, so a member switching to card meanwhile is either in the run
 * before the switch (which then finds the invoice charged) or out of it.
 */
export async function takeDueDebits(
  db: Db,
  clock: Clock,
  operatorId: OperatorId,
  date: string,
): Promise<DebitRun> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const messageId = `${operatorId.toUpperCase()}-${date.replaceAll('-', '')}-${toHex(randomBytes(6)).toUpperCase()}`;
    const locked = new Set(await membersInRun(tx, operatorId, date));
    await lockMemberships(tx, [...locked]);
    // A member who signed a mandate after that list was read waits for the next run.
    const mandates = (await currentMandates(tx, operatorId)).filter((m) => locked.has(m.memberId));
    const byMember = new Map(mandates.map((m) => [m.memberId, m.mandate]));

    // Scheduled invoices now due of members paying by direct debit join the queue.
    if (byMember.size > 0) {
      const scheduled = await tx
        .select()
        .from(invoices)
        .where(
          and(
            inArray(invoices.memberId, [...byMember.keys()]),
            eq(invoices.status, 'scheduled'),
            lte(invoices.invoiceDate, date),
          ),
        );
      for (const invoice of scheduled) {
        await tx
          .insert(sepaCollections)
          .values({
            id: randomUUID(),
            operatorId,
            memberId: invoice.memberId,
            invoiceId: invoice.id,
            mandateId: byMember.get(invoice.memberId)!.id,
            amount: invoice.amount,
            currency: invoice.currency,
            dueOn: invoice.invoiceDate,
            status: 'queued',
            createdAt: now,
          })
          .onConflictDoNothing();
      }
    }

    const queued = await tx
      .select({ collection: sepaCollections, invoice: invoices })
      .from(sepaCollections)
      .innerJoin(invoices, eq(invoices.id, sepaCollections.invoiceId))
      .where(
        and(
          eq(sepaCollections.operatorId, operatorId),
          eq(sepaCollections.status, 'queued'),
          lte(sepaCollections.dueOn, date),
        ),
      )
      .orderBy(asc(sepaCollections.dueOn), asc(invoices.invoiceNumber))
      .for('update');

    const debits: DueDebit[] = [];
    const firstUsed = new Set<string>();
    for (const { collection, invoice } of queued) {
      if (!locked.has(collection.memberId)) continue;
      const mandate = byMember.get(collection.memberId);
      const open = invoice.status === 'declined' || invoice.status === 'scheduled';
      if (!open || !mandate || mandate.id !== collection.mandateId) {
        await tx
          .update(sepaCollections)
          .set({ status: 'cancelled' })
          .where(eq(sepaCollections.id, collection.id));
        continue;
      }
      const earlier = await tx
        .select({ id: sepaCollections.id })
        .from(sepaCollections)
        .where(
          and(
            eq(sepaCollections.mandateId, mandate.id),
            eq(sepaCollections.status, 'exported'),
            ne(sepaCollections.id, collection.id),
          ),
        )
        .limit(1);
      const sequenceType = earlier.length > 0 || firstUsed.has(mandate.id) ? 'RCUR' : 'FRST';
      firstUsed.add(mandate.id);
      const endToEndId = `${messageId}-${debits.length + 1}`;
      await tx
        .update(sepaCollections)
        .set({ status: 'exported', sequenceType, messageId, endToEndId, exportedAt: now })
        .where(eq(sepaCollections.id, collection.id));
      await tx
        .update(invoices)
        .set({
          status: 'charged',
          paymentMethodType: 'sepa_direct_debit',
          paymentMethodDetails: mandate.ibanMasked,
        })
        .where(eq(invoices.id, invoice.id));
      await tx.insert(payments).values({
        id: randomUUID(),
        invoiceId: invoice.id,
        status: 'captured',
        amount: collection.amount,
        providerReference: endToEndId,
        createdAt: now,
      });
      debits.push({
        collectionId: collection.id,
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        endToEndId,
        amount: collection.amount,
        currency: collection.currency,
        sequenceType,
        mandateReference: mandate.reference,
        signedOn: mandate.signedOn,
        iban: mandate.iban,
        accountHolder: mandate.accountHolder,
      });
    }
    return { messageId, collectionDate: date, debits };
  });
}

export interface BankReturn {
  endToEndId: string;
  reason: string;
}

export type ReturnOutcome = { endToEndId: string; outcome: 'returned' | 'unknown' | 'already_returned' };

/**
 * The bank's returns: each names the debit (end-to-end id) and a reason code (AC04, MD06 …).
 * The debit's invoice becomes declined again, which raises the member's payment alert; its
 * payment is marked returned and the event log names the reason. One transaction per
 * return, under the member's membership lock (ADR 033); a return read twice changes nothing.
 */
export async function importBankReturns(
  db: Db,
  clock: Clock,
  operatorId: OperatorId,
  returns: readonly BankReturn[],
): Promise<ReturnOutcome[]> {
  const outcomes: ReturnOutcome[] = [];
  for (const r of returns) {
    const outcome = await db.transaction(async (tx): Promise<ReturnOutcome['outcome']> => {
      const [found] = await tx
        .select()
        .from(sepaCollections)
        .where(and(eq(sepaCollections.endToEndId, r.endToEndId), eq(sepaCollections.operatorId, operatorId)))
        .limit(1);
      if (!found) return 'unknown';
      const state = await loadMembershipState(tx, found.memberId, clock, { forUpdate: true });
      const [collection] = await tx
        .update(sepaCollections)
        .set({ status: 'returned', returnReason: r.reason, returnedAt: clock.now() })
        .where(and(eq(sepaCollections.id, found.id), eq(sepaCollections.status, 'exported')))
        .returning();
      if (!collection) return 'already_returned';
      await tx
        .update(invoices)
        .set({ status: 'declined' })
        .where(and(eq(invoices.id, collection.invoiceId), eq(invoices.status, 'charged')));
      await tx
        .update(payments)
        .set({ status: 'returned' })
        .where(
          and(eq(payments.invoiceId, collection.invoiceId), eq(payments.providerReference, r.endToEndId)),
        );
      await logMembershipChange(
        tx,
        clock,
        state,
        'sepa_debit_returned',
        {
          invoice_id: collection.invoiceId,
          end_to_end_id: r.endToEndId,
          reason_code: r.reason,
          reason: sepaReturnReasonText(r.reason),
        },
        'failure',
      );
      return 'returned';
    });
    outcomes.push({ endToEndId: r.endToEndId, outcome });
  }
  return outcomes;
}
