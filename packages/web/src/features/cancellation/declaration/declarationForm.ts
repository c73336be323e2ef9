import type { z } from 'zod/mini';

export type Kind = 'ordinary' | 'extraordinary';
export type Effective = 'earliest' | 'date';

/** What a § 312k page asks besides who the member is. */
export interface DeclarationValues {
  kind: Kind;
  reason: string;
  effective: Effective;
  effective_date: string;
  confirmation_email: string;
}

export function declarationDefaults(confirmationEmail = ''): DeclarationValues {
  return {
    kind: 'ordinary',
    reason: '',
    effective: 'earliest',
    effective_date: '',
    confirmation_email: confirmationEmail,
  };
}

/** The declaration's part of a request body: no date means the earliest possible one. */
export function declarationBody(values: DeclarationValues) {
  return {
    kind: values.kind,
    ...(values.kind === 'extraordinary' ? { reason: values.reason } : {}),
    ...(values.effective === 'date' ? { effective_date: values.effective_date } : {}),
    confirmation_email: values.confirmation_email,
  };
}

/** Field name → catalogue key of its message; the first message found for a field wins. */
export type FieldMessages = Map<string, string>;

export const messageKey = (key: string) => `publicCancellation.errors.${key}`;

export function addMessage(messages: FieldMessages, field: string, key: string) {
  if (!messages.has(field)) messages.set(field, messageKey(key));
}

/** The rules the contract leaves to the form: a reason when extraordinary, a date not in the past. */
export function checkDeclaration(values: DeclarationValues, today: string, messages: FieldMessages) {
  if (values.kind === 'extraordinary' && values.reason.trim() === '')
    addMessage(messages, 'reason', 'reason');
  if (values.effective === 'date') {
    if (values.effective_date === '') addMessage(messages, 'effective_date', 'date');
    else if (values.effective_date < today) addMessage(messages, 'effective_date', 'datePast');
  }
  if (values.confirmation_email.trim() === '')
    addMessage(messages, 'confirmation_email', 'confirmationEmail');
}

const EMAIL_FIELDS = new Set(['email', 'confirmation_email']);

/**
 * The contract's own checks (lengths, e-mail and date formats) at the form's fields: the body
 * the form would send is parsed with the endpoint's schema, so form and server agree.
 */
export function checkWithContract(
  schema: z.ZodMiniType,
  body: unknown,
  fields: readonly string[],
  messages: FieldMessages,
) {
  const parsed = schema.safeParse(body);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!fields.includes(field)) continue;
    if (issue.code === 'too_big') addMessage(messages, field, 'tooLong');
    else addMessage(messages, field, EMAIL_FIELDS.has(field) ? 'emailInvalid' : 'invalid');
  }
}

/** The messages as zod issues, for react-hook-form's resolver. */
export function reportMessages(messages: FieldMessages, ctx: z.core.$RefinementCtx) {
  for (const [field, message] of messages) ctx.addIssue({ code: 'custom', path: [field], message });
}

/**
 * A 400 answer names fields as `body.<name>`; those the form shows get their message there,
 * the rest are reported back so the page can say so in general.
 */
export function fieldsOfInvalidRequest(
  errors: readonly { type: string; context?: Record<string, unknown> | undefined }[],
  fields: readonly string[],
): { shown: string[]; other: boolean } {
  const shown: string[] = [];
  let other = false;
  for (const item of errors) {
    const name = String(item.context?.field ?? '').replace(/^body\./, '');
    if (item.type === 'invalid_request' && fields.includes(name)) {
      if (!shown.includes(name)) shown.push(name);
    } else other = true;
  }
  return { shown, other };
}
