import type { Profile } from '@portal/contract';
import type { members } from '../../db/schema.ts';

/** The member's row as the contract's Profile (spec section 3). */
export function profileOf(member: typeof members.$inferSelect): Profile {
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
