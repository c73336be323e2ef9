import type { OperatorId } from '@portal/contract';
import { normalizeMembershipNumber, normalizeName } from './identity.ts';

/** Who a cancellation declaration names, as the public form and the receipt carry it. */
export interface NamedPerson {
  first_name: string;
  last_name: string;
  membership_number: string | null;
  email: string | null;
}

// Crockford's base32 without I, L, O, U: read out on the phone without mix-ups.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A reference such as DE-7K2M-Q9XA from 8 random bytes (the caller's source of
 * randomness: node's on the server, the browser's in the demo), so it says nothing about
 * the declaration.
 */
export function declarationReference(operatorId: OperatorId, random: Uint8Array): string {
  const chars = [...random.slice(0, 8)].map((b) => ALPHABET[b % 32]).join('');
  return `${operatorId.toUpperCase()}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The key of the per-identity limit, before it is hashed: the operator, the normalised
 * name and the membership number or else the e-mail address.
 */
export function declarationIdentityKey(operatorId: OperatorId, person: NamedPerson): string {
  const id = person.membership_number
    ? `n:${normalizeMembershipNumber(person.membership_number)}`
    : `e:${person.email ?? ''}`;
  return [operatorId, normalizeName(person.first_name), normalizeName(person.last_name), id].join('|');
}
