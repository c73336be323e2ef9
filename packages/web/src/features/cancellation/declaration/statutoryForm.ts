import { CancellationRequest } from '@portal/contract';
import { z } from 'zod/mini';
import {
  checkDeclaration,
  checkWithContract,
  type DeclarationValues,
  declarationBody,
  type FieldMessages,
  reportMessages,
} from './declarationForm.ts';

/** The fields of the signed-in page (the member is known, so no identification). */
export const STATUTORY_FIELDS = ['reason', 'effective_date', 'confirmation_email'] as const;

export function statutoryMessages(values: DeclarationValues, today: string): FieldMessages {
  const messages: FieldMessages = new Map();
  checkDeclaration(values, today, messages);
  checkWithContract(CancellationRequest, declarationBody(values), STATUTORY_FIELDS, messages);
  return messages;
}

export function statutoryFormSchema(today: string) {
  return z
    .object({
      kind: z.enum(['ordinary', 'extraordinary']),
      reason: z.string(),
      effective: z.enum(['earliest', 'date']),
      effective_date: z.string(),
      confirmation_email: z.string(),
    })
    .check(z.superRefine((values, ctx) => reportMessages(statutoryMessages(values, today), ctx)));
}

/** The body of POST /v1/membership/cancellations, trimmed and lowercased by the contract. */
export function statutoryBody(values: DeclarationValues): CancellationRequest {
  return CancellationRequest.parse(declarationBody(values));
}
