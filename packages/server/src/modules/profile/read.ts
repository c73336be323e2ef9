import type { Profile } from '@portal/contract';
import type { MemberRow } from '../membership/repository.ts';

/** The member's row as the contract's Profile (spec section 3). */
export function profileOf(
  member: Pick<
    MemberRow,
    | 'firstName'
    | 'lastName'
    | 'gender'
    | 'birthdate'
    | 'email'
    | 'street'
    | 'postalCode'
    | 'postalLocation'
    | 'country'
    | 'mobilePrefix'
    | 'mobileNumber'
    | 'gdprOptIn'
  >,
): Profile {
  return {
    first_name: member.firstName,
    last_name: member.lastName,
    gender: member.gender,
    birthdate: member.birthdate,
    email: member.email,
    address: {
      street: member.street,
      postal_code: member.postalCode,
      postal_location: member.postalLocation,
      country: member.country,
    },
    mobile: { prefix: member.mobilePrefix, number: member.mobileNumber },
    gdpr_opt_in: member.gdprOptIn,
  };
}
