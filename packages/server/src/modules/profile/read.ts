/** The member's row as the contract's Profile: a domain rule (the demo reads its rows by it too). */
export { profileOf } from '@portal/domain';
