import { z } from 'zod';
import { PASSWORD_INPUT_MAX } from '../constants.ts';
import { IsoDateTime, Locale, OperatorId } from './common.ts';

export const AuthenticateRequest = z
  .object({
    username: z.string().trim().min(1).max(200),
    password: z.string().min(1).max(200),
    operator_id: OperatorId,
  })
  .strict();
export type AuthenticateRequest = z.infer<typeof AuthenticateRequest>;

export const AuthenticateResponse = z.object({ token: z.string(), expires_at: IsoDateTime });
export type AuthenticateResponse = z.infer<typeof AuthenticateResponse>;

export const ResetRequest = z
  .object({
    operator_id: OperatorId,
    username: z.string().trim().min(1).max(200),
    /** Where the portal runs; the server only uses it when the operator allows that origin. */
    url: z.string().max(2000),
    locale: Locale,
  })
  .strict();
export type ResetRequest = z.infer<typeof ResetRequest>;

export const UpdatePasswordRequest = z
  .object({
    operator_id: OperatorId,
    token: z.string().min(1).max(200),
    password: z.string().min(1).max(PASSWORD_INPUT_MAX),
  })
  .strict();
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequest>;
