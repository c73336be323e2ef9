/**
 * Two constants of the contract, repeated here so the login page does not pull the whole
 * contract (and zod) into its first chunk. constants.test.ts checks they stay equal.
 */
export const PASSWORD_CHECK_FAILED = 'password check failed';
export const MIN_PASSWORD_LENGTH = 3;
