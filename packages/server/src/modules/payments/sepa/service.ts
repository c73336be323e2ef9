import type { SepaMandate, SepaMandateRequest } from '@portal/contract';
import {
  checkSepaIban,
  firstSepaDebitDay,
  formatCalendarDate,
  formatMoney,
  isSepaText,
  languageOf,
  maskIban,
  newMandateReference,
  nextPayment,
  nextSepaDebit,
  type SepaRefusal,
  sepaAccountHolder,
  sepaMandateMail,
  sepaRefusalTexts,
} from '@portal/domain';
import { ApiError, invalidRequest, notFound, ruleViolation } from '@portal/contract';
import type { Executor } from '../../../db/executor.ts';
import type { AppDeps } from '../../../deps.ts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { randomBytes, randomUUID } from '../../../platform/crypto.ts';
import { findCredentials } from '../../account/repository.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { createSignInLimiter } from '../../auth/sign-in-limiter.ts';
import { logMembershipChange } from '../../membership/changes.ts';
import { sendMemberMail } from '../../membership/notifications.ts';
import { loadMembershipState, type MembershipState } from '../../membership/state.ts';
import { checkAllowed } from '../card-checks.ts';
import {
  currentPaymentMethods,
  declinedInvoicesWithPeriod,
  insertPaymentMethod,
  removePaymentMethods,
} from '../card-repository.ts';
import { findScheduledInvoice } from '../repository.ts';
import type { SepaCreditor } from './config.ts';
import * as repo from './repository.ts';

/** Wrong passwords per member and window, shared with the password change (the sign-in window). */
const PASSWORD_TRIES_PER_WINDOW = 5;

export const SEPA_PROVIDER = 'sepa';
export const SEPA_METHOD_TYPE = 'sepa_direct_debit';

function text(state: Pick<MembershipState, 'member'>, type: SepaRefusal): string {
  return sepaRefusalTexts[languageOf(state.member.locale)][type];
}

/**
 * The member's bank account for SEPA direct debit (docs/payments.md "SEPA direct debit",
 * ADR 040): the mandate shown masked, and a new one signed with the current password.
 */
export function createSepaService(deps: AppDeps) {
  const { db, clock, config, passwords, mailer } = deps;
  const limiter = createSignInLimiter(db, config.signInLimits, deps.wallClock, deps.jobs);
  const limitKeys = (memberId: string) => [{ key: `password:${memberId}`, limit: PASSWORD_TRIES_PER_WINDOW }];

  /** The operator offers direct debit and has its creditor (else 422 or 503). */
  function creditorOf(state: MembershipState): SepaCreditor {
    if (!state.operator.paymentMethods.includes('sepa_direct_debit')) {
      throw ruleViolation('payment_method_not_offered', text(state, 'payment_method_not_offered'));
    }
    const creditor = config.sepa[state.operator.id];
    if (!creditor)
      throw new ApiError(503, [{ type: 'sepa_unavailable', message: text(state, 'sepa_unavailable') }]);
    return creditor;
  }

  async function nextDebit(ex: Executor, state: MembershipState) {
    const queued = await repo.queuedInvoiceAmounts(ex, state.member.id);
    const stored = await findScheduledInvoice(ex, state.member.id, state.today);
    const scheduled = nextPayment({
      status: state.status,
      facts: state.facts,
      today: state.today,
      operator: state.operator,
      monthlyFee: state.product.monthlyFee,
      stored,
    });
    return nextSepaDebit(state.today, queued, scheduled);
  }

  async function view(ex: Executor, state: MembershipState, mandate: repo.MandateRow): Promise<SepaMandate> {
    const creditor = creditorOf(state);
    return {
      mandate_reference: mandate.reference,
      creditor_id: mandate.creditorId,
      creditor_name: creditor.creditorName,
      account_holder: mandate.accountHolder,
      iban: mandate.ibanMasked,
      signed_at: mandate.signedAt.toISOString(),
      next_debit: await nextDebit(ex, state),
    };
  }

  /** The checks of the input, each a 400 naming its field in the member's language. */
  function readInput(state: MembershipState, input: SepaMandateRequest) {
    const iban = checkSepaIban(input.iban);
    if (!iban.ok) {
      throw invalidRequest(
        'body.iban',
        text(state, iban.reason === 'not_sepa' ? 'iban_not_sepa' : 'invalid_iban'),
      );
    }
    const holder = sepaAccountHolder(input.account_holder);
    if (!holder) throw invalidRequest('body.account_holder', text(state, 'invalid_account_holder'));
    return { iban: iban.iban, holder };
  }

  async function checkPassword(state: MembershipState, password: string): Promise<string> {
    const keys = limitKeys(state.member.id);
    // Counted before the check, like a sign-in; kept when it fails (docs/security.md, R7).
    const attempt = await limiter.reserve(keys);
    const member = await findCredentials(db, state.member.id);
    if (!member) throw notFound('No member.');
    if (!(await verifyPassword(passwords, member.passwordHash, password))) {
      throw new ApiError(403, [
        {
          type: 'invalid_current_password',
          message: text(state, 'invalid_current_password'),
          context: { field: 'body.password' },
        },
      ]);
    }
    await limiter.release(db, attempt);
    return member.passwordHash;
  }

  return {
    /** GET /v1/membership/sepa_mandate: the mandate in use, or 404 `no_sepa_mandate`. */
    async get(auth: AuthContext): Promise<SepaMandate> {
      const state = await loadMembershipState(db, auth, clock);
      creditorOf(state);
      const mandate = await repo.currentMandate(db, state.member.id);
      if (!mandate) {
        // The creditor goes with it: the portal's mandate form names them before one is signed.
        const creditor = creditorOf(state);
        throw new ApiError(404, [
          {
            type: 'no_sepa_mandate',
            message: 'No SEPA direct debit mandate.',
            context: { creditor_id: creditor.creditorId, creditor_name: creditor.creditorName },
          },
        ]);
      }
      return view(db, state, mandate);
    },

    /**
     * PUT /v1/membership/sepa_mandate: a new mandate for a new bank account. Input and
     * password are checked first; then, under the membership lock, the previous mandate
     * ends, the new one becomes the payment method, declined invoices are queued for the
     * next debit run, and the confirmation with the pre-notification is mailed.
     */
    async change(auth: AuthContext, input: SepaMandateRequest): Promise<SepaMandate> {
      const first = await loadMembershipState(db, auth, clock);
      creditorOf(first);
      checkAllowed(first);
      const { iban, holder } = readInput(first, input);
      await checkPassword(first, input.password);

      return db.transaction(async (tx) => {
        const state = await loadMembershipState(tx, auth, clock, { forUpdate: true });
        const creditor = creditorOf(state);
        checkAllowed(state);
        const now = clock.now();
        const ended = await repo.endMandates(tx, state.member.id, now);
        const mandateId = randomUUID();
        const reference = newMandateReference(state.operator.id, state.today, randomBytes(12));
        if (!isSepaText(reference, 35)) throw new Error('mandate reference outside the SEPA set');
        const masked = maskIban(iban);
        const mandate = {
          id: mandateId,
          memberId: state.member.id,
          operatorId: state.operator.id,
          reference,
          creditorId: creditor.creditorId,
          iban,
          ibanMasked: masked,
          accountHolder: holder,
          signedOn: state.today,
          signedAt: now,
          endedAt: null,
        };
        await repo.insertMandate(tx, mandate);

        const previous = (await currentPaymentMethods(tx, state.member.id)).at(-1);
        await removePaymentMethods(tx, state.member.id, now);
        await insertPaymentMethod(tx, {
          id: randomUUID(),
          memberId: state.member.id,
          provider: SEPA_PROVIDER,
          type: SEPA_METHOD_TYPE,
          brand: '',
          details: masked,
          expire: '',
          providerToken: mandateId,
          fingerprint: null,
          createdAt: now,
        });

        // Declined invoices wait for the next debit run: a debit needs its pre-notification.
        const declined = await declinedInvoicesWithPeriod(tx, state.member.id);
        const open = await repo.invoicesInCollection(
          tx,
          declined.map((i) => i.id),
        );
        const dueOn = firstSepaDebitDay(state.today);
        const queued: string[] = [];
        for (const invoice of declined) {
          const existing = open.get(invoice.id);
          if (existing?.status === 'exported') continue;
          if (existing) await repo.moveCollection(tx, existing.id, mandateId, dueOn);
          else
            await repo.insertCollection(tx, {
              id: randomUUID(),
              operatorId: state.operator.id,
              memberId: state.member.id,
              invoiceId: invoice.id,
              mandateId,
              amount: invoice.amount,
              currency: invoice.currency,
              dueOn,
              status: 'queued',
              createdAt: now,
            });
          queued.push(invoice.id);
        }
        const next = await nextDebit(tx, state);

        await logMembershipChange(tx, clock, state, 'update_payment_method', {
          type: SEPA_METHOD_TYPE,
          mandate_id: mandateId,
          mandate_reference: reference,
          iban: masked,
          previous_type: previous?.type ?? null,
          ended_mandates: ended.length,
          queued_invoices: queued,
        });
        const locale = state.member.locale;
        const mail = sepaMandateMail[languageOf(locale)]({
          creditorName: creditor.creditorName,
          creditorId: creditor.creditorId,
          reference,
          maskedIban: masked,
          accountHolder: holder,
          nextDebit: next
            ? {
                date: formatCalendarDate(next.date, locale),
                amount: formatMoney(next.amount, state.operator.currency, locale),
              }
            : null,
        });
        await sendMemberMail(tx, mailer, state.member, state.operator, mail);
        return view(tx, state, mandate);
      });
    },
  };
}

export type SepaService = ReturnType<typeof createSepaService>;
