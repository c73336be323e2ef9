import { setTimeout as sleep } from 'node:timers/promises';
import type { Language, PublicCancellationReceipt, PublicCancellationRequest } from '@portal/contract';
import type { Log } from '../../endpoints/table.ts';
import {
  checkIdentityLimit,
  type DeclarationContent,
  getOperator,
  identityWindowStart,
  languageOf,
  type MailText,
  type OperatorSettings,
  publicDeclarationContent,
  publicDeclarationOutcome,
  type ReceiptContext,
  type ReceiptEnd,
  receiptMail,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { serializeError, type LoggedError } from '../../http/logging.ts';
import { sendMailTo } from '../membership/notifications.ts';
import { applyChange } from '../membership/apply-change.ts';
import { loadMembershipState } from '../membership/state.ts';
import {
  clientIpHash,
  declarationFields,
  identityHash,
  type DeclarationRow,
  insertDeclaration,
  memberMatchedSince,
  newReference,
  recentArrivals,
  settleDeclaration,
} from './declarations.ts';
import { identifyMember } from './identify.ts';

const UNAVAILABLE: Record<Language, (email: string) => string> = {
  en: (email) =>
    `The cancellation form is not available at the moment. Please send your cancellation by e-mail to ${email}.`,
  de: (email) =>
    `Das Kündigungsformular ist gerade nicht verfügbar. Bitte senden Sie Ihre Kündigung per E-Mail an ${email}.`,
  fr: (email) =>
    `Le formulaire de résiliation n’est pas disponible pour le moment. Veuillez envoyer votre résiliation par e-mail à ${email}.`,
  nb: (email) =>
    `Oppsigelsesskjemaet er ikke tilgjengelig akkurat nå. Send oppsigelsen din på e-post til ${email}.`,
  fi: (email) =>
    `Irtisanomislomake ei ole juuri nyt käytettävissä. Lähetä irtisanomisesi sähköpostitse osoitteeseen ${email}.`,
};

/**
 * 503: in production without IP_HASH_KEY the form is off, since client addresses could
 * not be stored under a key every server process shares (docs/operations.md).
 */
const unavailable = (language: Language, supportEmail: string) =>
  new ApiError(503, [
    {
      type: 'public_cancellation_unavailable',
      message: UNAVAILABLE[language](supportEmail),
      context: { support_email: supportEmail },
    },
  ]);

/** An error's kind for the declaration row: its class and the first code on its cause chain. */
function failureKind(error: unknown): string {
  const kind = serializeError(error);
  let code: string | undefined;
  for (let e: LoggedError | undefined = kind; e && !code; e = e.cause) code = e.code;
  return code ? `${kind.type} ${code}` : kind.type;
}

/**
 * § 312k BGB: the cancellation without sign-in (ADR 010). Every declaration is recorded
 * first; one that names exactly one member is applied through the signed-in cancellation's
 * rules. The answer and its timing are the same whatever happened, so the form cannot be
 * used to find out whether someone is a member or when their membership ends.
 */
export function createPublicCancellationService(deps: AppDeps) {
  const { db, clock, mailer, wallClock } = deps;
  const settings = deps.config.publicCancellation;

  /** 429 once the identity sent its share of declarations in the last 24 hours. */
  async function assertIdentityAllowed(identity: string): Promise<number> {
    const now = wallClock();
    const limit = settings.perIdentityPerDay;
    checkIdentityLimit(await recentArrivals(db, identity, identityWindowStart(now), limit), now, limit);
    return now;
  }

  /**
   * Matches and applies (domain publicDeclarationOutcome); says how the receipt may speak of
   * the end, or null when no receipt goes out (the member heard of one today).
   */
  async function resolve(
    tx: Tx,
    declarationId: string,
    input: PublicCancellationRequest,
    content: DeclarationContent,
    ctx: ReceiptContext,
    arrivedAt: number,
  ): Promise<ReceiptEnd | null> {
    const match = await identifyMember(tx, input.operator_id, content);
    if (match.memberId === null) {
      await settleDeclaration(tx, declarationId, { outcome: 'unmatched', outcomeReason: match.reason });
      return { kind: 'earliest' };
    }
    // ADR 006: the membership is locked before its rules are read, and before the member's
    // declarations of the day are counted, so two at once count each other.
    const state = await loadMembershipState(tx, match.memberId, clock, { forUpdate: true });
    const heard = await memberMatchedSince(tx, match.memberId, identityWindowStart(arrivedAt));
    const { settlement, change, end, receipt } = publicDeclarationOutcome(state, input, ctx, heard);
    await applyChange(tx, deps, state, change);
    await settleDeclaration(tx, declarationId, settlement);
    return receipt ? end : null;
  }

  /**
   * The declaration failed inside its transaction, which rolled back: it is recorded again,
   * as `failed` with the error's kind, in a transaction of its own, and confirmed as one
   * that named nobody is, so the sender sees what every sender sees. Should that fail too,
   * the error answers (5xx); it depends on what was sent, never on whom it named.
   */
  async function recordFailure(
    row: Omit<DeclarationRow, 'id'>,
    error: unknown,
    receipt: { operator: OperatorSettings; to: string; mail: () => MailText } | null,
    log: Log,
  ): Promise<void> {
    const declaration = { reference: row.reference };
    log.error({ err: error, declaration }, 'public cancellation failed');
    try {
      await db.transaction(async (tx) => {
        await insertDeclaration(tx, { ...row, outcome: 'failed', outcomeReason: failureKind(error) });
        if (receipt) await sendMailTo(tx, mailer, receipt.operator, receipt.to, receipt.mail());
      });
    } catch (again) {
      log.error({ err: again, declaration }, 'public cancellation not recorded');
      throw again;
    }
  }

  /** Everything after the declaration is read, in one transaction; a failure is recorded. */
  async function receive(
    input: PublicCancellationRequest,
    ip: string,
    log: Log,
  ): Promise<PublicCancellationReceipt> {
    const operator = getOperator(input.operator_id);
    if (!operator.publicCancellation) throw notFound('This operator has no cancellation form.');
    const ipHashKey = settings.ipHashKey;
    if (!ipHashKey) throw unavailable(languageOf(input.locale), operator.supportEmail);
    const content = publicDeclarationContent(input);
    const identity = identityHash(input.operator_id, content);
    const arrivedAt = await assertIdentityAllowed(identity);
    const receivedAt = clock.now();
    const reference = newReference(input.operator_id);
    const automated = Boolean(input.website?.trim());
    const row = {
      ...declarationFields(input.operator_id, input.locale, content),
      reference,
      source: 'public',
      website: input.website ?? null,
      receivedAt,
      arrivedAt: new Date(arrivedAt),
      clientIpHash: clientIpHash(ip, ipHashKey),
      outcome: automated ? 'automated' : 'unmatched',
      outcomeReason: automated ? 'honeypot' : null,
    } satisfies Omit<DeclarationRow, 'id'>;
    const ctx: ReceiptContext = {
      language: languageOf(input.locale),
      locale: input.locale,
      timezone: operator.timezone,
      receivedAt,
      reference,
    };

    try {
      await db.transaction(async (tx) => {
        // Recorded before anything is matched or decided, so no declaration is ever lost.
        const id = await insertDeclaration(tx, row);
        // A filled honeypot gets no e-mail: the form must not mail whatever address a bot enters.
        if (automated) return;
        const end = await resolve(tx, id, input, content, ctx, arrivedAt);
        if (end)
          await sendMailTo(tx, mailer, operator, input.confirmation_email, receiptMail(ctx, content, end));
      });
    } catch (error) {
      // Whatever failed (a value the database refuses, a rule that throws, a lost lock),
      // possibly only for a member: the sender must not be able to tell (docs/security.md, R1).
      const receipt = automated
        ? null
        : {
            operator,
            to: input.confirmation_email,
            mail: () => receiptMail(ctx, content, { kind: 'earliest' }),
          };
      await recordFailure(row, error, receipt, log);
    }
    return { reference, received_at: receivedAt.toISOString(), contract: input.contract, ...content };
  }

  return {
    /**
     * Every answer, the receipt or an error, takes at least the minimum time from the
     * moment the service got the request (ADR 010).
     */
    async submit(input: PublicCancellationRequest, ip: string, log: Log): Promise<PublicCancellationReceipt> {
      const started = performance.now();
      try {
        return await receive(input, ip, log);
      } finally {
        // A timer may fire a fraction of a millisecond early: wait until the minimum has passed.
        const rest = () => settings.minResponseMs - (performance.now() - started);
        while (rest() > 0) await sleep(Math.ceil(rest()));
      }
    },
  };
}

export type PublicCancellationService = ReturnType<typeof createPublicCancellationService>;
