/** The member's row as the contract's Profile: a domain rule. */
export { profileOf } from '@portal/domain';
