// The member's row as the contract's Profile: one rule in domain, for the server and the demo.
export { profileOf } from '@portal/domain';
