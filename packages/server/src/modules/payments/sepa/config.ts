import type { OperatorId } from '@portal/contract';
import { getOperator, isSepaText, operatorIds } from '@portal/domain';
import { z } from 'zod';
import { type AreaSchema, operatorVariable, perOperator, problem, trimmed, variable } from '../../../env.ts';

/**
 * The SEPA creditor of each operator that offers direct debit (docs/payments.md "SEPA
 * direct debit"): its creditor identifier and the name debits carry. Outside production
 * an operator without them uses demo values; in production it has none, and its mandate
 * calls answer 503 (the start log says so).
 */
export interface SepaCreditor {
  creditorId: string;
  creditorName: string;
  /** The operator's own account the debits are paid into (the export's creditor account). */
  iban: string | null;
  demo: boolean;
}

export type SepaSettings = Partial<Record<OperatorId, SepaCreditor>>;

/** The creditor identifier's form: country, check digits, business code, national id. */
const CREDITOR_ID = /^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/;

/** Demo creditors (the German Bundesbank's published test identifier and its Austrian form). */
const DEMO_CREDITORS: Partial<Record<OperatorId, Omit<SepaCreditor, 'demo'>>> = {
  de: {
    creditorId: 'DE98ZZZ09999999999',
    creditorName: 'Stride Fitness Deutschland GmbH',
    iban: 'DE02120300000000202051',
  },
  at: {
    creditorId: 'AT61ZZZ01234567890',
    creditorName: 'Stride Fitness Oesterreich GmbH',
    iban: 'AT611904300234573201',
  },
};

export const sepaOperators = () =>
  operatorIds.filter((op) => getOperator(op).paymentMethods.includes('sepa_direct_debit'));

const sepaVariables = () => ({
  ...perOperator('SEPA_CREDITOR_ID_', () =>
    variable(
      'a SEPA creditor identifier, e.g. DE98ZZZ09999999999',
      z.string().trim().toUpperCase().regex(CREDITOR_ID),
    ),
  ),
  ...perOperator('SEPA_CREDITOR_NAME_', () =>
    variable(
      '1 to 70 characters of the SEPA character set',
      z
        .string()
        .trim()
        .refine((v) => isSepaText(v, 70)),
    ),
  ),
  ...perOperator('SEPA_CREDITOR_IBAN_', () => trimmed()),
});

export function sepaSchema(production: boolean): AreaSchema<SepaSettings> {
  return z
    .object(sepaVariables())
    .superRefine((env, ctx) => {
      for (const op of operatorIds) {
        const id = env[operatorVariable('SEPA_CREDITOR_ID_', op)];
        if (id && !sepaOperators().includes(op))
          problem(
            ctx,
            operatorVariable('SEPA_CREDITOR_ID_', op),
            'is set for an operator without direct debit',
          );
      }
    })
    .transform((env): SepaSettings => {
      const settings: SepaSettings = {};
      for (const op of sepaOperators()) {
        const creditorId = env[operatorVariable('SEPA_CREDITOR_ID_', op)];
        const name = env[operatorVariable('SEPA_CREDITOR_NAME_', op)];
        const iban = env[operatorVariable('SEPA_CREDITOR_IBAN_', op)] ?? null;
        if (creditorId) {
          settings[op] = { creditorId, creditorName: name ?? getOperator(op).name, iban, demo: false };
        } else if (!production && DEMO_CREDITORS[op]) {
          settings[op] = { ...DEMO_CREDITORS[op], demo: true };
        }
      }
      return settings;
    });
}
