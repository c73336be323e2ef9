import type { CancellationKind, Language } from '@portal/contract';
import { type IsoDate, todayIn } from './dates.ts';
import type { RuleError } from './freeze.ts';
import { formatDay, type MailText } from './lifecycleMail.ts';
import { languageOf } from './locale.ts';
import { greeted } from './memberMail.ts';
import { ruleErrorItem } from './membershipRefusals.ts';
import { receiptTexts } from './receiptTexts.ts';
import { withdrawalTexts } from './withdrawalTexts.ts';

/** What a declaration said, as the receipt repeats it. */
export interface DeclarationContent {
  kind: CancellationKind;
  reason: string | null;
  first_name: string;
  last_name: string;
  membership_number: string | null;
  email: string | null;
  effective_date: IsoDate | null;
  confirmation_email: string;
}

/**
 * How the receipt speaks of the end. Only `earliest` may go to an address that is not the
 * one on file: it says nothing about whether or how a membership ends.
 */
export type ReceiptEnd =
  | { kind: 'earliest' }
  | { kind: 'ends'; date: IsoDate }
  | { kind: 'ended'; date: IsoDate }
  | { kind: 'already'; date: IsoDate }
  | { kind: 'refused'; errors: readonly RuleError[] };

export interface ReceiptContext {
  language: Language;
  locale: string;
  timezone: string;
  receivedAt: Date;
  /** The declaration's reference, where one was recorded. */
  reference: string | null;
}

/** Date and time of an instant in the operator's timezone, written as the locale writes them. */
export function formatReceivedAt(instant: Date, locale: string, timezone: string): [string, string] {
  const date = formatDay(todayIn(timezone, instant), locale);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  }).format(instant);
  return [date, time];
}

const receivedParts = (ctx: ReceiptContext) => formatReceivedAt(ctx.receivedAt, ctx.locale, ctx.timezone);

function endLines(ctx: ReceiptContext, end: ReceiptEnd): string[] {
  const t = receiptTexts[ctx.language];
  const day = (date: IsoDate) => formatDay(date, ctx.locale);
  switch (end.kind) {
    case 'earliest':
      return [t.endsAtEarliest];
    case 'ends':
      return [`${t.endsOn(day(end.date))} ${t.reactivate}`];
    case 'ended':
      return [t.endedToday(day(end.date))];
    case 'already':
      return [t.alreadyEnding(day(end.date))];
    case 'refused': {
      const why = end.errors.map((e) => ruleErrorItem(e, ctx.language).message).join(' ');
      return [t.endsAtEarliest, t.refused(why)];
    }
  }
}

/** The confirmation in text form: content, date and time of receipt, and the end. */
export function receiptMail(ctx: ReceiptContext, content: DeclarationContent, end: ReceiptEnd): MailText {
  const t = receiptTexts[ctx.language];
  const [date, time] = receivedParts(ctx);
  // French sets a no-break space before the colon (docs/glossary/fr.md).
  const colon = ctx.language === 'fr' ? '\u00a0: ' : ': ';
  const line = (label: string, value: string | null) => (value ? [`- ${label}${colon}${value}`] : []);
  const effective = content.effective_date
    ? t.effectiveOn(formatDay(content.effective_date, ctx.locale))
    : t.earliest;
  const body = [
    t.receivedAt(date, time),
    ...(ctx.reference ? [t.reference(ctx.reference)] : []),
    '',
    t.received,
    ...line(t.labels.kind, t.kinds[content.kind]),
    ...line(t.labels.reason, content.reason),
    ...line(t.labels.name, `${content.first_name} ${content.last_name}`),
    ...line(t.labels.membershipNumber, content.membership_number),
    ...line(t.labels.email, content.email),
    ...line(t.labels.contract, t.membership),
    ...line(t.labels.effectiveDate, effective),
    ...line(t.labels.confirmationEmail, content.confirmation_email),
    '',
    ...endLines(ctx, end),
    ...(content.kind === 'extraordinary' ? [t.extraordinary] : []),
    '',
    t.keep,
  ];
  return { subject: t.subject, body: greeted(ctx.language, content.first_name, body.join('\n')) };
}

/**
 * The notice to the e-mail on file when a public declaration's confirmation went elsewhere:
 * the member learns of it, with the end date, and can take it back.
 */
export function noticeMail(
  ctx: ReceiptContext,
  firstName: string,
  end: ReceiptEnd,
  support: string,
): MailText {
  const t = receiptTexts[ctx.language];
  const [date, time] = receivedParts(ctx);
  const body = [
    t.noticeIntro(date, time),
    ...(ctx.reference ? [t.reference(ctx.reference)] : []),
    '',
    ...endLines(ctx, end),
    '',
    t.notYou(support),
  ];
  return { subject: t.noticeSubject, body: greeted(ctx.language, firstName, body.join('\n')) };
}

/** What the withdrawal's receipt states (§ 356a BGB): who, when received, the end, the refund. */
export interface WithdrawalReceipt {
  member: { firstName: string; lastName: string; locale: string };
  membershipNumber: string;
  timezone: string;
  receivedAt: Date;
  /** The day the membership ended: the operator's today. */
  endedOn: IsoDate;
  daysUsed: number;
}

/** The withdrawal's receipt in text form, in the member's language. */
export function withdrawalMail(receipt: WithdrawalReceipt): MailText {
  const { member } = receipt;
  const language = languageOf(member.locale);
  const t = withdrawalTexts[language];
  const [date, time] = formatReceivedAt(receipt.receivedAt, member.locale, receipt.timezone);
  const body = [
    t.receivedAt(date, time),
    t.what(receipt.membershipNumber),
    t.ended(formatDay(receipt.endedOn, member.locale)),
    '',
    receipt.daysUsed > 0 ? t.refundUsed(receipt.daysUsed) : t.refundAll,
    '',
    t.keep,
  ];
  return { subject: t.subject, body: greeted(language, member.firstName, body.join('\n')) };
}
