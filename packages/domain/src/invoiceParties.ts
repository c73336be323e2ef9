import type { Invoice, Language, OperatorId } from '@portal/contract';
import { languageOf } from './locale.ts';
import { getOperator } from './operators/catalogue.ts';

/** What an invoice prints of the member (the member row's columns). */
export interface InvoiceMember {
  operatorId: string;
  firstName: string;
  lastName: string;
  street: string;
  postalCode: string;
  postalLocation: string;
  locale: string;
}

interface Party {
  identifiers: { label: string; value: string }[];
  /** The identifiers in another of the market's languages (Switzerland's VAT number in French). */
  byLanguage?: Partial<Record<Language, { label: string; value: string }[]>>;
}

/**
 * What each market prints on an invoice about the operator besides its address (in the
 * operator catalogue): the legal identifiers, labelled as that market's law names them.
 * Invoice data only; portal texts live in the web catalogues.
 */
export const invoiceParties: Record<OperatorId, { operator: Party }> = {
  de: {
    operator: {
      identifiers: [
        { label: 'USt-IdNr.', value: 'DE298765432' },
        { label: 'Handelsregister', value: 'HRB 187654 B, Amtsgericht Charlottenburg' },
      ],
    },
  },
  at: {
    operator: {
      identifiers: [
        { label: 'UID-Nr.', value: 'ATU69876543' },
        { label: 'Firmenbuch', value: 'FN 456789 x, Handelsgericht Wien' },
      ],
    },
  },
  ch: {
    operator: {
      identifiers: [{ label: 'MWST-Nr.', value: 'CHE-123.456.789 MWST' }],
      // The Swiss VAT number carries the abbreviation of the invoice's language.
      byLanguage: {
        fr: [{ label: 'N° TVA', value: 'CHE-123.456.789 TVA' }],
        en: [{ label: 'VAT no.', value: 'CHE-123.456.789 VAT' }],
      },
    },
  },
  no: {
    operator: {
      identifiers: [{ label: 'Org.nr.', value: '923 456 789' }],
    },
  },
  fi: {
    operator: {
      identifiers: [{ label: 'Y-tunnus', value: '3123456-7' }],
    },
  },
};

/** The member's number is labelled in the member's own language (a fr-CH member reads French). */
const MEMBER_NUMBER_LABEL: Record<Language, string> = {
  en: 'Member number',
  de: 'Mitgliedsnummer',
  fr: 'N° de membre',
  nb: 'Medlemsnummer',
  fi: 'Jäsennumero',
};

/** The member and the operator as every invoice (and the health-insurance confirmation) names them. */
export function partiesOf(
  member: InvoiceMember,
  membershipNumber: string,
): Pick<Invoice, 'member' | 'operator'> {
  const operatorId = member.operatorId as OperatorId;
  const parties = invoiceParties[operatorId];
  return {
    member: {
      name: `${member.firstName} ${member.lastName}`,
      address_lines: [member.street, `${member.postalCode} ${member.postalLocation}`],
      identifiers: [{ label: MEMBER_NUMBER_LABEL[languageOf(member.locale)], value: membershipNumber }],
    },
    operator: {
      name: getOperator(operatorId).name,
      address_lines: [...getOperator(operatorId).addressLines],
      identifiers: parties.operator.byLanguage?.[languageOf(member.locale)] ?? parties.operator.identifiers,
    },
  };
}
