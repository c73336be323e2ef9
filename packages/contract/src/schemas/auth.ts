import { z } from 'zod/mini';
import { PASSWORD_INPUT_MAX } from '../constants.ts';
import { IsoDateTime, Locale, OperatorId } from './common.ts';

export const AuthenticateRequest = z.strictObject({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
  operator_id: OperatorId,
});
export type AuthenticateRequest = z.infer<typeof AuthenticateRequest>;

export const AuthenticateResponse = z.object({ token: z.string(), expires_at: IsoDateTime });
export type AuthenticateResponse = z.infer<typeof AuthenticateResponse>;

export const ResetRequest = z.strictObject({
  operator_id: OperatorId,
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  /** Where the portal runs; the server only uses it when the operator allows that origin. */
  url: z.string().check(z.maxLength(2000)),
  locale: Locale,
});
export type ResetRequest = z.infer<typeof ResetRequest>;

export const UpdatePasswordRequest = z.strictObject({
  operator_id: OperatorId,
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_INPUT_MAX)),
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequest>;
