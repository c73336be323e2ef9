import { type OperatorId, PublicCancellationRequest } from '@portal/contract';
import { z } from 'zod/mini';
import {
  addMessage,
  checkDeclaration,
  checkWithContract,
  type DeclarationValues,
  declarationBody,
  declarationDefaults,
  type FieldMessages,
  reportMessages,
} from '../declaration/declarationForm.ts';

/** How the member identifies the membership: its number or the e-mail address it has. */
export type IdentifyBy = 'membership_number' | 'email';

export interface PublicFormValues extends DeclarationValues {
  first_name: string;
  last_name: string;
  identify_by: IdentifyBy;
  membership_number: string;
  email: string;
  /** The honeypot. */
  website: string;
}

/** The fields the form shows, in the order of the page (a 400 names them). */
export const PUBLIC_FIELDS = [
  'reason',
  'first_name',
  'last_name',
  'membership_number',
  'email',
  'effective_date',
  'confirmation_email',
] as const;

export function publicDefaults(): PublicFormValues {
  return {
    ...declarationDefaults(),
    first_name: '',
    last_name: '',
    identify_by: 'membership_number',
    membership_number: '',
    email: '',
    website: '',
  };
}

/** The body the form sends, before the contract trims and lowercases it. */
export function publicBody(values: PublicFormValues, operatorId: OperatorId, locale: string) {
  return {
    operator_id: operatorId,
    locale,
    ...declarationBody(values),
    first_name: values.first_name,
    last_name: values.last_name,
    ...(values.identify_by === 'membership_number'
      ? { membership_number: values.membership_number }
      : { email: values.email }),
    contract: 'membership' as const,
    ...(values.website ? { website: values.website.slice(0, 200) } : {}),
  };
}

/** Every message of the form: what the page requires first, then the contract's checks. */
export function publicMessages(
  values: PublicFormValues,
  operatorId: OperatorId,
  locale: string,
  today: string,
): FieldMessages {
  const messages: FieldMessages = new Map();
  if (values.first_name.trim() === '') addMessage(messages, 'first_name', 'firstName');
  if (values.last_name.trim() === '') addMessage(messages, 'last_name', 'lastName');
  if (values.identify_by === 'membership_number' && values.membership_number.trim() === '')
    addMessage(messages, 'membership_number', 'number');
  if (values.identify_by === 'email' && values.email.trim() === '') addMessage(messages, 'email', 'email');
  checkDeclaration(values, today, messages);
  checkWithContract(
    PublicCancellationRequest,
    publicBody(values, operatorId, locale),
    PUBLIC_FIELDS,
    messages,
  );
  return messages;
}

/** The form's schema for react-hook-form; its messages are catalogue keys. */
export function publicFormSchema(operatorId: OperatorId, locale: string, today: string) {
  return z
    .object({
      kind: z.enum(['ordinary', 'extraordinary']),
      reason: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      identify_by: z.enum(['membership_number', 'email']),
      membership_number: z.string(),
      email: z.string(),
      effective: z.enum(['earliest', 'date']),
      effective_date: z.string(),
      confirmation_email: z.string(),
      website: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => reportMessages(publicMessages(values, operatorId, locale, today), ctx)),
    );
}
